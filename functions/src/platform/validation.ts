import type { MessageKey } from '@kork/shared';
import { MESSAGES } from '@kork/shared';
import type { z } from 'zod/mini';
import { ValidationError } from './errors';

type Schema<T> = z.ZodMiniType<T>;

function isMessageKey(value: string): value is MessageKey {
  return value in MESSAGES;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Parses input with a shared schema. Failures become a ValidationError whose `fields` hold one message
 * key per field: a missing value is `required`, a schema's own message key is kept, anything else is
 * `invalidValue`.
 */
export function parseWith<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, MessageKey | string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (fields[field]) continue;
    if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) fields[field] = 'required';
    else fields[field] = isMessageKey(issue.message) ? issue.message : 'invalidValue';
  }
  throw new ValidationError(fields);
}
