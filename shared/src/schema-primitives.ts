/**
 * The field rules every schema is built from, so that whatever passes a schema can be stored and shown:
 * bounded, clean text; ids of the shapes Kork makes; numbers DynamoDB can hold; years and dates within
 * the ranges below. Every rule's message is a key of MESSAGES, with its bound where it has one
 * (`maxCharacters|max=14` → "At most 14 characters").
 *
 * Ranges (SPEC §3 and §5 give the fields, not their bounds; these are ours, in docs/decisions.md):
 * - a vintage: 1800 to next year (old Madeira and Port reach back to the 1800s);
 * - a drinking window year: 1900 to 100 years from now;
 * - a tasting date: 1900-01-01 to today (a day's grace for time zones east of UTC);
 * - a birth date: 1900-01-01 to today (and at least 18 years ago, a rule of its own);
 * - money: whole minor units from 0 to 1,000,000,000 (10 million kroner), quantities 0 to 1,000,000
 *   bottles, so a wine's cost (bottles × price) stays a safe integer;
 * - percentages and grape shares 0–100, latitude ±90, longitude ±180.
 */
import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { type BoundMessage, type MessageKey, withBounds } from './messages';

// — Predicates —

/** The smallest magnitude DynamoDB stores besides 0 (its numbers run from 1e-130 to 1e126). */
export const DYNAMO_MIN_MAGNITUDE = 1e-130;

/**
 * Whether DynamoDB can store the number as the SDK writes it: finite, within ±2^53 − 1 (lib-dynamodb
 * refuses more) and 0 or at least 1e-130 in magnitude (subnormal numbers such as 5e-324 are refused).
 */
export function isStorableNumber(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const magnitude = Math.abs(value);
  return magnitude <= Number.MAX_SAFE_INTEGER && (magnitude === 0 || magnitude >= DYNAMO_MIN_MAGNITUDE);
}

const LONE_SURROGATE = /[\ud800-\udfff]/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n]/u;

/** A UTF-16 half of a character without its other half: text that cannot be encoded as UTF-8. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** NUL and the other control characters (C0, DEL, C1); tab and newline count as text where `lines` allows them. */
export function hasControlCharacter(value: string, lines = false): boolean {
  return (lines ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);
}

/** Text that can be stored and shown: no control characters (but tab and newline in long text), no broken characters. */
export function isCleanText(value: string, lines = false): boolean {
  return !hasLoneSurrogate(value) && !hasControlCharacter(value, lines);
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today as YYYY-MM-DD in UTC. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function currentYear(now: Date = new Date()): number {
  return now.getUTCFullYear();
}

// — Messages for wrong types —

interface IssueLike {
  input?: unknown;
}

const typeMessage =
  (expected: MessageKey) =>
  (issue: IssueLike): MessageKey =>
    issue.input === undefined ? 'required' : expected;

function numberMessage(issue: IssueLike, outOfRange: MessageKey | BoundMessage): MessageKey | BoundMessage {
  const value = issue.input;
  if (value === undefined) return 'required';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'mustBeNumber';
  if (!Number.isInteger(value)) return 'mustBeWholeNumber';
  return outOfRange;
}

// — Text —

export interface TextOptions {
  /** Fewest characters after trimming; 1 makes the field required ("Required" when empty). */
  min?: number;
  /** Long text: keeps tabs and line breaks (CRLF and CR become LF). */
  lines?: boolean;
}

/**
 * Text as people type it: trimmed, NFC-normalised, at most `max` characters (UTF-16 units, as the
 * browser's maxlength counts), without NUL or other control characters and without broken characters.
 */
export function textField(max: number, { min = 0, lines = false }: TextOptions = {}) {
  return z.string({ error: typeMessage('mustBeText') }).check(
    z.overwrite((value: string) => (lines ? value.replace(/\r\n?/g, '\n') : value)),
    z.trim(),
    z.normalize('NFC'),
    z.refine((value: string) => isCleanText(value, lines), { error: 'invalidCharacters' }),
    z.minLength(min, { error: min <= 1 ? 'required' : withBounds('minCharacters', { min }) }),
    z.maxLength(max, { error: withBounds('maxCharacters', { max }) }),
  );
}

/**
 * A secret as typed (a password): never trimmed or normalised, since it must match what was hashed,
 * but bounded and free of control and broken characters.
 */
export function secretField(max: number, { min = 0 }: { min?: number } = {}) {
  return z.string({ error: typeMessage('mustBeText') }).check(
    z.minLength(min, { error: min <= 1 ? 'required' : withBounds('minCharacters', { min }) }),
    z.maxLength(max, { error: withBounds('maxCharacters', { max }) }),
    z.refine((value: string) => isCleanText(value), { error: 'invalidCharacters' }),
  );
}

/**
 * A token from a link or a provider (verification and reset links, share links, id tokens): letters,
 * digits and `-_.` only, `min` to `max` characters.
 */
export function tokenField(min: number, max: number, error: MessageKey = 'invalidToken') {
  return z
    .string({ error: typeMessage('required') })
    .check(z.minLength(min, { error }), z.maxLength(max, { error }), z.regex(/^[\w.-]*$/, { error }));
}

// — Ids —

/**
 * Ids Kork makes: ULIDs (26 characters: accounts, wines, cellars, notes, locations, categories), the demo
 * accounts' `demo-…` ids, share tokens (22 characters of base64url) and `uncategorized`. Letters, digits,
 * `-` and `_`, at most LIMITS.pathIdMaxLength characters.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ID_MAX_LENGTH = LIMITS.pathIdMaxLength;

export const idField = z
  .string({ error: typeMessage('invalidId') })
  .check(
    z.minLength(1, { error: 'required' }),
    z.maxLength(ID_MAX_LENGTH, { error: 'invalidId' }),
    z.regex(ID_PATTERN, { error: 'invalidId' }),
  );

/** Path parameters that are all ids: `pathIds('id', 'ownWineId')` for `…/users/{id}/own-wines/{ownWineId}`. */
export function pathIds<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, idField])) as Record<K, typeof idField>);
}

// — Checks across fields —

type CrossCheckParams = { error: MessageKey | BoundMessage | string; path?: PropertyKey[] };

/**
 * Whether a check across fields may run: only when every field it reads is valid (and the value is an
 * object at all), so it never meets a broken value ("ab:cd" for a time) and never throws; until then the
 * field's own message is the answer.
 */
function fieldsValid(fields: readonly string[]) {
  return (payload: { issues: readonly { path?: PropertyKey[]; continue?: boolean }[] }) =>
    !payload.issues.some(
      (issue) => issue.continue !== true || !issue.path?.length || fields.includes(String(issue.path[0])),
    );
}

/**
 * A rule across an object's fields (the end after the start, passwords that match), run only once the
 * fields it reads (`fields`) are valid. Every object check in the shared schemas is one of these.
 */
export function crossCheck<T>(
  fields: readonly (keyof T & string)[],
  fn: (value: T) => unknown,
  params: CrossCheckParams,
) {
  return z.refine<T>(fn, { ...params, when: fieldsValid(fields) } as never);
}

/** `crossCheck` for a rule that reports its own issues (several messages, each at its field). */
export function crossSuperCheck<T>(
  fields: readonly (keyof T & string)[],
  fn: Parameters<typeof z.superRefine<T>>[0],
) {
  return z.superRefine<T>(fn, { when: fieldsValid(fields) });
}

// — Media keys —

/**
 * A stored picture's key in the media bucket, as an upload answers it: `users/<account id>/<file name>`,
 * exactly those three parts, of letters, digits, `_`, `-` (and `.` inside the file name). So no `..`
 * or `.` part, no escaped character (`%2e%2e`), no backslash, no leading `/` and no empty part: the key
 * names the one file it says and lies in the folder of the account it names.
 */
const MEDIA_KEY = /^users\/[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

export function isMediaKey(value: string): boolean {
  return MEDIA_KEY.test(value) && !value.includes('..');
}

/** A picture's path as `/img?url=` takes it: one `/`, then a media key (`/users/<id>/<file>`). */
export function isMediaPath(value: string): boolean {
  return value.startsWith('/') && isMediaKey(value.slice(1));
}

/** The account whose folder a media key (or path) lies in; undefined when it is no media key. */
export function mediaKeyOwner(value: string): string | undefined {
  const key = value.startsWith('/') ? value.slice(1) : value;
  return isMediaKey(key) ? key.split('/')[1] : undefined;
}

/** A media key field (`users/<id>/<file>`), at most 300 characters. */
export const mediaKeyField = z
  .string({ error: typeMessage('invalidValue') })
  .check(z.maxLength(300, { error: 'invalidValue' }), z.refine(isMediaKey, { error: 'invalidValue' }));

/** A media path field (`/users/<id>/<file>`), at most 301 characters. */
export const mediaPathField = z
  .string({ error: typeMessage('invalidValue') })
  .check(z.maxLength(301, { error: 'invalidValue' }), z.refine(isMediaPath, { error: 'invalidValue' }));

/** A body that must be empty (a POST that acts on its path alone): `{}` or no body at all. */
export const NoBody = z.strictObject({}, { error: 'unknownField' });

/** A multipart form whose only parts are files: text fields are not read. */
export const NoTextFields = z.object({});

// — Numbers —

/**
 * A number from `min` to `max` inclusive that DynamoDB can store: "Must be between min and max", "Too many
 * decimals" for magnitudes DynamoDB refuses (5e-324). `int` takes whole numbers only.
 */
export function numberField(min: number, max: number, { int = false }: { int?: boolean } = {}) {
  const range = withBounds('between', { min, max });
  const error = (issue: IssueLike) => numberMessage(issue, range);
  return (int ? z.int({ error }) : z.number({ error })).check(
    z.gte(min, { error: range }),
    z.lte(max, { error: range }),
    z.refine(isStorableNumber, { error: 'tooManyDecimals' }),
  );
}

/** Money in whole minor units (øre, cents) of a currency. */
export const MONEY_MAX_MINOR = 1_000_000_000;
/** Bottles of one wine. */
export const QUANTITY_MAX = 1_000_000;

export const moneyField = z
  .int({ error: (issue) => numberMessage(issue, 'amountTooLarge') })
  .check(z.gte(0, { error: 'mustNotBeNegative' }), z.lte(MONEY_MAX_MINOR, { error: 'amountTooLarge' }));

export const quantityField = (min = 0) => numberField(min, QUANTITY_MAX, { int: true });

/** Percent, 0–100, decimals allowed (VAT, a grape's share of the blend, alcohol by volume). */
export const percentageField = numberField(0, 100);

export const latitudeField = numberField(-90, 90);
export const longitudeField = numberField(-180, 180);

// — Years and dates —

export const VINTAGE_MIN = 1800;
export const DRINKING_WINDOW_MIN = 1900;
/** Years a drinking window may reach ahead. */
export const DRINKING_WINDOW_YEARS_AHEAD = 100;
export const EARLIEST_DATE = '1900-01-01';

/**
 * A year from `min` to this year + `ahead`, the upper bound read when the value is checked (a page or
 * function that lives across New Year stays right). 2200 is a fixed outer bound.
 */
export function yearField(min: number, ahead: number) {
  const range = () => withBounds('between', { min, max: currentYear() + ahead });
  return z.int({ error: (issue) => numberMessage(issue, range()) }).check(
    z.gte(min, { error: range }),
    z.refine((value: number) => value <= currentYear() + ahead, { error: range }),
    z.lte(2200, { error: range }),
  );
}

export const vintageField = yearField(VINTAGE_MIN, 1);
export const drinkingWindowYearField = yearField(DRINKING_WINDOW_MIN, DRINKING_WINDOW_YEARS_AHEAD);

export interface DateOptions {
  /** Earliest day, YYYY-MM-DD. */
  min?: string;
  /** Latest day, read when the value is checked; today by default. */
  max?: () => string;
  /** The message for a day outside the range; "Must be a date from … to …" by default. */
  outOfRange?: MessageKey;
}

/** A real calendar day written YYYY-MM-DD within a range ("Invalid date" for anything else). */
export function isoDateField({ min = EARLIEST_DATE, max = () => todayIso(), outOfRange }: DateOptions = {}) {
  const range = () => outOfRange ?? withBounds('dateBetween', { min, max: max() });
  return z.string({ error: typeMessage('invalidDate') }).check(
    z.maxLength(10, { error: 'invalidDate' }),
    z.refine(isIsoDate, { error: 'invalidDate', abort: true }),
    z.refine((value: string) => value >= min && value <= max(), { error: range }),
  );
}

// — Lists —

/**
 * An array of at most `max` items. Its length is checked before any item is read, so a huge array costs
 * one check, not a parse of every item.
 */
export function listField<T extends z.core.SomeType>(
  item: T,
  max: number,
  { min = 0, tooMany = 'maxItems' }: { min?: number; tooMany?: MessageKey } = {},
) {
  const length = z
    .array(z.unknown(), { error: typeMessage('invalidValue') })
    .check(
      z.minLength(min, { error: min <= 1 ? 'required' : withBounds('minItems', { min }) }),
      z.maxLength(max, { error: withBounds(tooMany, { max }) }),
    );
  // Typed as a list of what the items take, so the whole keeps the item's input type.
  return z.pipe(length as unknown as z.ZodMiniType<z.input<T>[], z.input<T>[]>, z.array(item));
}
