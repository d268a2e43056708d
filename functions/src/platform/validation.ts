import { type BoundMessage, isMessage, type MessageKey, withBounds } from '@kork/shared';
import type { z } from 'zod/mini';
import { ValidationError } from './errors';

type Schema<T> = z.ZodMiniType<T>;
type Issue = z.core.$ZodIssue;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** A message naming the rule a zod issue broke, with its bound, for schemas that gave no message of their own. */
function ruleOf(issue: Issue): MessageKey | BoundMessage {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return withBounds('maxCharacters', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return withBounds('maxItems', { max });
      if (issue.origin === 'number' || issue.origin === 'int') return withBounds('atMost', { max });
      return 'invalidValue';
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'required' : withBounds('minCharacters', { min });
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? 'required' : withBounds('minItems', { min });
      if (issue.origin === 'number' || issue.origin === 'int') return withBounds('atLeast', { min });
      return 'invalidValue';
    }
    case 'invalid_type':
      if (issue.expected === 'string') return 'mustBeText';
      if (issue.expected === 'number') return 'mustBeNumber';
      if (issue.expected === 'int') return 'mustBeWholeNumber';
      if (issue.expected === 'boolean') return 'mustBeTrueOrFalse';
      return 'invalidValue';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalidValue';
  }
}

/**
 * Parses input with a shared schema. Failures become a ValidationError whose `fields` hold one message
 * per field: a missing value is `required`; a schema's own message is kept, with its bound when it
 * carries one (`maxCharacters|max=14`); an issue without one is named by its rule (`maxCharacters`,
 * `between`, `mustBeNumber`, …), or `invalidValue`.
 */
export function parseWith<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, MessageKey | BoundMessage> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (fields[field]) continue;
    if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) fields[field] = 'required';
    else fields[field] = isMessage(issue.message) ? issue.message : ruleOf(issue);
  }
  throw new ValidationError(fields);
}
