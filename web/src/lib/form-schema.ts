import { message } from '@kork/shared';
import { currentLocale } from '../i18n/i18n';
import { ApiError } from './api-client';

/**
 * Forms validate with the same zod schemas as the API (D10, docs/architecture.md). Schema messages are keys of
 * the shared MESSAGES catalogue; they are translated here, when shown. This is the small adapter between
 * a schema and `@mantine/form`: field path → translated message.
 */

interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the adapter needs of a zod (mini) schema; kept structural so the web app needs no zod import. */
export interface FormSchema {
  safeParse(
    input: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

export type FieldErrors = Record<string, string>;

/**
 * A shared message key in the visitor's language, with the bound it carries filled in
 * (`maxCharacters|max=14` → "At most 14 characters"); text that is no key is shown as it is.
 */
export function translateMessage(key: string): string {
  return message(key, currentLocale());
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The translated message of every failing field (the first issue of each). `only` limits the answer to
 * some fields, e.g. those of one registration step. An empty field that fails says "Required", as the
 * API does, rather than the rule it would break once filled in.
 */
export function schemaErrors(schema: FormSchema, values: unknown, only?: readonly string[]): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    const root = String(issue.path[0] ?? '');
    if (only && !only.includes(root)) continue;
    if (errors[field]) continue;
    errors[field] = translateMessage(isEmpty(valueAt(values, issue.path)) ? 'required' : issue.message);
  }
  return errors;
}

/** A `validate` function for `useForm`; `prepare` turns form values into the schema's input. */
export function schemaValidator<Values>(
  schema: FormSchema,
  prepare: (values: Values) => unknown = (values) => values,
): (values: Values) => FieldErrors {
  return (values) => schemaErrors(schema, prepare(values));
}

/** Field messages the API sent back (already in the request's language), for `form.setErrors`. */
export function apiFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? { ...error.fields } : {};
}

/** The message to show for a failed call: the server's own words, or the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : translateMessage('generic');
}
