import * as z from 'zod/mini';

/**
 * `imports.step` v1: one step of a batch import for the import-steps queue's consumer. `scan` reads the
 * uploaded file into lines (and matches them, except for a table waiting for its columns); `match`
 * matches the lines again after a column assignment; `write` writes the confirmed lines to the cellar.
 * A step is safe to deliver twice: it checks the job's state and every write is conditional on it.
 */
export const ImportStep = z.object({
  name: z.literal('imports.step'),
  version: z.literal(1),
  step: z.enum(['scan', 'match', 'write']),
  ownerId: z.string().check(z.minLength(1)),
  importId: z.string().check(z.minLength(1)),
  /** The job's `version` when the step was sent: a step for an older version of the job is dropped. */
  jobVersion: z.int().check(z.nonnegative()),
});
export type ImportStep = z.infer<typeof ImportStep>;

export const importStepExample: ImportStep = {
  name: 'imports.step',
  version: 1,
  step: 'match',
  ownerId: '01JEXAMPLEOWNER00000000000',
  importId: '01JEXAMPLEIMPORT0000000000',
  jobVersion: 3,
};

/**
 * What the imports bucket says when a file lands (S3 "Object Created" through EventBridge in the cloud;
 * the local runner's S3 emulator sends the same shape). Its key is `uploads/{ownerId}/{importId}`.
 */
export const ImportUploaded = z.object({
  source: z.literal('aws.s3'),
  'detail-type': z.literal('Object Created'),
  detail: z.object({
    bucket: z.object({ name: z.string() }),
    object: z.object({ key: z.string(), size: z.optional(z.number()) }),
  }),
});
export type ImportUploaded = z.infer<typeof ImportUploaded>;

export const importUploadedExample: ImportUploaded = {
  source: 'aws.s3',
  'detail-type': 'Object Created',
  detail: {
    bucket: { name: 'kork-imports' },
    object: { key: 'uploads/01JEXAMPLEOWNER00000000000/01JEXAMPLEIMPORT0000000000', size: 18_432 },
  },
};

/** The object key an import's file is uploaded to. */
export function importUploadKey(ownerId: string, importId: string): string {
  return `uploads/${ownerId}/${importId}`;
}

/** The owner and import of an upload key; undefined for any other key. */
export function parseImportUploadKey(key: string): { ownerId: string; importId: string } | undefined {
  const match = /^uploads\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})$/.exec(key);
  return match ? { ownerId: match[1] as string, importId: match[2] as string } : undefined;
}
