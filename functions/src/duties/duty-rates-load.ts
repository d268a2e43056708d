/**
 * Loading a duty rates file into the rates table (the `duty-rates` job and the local seed). A file is
 * checked whole first — `DutyRatesFile`, then `datedRateRows` (two rates of one key on one day) — and a
 * file that fails changes nothing and names every problem found. A file whose rows are the ones already
 * stored is not written again, so loading the same file twice changes nothing.
 */
import { readFile } from 'node:fs/promises';
import { GetObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { DutyRatesFile, datedRateRows, dutyRateKey } from '@kork/shared';
import { optionalEnv } from '../platform/env';
import { s3Client } from '../platform/s3';
import { resetDutyRates } from './duties-service';
import { digestOf, putRateTable, SHIPPED_ORIGIN, shippedRates, storedRateTable } from './duty-rates-store';

/** The key the job reads in the imports bucket; absent, it loads the rates the app ships. */
export const BUCKET_KEY = 'duty-rates.json';

/** A rates file that cannot be loaded, with what is wrong in it, line by line. */
export class DutyRatesFileError extends Error {
  override name = 'DutyRatesFileError';
  constructor(
    readonly origin: string,
    readonly problems: string[],
  ) {
    super(`Duty rates from ${origin} not loaded, nothing changed:\n  ${problems.join('\n  ')}`);
  }
}

const MAX_PROBLEMS = 20;

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** What a zod issue says, in words a person fixing the file can act on. */
function ruleOf(issue: { code: string; message: string; minimum?: unknown; maximum?: unknown }): string {
  if (issue.code === 'too_small') return `must be at least ${String(issue.minimum)}`;
  if (issue.code === 'too_big') return `must be at most ${String(issue.maximum)}`;
  if (issue.message === 'invalidDate') return 'not a date (YYYY-MM-DD)';
  if (issue.message === 'invalidValue') return 'not one of the allowed values';
  return issue.message;
}

/** The file's text checked as a rates file; every problem is named with its place in the file. */
export function parseRatesFile(text: string, origin: string): DutyRatesFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DutyRatesFileError(origin, [`not JSON: ${error instanceof Error ? error.message : error}`]);
  }
  const parsed = DutyRatesFile.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, MAX_PROBLEMS).map((issue) => {
      const path = issue.path.map(String).join('.') || 'the file';
      let value: unknown = json;
      for (const key of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
      return `${path}: ${ruleOf(issue)} (found ${shown(value)})`;
    });
    throw new DutyRatesFileError(origin, problems);
  }
  // Two rates of one key on one day: which of them holds would be a guess.
  const seen = new Map<string, number>();
  const twice: string[] = [];
  parsed.data.rows.forEach((row, i) => {
    const at = `${dutyRateKey(row)}@${row.validFrom}`;
    const first = seen.get(at);
    if (first === undefined) seen.set(at, i);
    else {
      const what = [row.kind, row.group ?? row.material ?? row.size].filter(Boolean).join(' ');
      twice.push(`rows.${first} and rows.${i}: two ${what} rates from ${row.validFrom}`);
    }
  });
  if (twice.length > 0) throw new DutyRatesFileError(origin, twice.slice(0, MAX_PROBLEMS));
  try {
    datedRateRows(parsed.data);
  } catch (error) {
    throw new DutyRatesFileError(origin, [error instanceof Error ? error.message : String(error)]);
  }
  return parsed.data;
}

export interface DutyRatesLoadReport {
  /** `kept`: the shipped rates were not loaded over newer ones loaded from a file (see `loadDutyRates`). */
  status: 'loaded' | 'unchanged' | 'kept';
  rows: number;
  origin: string;
  /** The newest validFrom of the rates in use after the run: their year. */
  latest: string;
}

function newestOf(rows: DutyRatesFile['rows']): string {
  return rows.reduce((max, row) => (row.validFrom > max ? row.validFrom : max), '');
}

/**
 * Replaces the rates table with the file's rows, unless they are the rows stored already. The shipped
 * rates (what the job falls back to when no file is given or put in the bucket, which expires its objects
 * after 30 days) do not replace rates loaded from a file unless the shipped ones reach a later date: a
 * newer deploy's rates win, an expired upload does not undo what it loaded.
 */
export async function loadDutyRates(file: DutyRatesFile, origin: string): Promise<DutyRatesLoadReport> {
  const rows = datedRateRows(file);
  const latest = newestOf(file.rows);
  const digest = digestOf(file.rows);
  const stored = await storedRateTable().catch(() => undefined);
  if (stored?.digest === digest) return { status: 'unchanged', rows: rows.length, origin, latest };
  if (stored && origin === SHIPPED_ORIGIN && stored.origin !== SHIPPED_ORIGIN) {
    const storedLatest = newestOf(stored.rows);
    if (storedLatest >= latest)
      return { status: 'kept', rows: stored.rows.length, origin: stored.origin, latest: storedLatest };
  }
  await putRateTable({ rows: file.rows, digest, origin, loadedAt: new Date().toISOString() });
  resetDutyRates();
  return { status: 'loaded', rows: rows.length, origin, latest };
}

/**
 * The rates file to load: the path given (locally, `npm run job -- duty-rates <path>`), else
 * `duty-rates.json` in the imports bucket when it is there, else the rates the app ships.
 */
export async function readRatesSource(path?: string): Promise<{ text: string; origin: string }> {
  if (path) return { text: await readFile(path, 'utf8'), origin: path };
  const bucket = optionalEnv('IMPORTS_BUCKET', '');
  if (bucket) {
    try {
      const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: BUCKET_KEY }));
      const text = await object.Body?.transformToString('utf8');
      if (text !== undefined) return { text, origin: `s3://${bucket}/${BUCKET_KEY}` };
    } catch (error) {
      const missing =
        error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
      if (!missing) throw error;
    }
  }
  return { text: JSON.stringify(shippedRates()), origin: SHIPPED_ORIGIN };
}
