import * as z from 'zod/mini';
import { boolParam, type ExternalId, intParam, type MainCategory } from './catalog';
import { PRICE_DUTY_BASES, type PriceDutyBasis } from './duties';
import { LIMITS } from './limits';
import type { MessageKey } from './messages';
import { crossSuperCheck, idField, listField, textField } from './schema-primitives';

/**
 * Batch import (SPEC §2 batch import; §3 source kinds and external ids; §4 the flow; §5 column rules;
 * §7 bulk_create; §8 "No wines detected in the imported file"). docs/imports.md tells the whole story.
 *
 * A job moves: awaitingUpload → scanning → (columns →) matching → review → importing → imported, and
 * from any state before `imported` to `cancelled`; a file that cannot be read ends in `failed`, one with
 * no wine lines in `noWines`. Money is integer minor units of the cellar's base currency.
 */

/** What the user brings: a spreadsheet (xlsx or CSV), a Vinmonopolet invoice, a Vectura PDF, or anything. */
export const IMPORT_KINDS = ['excel', 'invoice', 'vectura', 'magic'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATUSES = [
  'awaitingUpload',
  'scanning',
  'columns',
  'matching',
  'review',
  'importing',
  'imported',
  'cancelled',
  'failed',
  'noWines',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** States a job leaves only by itself (the page polls while a job is in one). */
export const IMPORT_WORKING_STATUSES: readonly ImportStatus[] = ['scanning', 'matching', 'importing'];
/** States nothing follows. */
export const IMPORT_FINAL_STATUSES: readonly ImportStatus[] = ['imported', 'cancelled', 'failed', 'noWines'];

export function isFinalImportStatus(status: ImportStatus): boolean {
  return IMPORT_FINAL_STATUSES.includes(status);
}

/** Media types each kind takes (checked before the upload and again on the stored object). */
export const IMPORT_CONTENT_TYPES: Record<ImportKind, readonly string[]> = {
  excel: [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv',
    'text/plain',
    'text/tab-separated-values',
    'application/vnd.ms-excel',
  ],
  invoice: ['image/jpeg', 'image/png', 'image/webp', 'image/tiff', 'application/pdf'],
  vectura: ['application/pdf'],
  magic: ['text/plain', 'image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
};

/** File name endings each kind takes; a browser that sends no media type is judged by these. */
export const IMPORT_EXTENSIONS: Record<ImportKind, readonly string[]> = {
  excel: ['.xlsx', '.csv', '.txt', '.tsv'],
  invoice: ['.jpg', '.jpeg', '.png', '.webp', '.tif', '.tiff', '.pdf'],
  vectura: ['.pdf'],
  magic: ['.txt', '.jpg', '.jpeg', '.png', '.webp', '.pdf'],
};

export const IMPORT_LIMITS = {
  /** SPEC §9 upload limit. */
  maxFileBytes: LIMITS.uploadMaxBytes,
  /** Pasted text for a magic import. */
  maxTextLength: 200_000,
  /** Wine lines one import may hold; a longer file is read up to here and says so (`truncated`). */
  maxLines: 5_000,
  maxColumns: 100,
  /** Sample rows shown per column while assigning columns. */
  sampleRows: 5,
  /** Lines one GET answers (`limit`). */
  linesPageMax: 500,
  /** Line decisions one PATCH takes. */
  decisionsMax: 500,
  /** A match at or above this confidence is confirmed before the user looks. */
  autoConfirmConfidence: 0.85,
  /** Candidates shown per line: the best match and its alternatives. */
  candidates: 3,
  /** Jobs and their lines are removed this many days after they were created. */
  keepDays: 30,
  /** Jobs of one cellar that may be unfinished at once (not imported, cancelled, failed or empty). */
  openJobsMax: 5,
} as const;

/**
 * Fields a table column can be assigned to (`null`: the column is not imported). `wineName` is the only
 * one required (SPEC §5). Prices are per bottle, in the cellar's base currency.
 */
export const IMPORT_FIELDS = [
  'wineName',
  'producer',
  'vintage',
  'bottleSize',
  'quantity',
  'purchasePriceWvat',
  'purchasePriceWovat',
  'sellingPrice',
  'country',
  'region',
  'category',
  'grapes',
  'vinmonopoletNumber',
  'vecturaNumber',
  'location',
  'drinkFrom',
  'drinkTo',
  'rating',
  'note',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** One column of a table as the file has it: the header, and the first rows' values. */
export interface ImportColumn {
  index: number;
  header: string;
  samples: string[];
}

/**
 * What a column assignment's guess came from (shown beside it); `values`: the file has no header row,
 * and each column was judged by its values.
 */
export type AssignmentSource = 'cellarTracker' | 'vivino' | 'remembered' | 'headers' | 'values';

/**
 * A wine line as read from the file, before matching: whatever the file said, in the cellar's units.
 * `vintage` null is NV; absent is "not given".
 */
export interface ParsedWineLine {
  wineName: string;
  producer?: string;
  vintage?: number | null;
  /** Litres. */
  bottleSize?: number;
  quantity?: number;
  purchasePriceWvat?: number;
  purchasePriceWovat?: number;
  sellingPrice?: number;
  country?: string;
  region?: string;
  mainCategoryId?: MainCategory;
  grapes?: string[];
  vinmonopoletNumber?: string;
  vecturaNumber?: string;
  /** A location name as the file has it; matched to the cellar's locations by name when imported. */
  location?: string;
  drinkFrom?: number;
  drinkTo?: number;
  /** 50–100 points. */
  rating?: number;
  note?: string;
}

/** What a reader could not make sense of on a line (shown with it, never silently dropped). */
export const LINE_ISSUES = [
  'vintageUnreadable',
  'bottleSizeUnreadable',
  'quantityUnreadable',
  'priceUnreadable',
  'ratingUnreadable',
  'windowUnreadable',
  'categoryUnknown',
  'nameMissing',
  'partlyRead',
] as const;
export type LineIssue = (typeof LINE_ISSUES)[number];

/** A catalogue wine a line may be. `confidence` 0–1. */
export interface MatchCandidate {
  wineId: string;
  name: string;
  producer?: string;
  vintage: number | null;
  bottleSize: number;
  vinmonopoletNumber?: string;
  imageUrl?: string;
  mainCategoryId: MainCategory;
  confidence: number;
  /** How it was found. */
  via: 'vinmonopoletNumber' | 'vecturaNumber' | 'text';
}

/** `matched`: one candidate at or above the auto-confirm confidence; `suggested`: candidates below it; `none`. */
export type MatchStatus = 'matched' | 'suggested' | 'none';

/**
 * What the line becomes: a catalogue wine, a custom wine typed as the line has it, or nothing; or not
 * decided yet (`undecided`: a line that matched nothing, or that names no vintage of a wine the catalogue
 * has in several), which waits for the user and is never confirmed or written as it is.
 */
export type ImportChoice =
  | { kind: 'catalog'; wineId: string }
  | { kind: 'custom' }
  | { kind: 'skip' }
  | { kind: 'undecided' };

/**
 * A wine already in the cellar that the line is (the same catalogue wine, the same Vectura or
 * Vinmonopolet number, or a custom wine of the same producer, name, vintage and size).
 */
export interface ImportDuplicate {
  ownWineId: string;
  wineDisplayName: string;
  quantity: number;
}

/** For a duplicate: add the line's bottles to the wine that is there, or add it as a new (custom) wine. */
export type DuplicateAction = 'add' | 'new';

export interface ImportLine {
  index: number;
  /** Where in the file: "Row 14", "Page 2, line 7" as `{row}` or `{page, line}`. */
  at: { row?: number; page?: number; line?: number };
  /** The line as the file has it (cells joined with " · ", or the text line). */
  raw: string;
  parsed: ParsedWineLine;
  issues: LineIssue[];
  /**
   * `vintages`: the line names no vintage and its wine comes in several (NV first, then the newest): the
   * user picks one (or keeps the line as typed, without a vintage).
   */
  match: { status: MatchStatus; candidates: MatchCandidate[]; vintages?: MatchCandidate[] };
  duplicate?: ImportDuplicate;
  choice: ImportChoice;
  onDuplicate: DuplicateAction;
  confirmed: boolean;
  /** Set once written: the cellar wine the line became or added to. */
  ownWineId?: string;
  /** Why the line could not be written (a value the cellar does not take); the rest of the import goes on. */
  error?: { code: MessageKey; field?: string };
}

export interface ImportCounts {
  lines: number;
  matched: number;
  suggested: number;
  unmatched: number;
  confirmed: number;
  skipped: number;
  duplicates: number;
  /** Lines written to the cellar so far. */
  imported: number;
}

export interface ImportProgress {
  step: 'scanning' | 'matching' | 'importing';
  done: number;
  total: number;
}

/** Why a job failed: a message key (`importFileUnreadable`, `unsupportedMediaType`, …). */
export interface ImportError {
  code: MessageKey;
  /** Where, when the reader knows: "Sheet 1, row 12". */
  detail?: string;
}

export interface ImportJob {
  id: string;
  ownerId: string;
  kind: ImportKind;
  status: ImportStatus;
  fileName?: string;
  fileSize?: number;
  contentType?: string;
  /** Excel/CSV: the columns with sample rows, the assignment (one entry per column) and what it came from. */
  columns?: ImportColumn[];
  assignment?: (ImportField | null)[];
  assignmentSource?: AssignmentSource;
  /** The purchase price ex VAT column is without duties: each line's are added as it is written. */
  purchasePrices?: ImportPriceBasis;
  /** The format recognised: a CellarTracker or Vivino export, or any table. */
  format?: 'cellarTracker' | 'vivino' | 'table';
  counts: ImportCounts;
  progress?: ImportProgress;
  error?: ImportError;
  /** The file had more wine lines than an import holds; the first `IMPORT_LIMITS.maxLines` were read. */
  truncated?: boolean;
  /** Magic import: what the extractor could not read, line by line (honest about its limits). */
  unreadLines?: string[];
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
}

/** `POST …/imports` answers the job and where to PUT the file (absent for pasted text). */
export interface CreatedImport extends ImportJob {
  uploadUrl?: string;
  uploadHeaders?: Record<string, string>;
}

/** `GET …/imports/{importId}`: the job and one page of its lines. */
export interface ImportDetail extends ImportJob {
  lines: { rows: ImportLine[]; count: number };
}

// — Requests —

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** Whether a file of this name and media type may be imported as `kind` (the type wins when given). */
export function importFileAccepted(kind: ImportKind, fileName: string, contentType?: string): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type && type !== 'application/octet-stream') return IMPORT_CONTENT_TYPES[kind].includes(type);
  return IMPORT_EXTENSIONS[kind].includes(extensionOf(fileName));
}

/** Images get SPEC §5's image message; other files the same rule in words for files. */
export function fileTooLargeMessage(contentType?: string): MessageKey {
  return contentType?.startsWith('image/') ? 'payloadTooLarge' : 'importFileTooLarge';
}

/**
 * `POST …/imports`: `{kind, fileName, fileSize, contentType}` for a file, or `{kind: "magic", text}` for
 * pasted text. A file over 50 MB or of a type the kind does not take is refused here, before any upload.
 */
export const CreateImportInput = z
  .object({
    kind: z.enum(IMPORT_KINDS, { error: 'invalidValue' }),
    fileName: z.optional(textField(255, { min: 1 })),
    fileSize: z.optional(
      z.number({ error: 'mustBeNumber' }).check(
        z.int({ error: 'mustBeWholeNumber' }),
        z.gte(1, { error: 'importFileEmpty' }),
        // Checked in CreateImportInput's refinement with the right message for the file's type.
        z.lte(Number.MAX_SAFE_INTEGER, { error: 'importFileTooLarge' }),
      ),
    ),
    contentType: z.optional(textField(200)),
    text: z.optional(textField(IMPORT_LIMITS.maxTextLength, { min: 1, lines: true })),
  })
  .check(
    crossSuperCheck(['kind', 'fileName', 'fileSize', 'contentType', 'text'], (value, ctx) => {
      if (value.text !== undefined) {
        if (value.kind !== 'magic')
          ctx.issues.push({ code: 'custom', message: 'unknownField', path: ['text'], input: value.text });
        return;
      }
      if (!value.fileName) {
        ctx.issues.push({ code: 'custom', message: 'required', path: ['fileName'], input: value.fileName });
        return;
      }
      if (value.fileSize === undefined) {
        ctx.issues.push({ code: 'custom', message: 'required', path: ['fileSize'], input: value.fileSize });
      } else if (value.fileSize > IMPORT_LIMITS.maxFileBytes) {
        ctx.issues.push({
          code: 'custom',
          message: fileTooLargeMessage(value.contentType),
          path: ['fileSize'],
          input: value.fileSize,
        });
      }
      if (!importFileAccepted(value.kind, value.fileName, value.contentType)) {
        ctx.issues.push({
          code: 'custom',
          message: 'unsupportedMediaType',
          path: ['contentType'],
          input: value.contentType,
        });
      }
    }),
  );
export type CreateImportInput = z.infer<typeof CreateImportInput>;

export const ImportChoiceInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('catalog'), wineId: idField }),
    z.object({ kind: z.literal('custom') }),
    z.object({ kind: z.literal('skip') }),
  ],
  { error: 'invalidValue' },
);

export const ImportLineDecision = z.object({
  index: z
    .number({ error: 'mustBeNumber' })
    .check(z.int({ error: 'mustBeWholeNumber' }), z.gte(0), z.lt(IMPORT_LIMITS.maxLines)),
  choice: z.optional(ImportChoiceInput),
  confirmed: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
  onDuplicate: z.optional(z.enum(['add', 'new'], { error: 'invalidValue' })),
});
export type ImportLineDecision = z.infer<typeof ImportLineDecision>;

/** How an import's purchase price ex VAT is given: with duties (as the cellar keeps it) or without. */
export const IMPORT_PRICE_BASES = PRICE_DUTY_BASES;
export type ImportPriceBasis = PriceDutyBasis;

/**
 * `PATCH …/imports/{importId}`: a column assignment (in `columns`, or in `review` to read the table
 * again), decisions on lines, or `confirmAll` (every line that is not skipped and has a choice).
 */
export const UpdateImportInput = z.object({
  assignment: z.optional(
    listField(z.nullable(z.enum(IMPORT_FIELDS, { error: 'invalidValue' })), IMPORT_LIMITS.maxColumns, {
      min: 1,
    }),
  ),
  lines: z.optional(listField(ImportLineDecision, IMPORT_LIMITS.decisionsMax, { min: 1 })),
  confirmAll: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
  /**
   * With an assignment: whether the purchase price ex VAT column is with duties (as kept, the default)
   * or without them, when each line's duties are added as it is written (docs/duties.md).
   */
  purchasePrices: z.optional(z.enum(IMPORT_PRICE_BASES, { error: 'invalidValue' })),
});
export type UpdateImportInput = z.infer<typeof UpdateImportInput>;

/** Which lines a page of `GET …/imports/{importId}` lists. */
export const IMPORT_LINE_FILTERS = ['all', 'toReview', 'confirmed', 'duplicates', 'skipped'] as const;
export type ImportLineFilter = (typeof IMPORT_LINE_FILTERS)[number];

export const ImportLinesQuery = z.object({
  offset: intParam(0, IMPORT_LIMITS.maxLines),
  limit: intParam(1, IMPORT_LIMITS.linesPageMax),
  filter: z.optional(z.enum(IMPORT_LINE_FILTERS, { error: 'invalidValue' })),
  /** Also answer the lines (false: the job alone, what polling needs). */
  lines: boolParam,
});
export type ImportLinesQuery = z.infer<typeof ImportLinesQuery>;

/**
 * SPEC §5: one column must be the wine name, and a field may be chosen for one column only. Answers the
 * problems by column index (`wineNameColumnRequired` on the key `assignment`, `fieldChosenTwice` on each
 * column after the first that repeats a field); empty when the assignment is good.
 */
export function assignmentProblems(assignment: readonly (ImportField | null)[]): Record<string, MessageKey> {
  const problems: Record<string, MessageKey> = {};
  const seen = new Set<ImportField>();
  assignment.forEach((field, index) => {
    if (field === null) return;
    if (seen.has(field)) problems[`assignment.${index}`] = 'fieldChosenTwice';
    seen.add(field);
  });
  if (!seen.has('wineName')) problems.assignment = 'wineNameColumnRequired';
  return problems;
}

/** The name a line gets when it is kept as a custom wine, and how duplicates are recognised. */
export function lineDisplayName(line: ParsedWineLine): string {
  return [line.producer, line.wineName, line.vintage === null ? 'NV' : line.vintage]
    .filter(Boolean)
    .join(' ');
}

/** External ids a line carries, for the cellar wine it becomes (SPEC §3 external id kinds). */
export function lineExternalIds(line: ParsedWineLine): ExternalId[] {
  const ids: ExternalId[] = [];
  if (line.vinmonopoletNumber) ids.push({ kind: 'VinmonopoletID', value: line.vinmonopoletNumber });
  if (line.vecturaNumber) ids.push({ kind: 'VecturaID', value: line.vecturaNumber });
  return ids;
}

/** Re-exported for the web's kind picker: the limit in MB the messages name. */
export const IMPORT_MAX_MB = Math.round(IMPORT_LIMITS.maxFileBytes / (1024 * 1024));

export const EMPTY_IMPORT_COUNTS: ImportCounts = {
  lines: 0,
  matched: 0,
  suggested: 0,
  unmatched: 0,
  confirmed: 0,
  skipped: 0,
  duplicates: 0,
  imported: 0,
};
