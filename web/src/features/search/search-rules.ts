import { GlobalSearchQuery, parseMessage, WineSearchQuery, withBounds } from '@kork/shared';
import { ApiError } from '../../lib/api-client';
import { type FormSchema, schemaErrors, translateMessage } from '../../lib/form-schema';

/**
 * What a search text may be, read from the API's own query schemas (`GlobalSearchQuery.q`,
 * `WineSearchQuery.search`), so the search boxes stop where the API would refuse and say why in the
 * same words; and what to say when the API refused a search anyway.
 */

/** Longer than any text bound a query has: what the schema answers to it names the bound. */
const PROBE_LENGTH = 10_000;

/** The most characters a schema's text `field` takes, as its "At most … characters" rule names it. */
export function textMaxLength(schema: FormSchema, field: string): number | undefined {
  const result = schema.safeParse({ [field]: 'a'.repeat(PROBE_LENGTH) });
  if (result.success) return undefined;
  for (const issue of result.error.issues) {
    if (String(issue.path[0]) !== field) continue;
    const { key, bounds } = parseMessage(issue.message);
    const max = Number(bounds.max);
    if (key === 'maxCharacters' && Number.isInteger(max) && max > 0) return max;
  }
  return undefined;
}

/** The navbar search's bound (`GET /api/search?q=`). */
export const GLOBAL_SEARCH_MAX_LENGTH = textMaxLength(GlobalSearchQuery, 'q');
/** The feed search's bound (`GET /api/wines?search=`). */
export const WINE_SEARCH_MAX_LENGTH = textMaxLength(WineSearchQuery, 'search');

function problemOf(schema: FormSchema, field: string, text: string): string | undefined {
  if (!text.trim()) return undefined;
  return schemaErrors(schema, { [field]: text })[field];
}

/** Why the API would refuse this navbar search ("At most 200 characters"), in the visitor's language. */
export function globalSearchProblem(text: string): string | undefined {
  return problemOf(GlobalSearchQuery, 'q', text);
}

/** Why the API would refuse this feed search, in the visitor's language. */
export function wineSearchProblem(text: string): string | undefined {
  return problemOf(WineSearchQuery, 'search', text);
}

/**
 * The bound, named, once a text has reached it: the field takes no more, and this says why
 * ("At most 200 characters").
 */
export function lengthLimitNote(text: string, max: number | undefined): string | undefined {
  if (max === undefined || text.trim().length < max) return undefined;
  return translateMessage(withBounds('maxCharacters', { max }));
}

/**
 * The API's own words when it refused a search (a 4xx: the text or a filter breaks a rule, or too
 * many requests), already in the request's language: the field messages when it named fields, else
 * its message. `undefined` when the search could not be made at all (5xx, timeout, offline): that is
 * for the screen's own "not available" text.
 */
export function searchRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  const fields = [...new Set(Object.values(error.fields).filter(Boolean))];
  return fields.length > 0 ? fields.join(' · ') : error.message || translateMessage('generic');
}
