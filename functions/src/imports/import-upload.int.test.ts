/**
 * An import's file on its way in: the browser PUTs it to the presigned URL on the app's own origin, the
 * origin checks the signature as S3 would and streams it to the S3 emulator, and the bucket's "Object
 * Created" notification reaches the import-steps queue in the shape EventBridge gives it in the cloud.
 */
import { request } from 'node:http';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { readUpload, uploadUrlFor } from '@kork/functions/imports/upload-url';
import { ImportUploaded, importUploadKey } from '@kork/queue-messages/import-step';
import { type CreatedImport, type ImportDetail, LIMITS } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import type { SqsHandler } from '../../../infra/local/queue-broker';
import { loadFunction } from '../../../infra/local/stack';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant'],
  stack: {
    // The import-steps consumer records what it is given, then runs as usual.
    loadConsumer: async (queue, def) => {
      const handler = await loadFunction<SqsHandler>(def.consumer.handler);
      if (queue !== 'import-steps') return handler;
      return async (event, context) => {
        for (const record of event.Records) delivered.push(JSON.parse(record.body));
        return handler(event, context);
      };
    },
  },
});
const delivered: unknown[] = [];

const CSV = 'Vin;Produsent;Årgang\nBarolo;Vietti;2019\n';

async function waitForMessage(key: string): Promise<ImportUploaded> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const found = delivered.find(
      (m) => ImportUploaded.safeParse(m).success && (m as ImportUploaded).detail.object.key === key,
    );
    if (found) return found as ImportUploaded;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ImportUploaded for ${key}`);
}

function put(url: string, body: string | Buffer, headers: Record<string, string>, method = 'PUT') {
  return fetch(url, { method, body, headers });
}

describe('import uploads through the local origin', () => {
  it('takes the file of a job created through the API, and the job leaves awaitingUpload', async () => {
    const body = Buffer.from(CSV, 'utf8');
    const created = await origin.api<CreatedImport>('POST', `${accounts.base('restaurant')}/imports`, {
      token: accounts.tokens.restaurant,
      json: { kind: 'excel', fileName: 'kjeller.csv', fileSize: body.length, contentType: 'text/csv' },
    });
    expect(created.status).toBe(201);
    const job = created.payload;
    expect(job.status).toBe('awaitingUpload');
    expect(job.uploadUrl?.startsWith(`${origin.base}/imports/uploads/`)).toBe(true);
    expect(job.uploadHeaders).toEqual({ 'content-type': 'text/csv' });

    const answer = await put(job.uploadUrl ?? '', body, job.uploadHeaders ?? {});
    expect(answer.status).toBe(200);
    const key = importUploadKey(accounts.userIds.restaurant as string, job.id);
    await waitForMessage(key);
    const deadline = Date.now() + 10_000;
    let status = job.status;
    while (status === 'awaitingUpload' || status === 'scanning') {
      if (Date.now() > deadline) throw new Error(`job still ${status}`);
      await new Promise((r) => setTimeout(r, 50));
      const now = await origin.api<ImportDetail>(
        'GET',
        `${accounts.base('restaurant')}/imports/${job.id}?lines=false`,
        { token: accounts.tokens.restaurant },
      );
      status = now.payload.status;
    }
    // A table waits for its columns.
    expect(status).toBe('columns');
  });

  it('signs upload URLs for this origin', async () => {
    expect(process.env.IMPORTS_UPLOAD_ENDPOINT).toBe(origin.base);
    const { uploadUrl } = await uploadUrlFor(importUploadKey('owner-a', 'import-a'), 'text/csv', 10);
    expect(uploadUrl.startsWith(`${origin.base}/imports/uploads/owner-a/import-a?`)).toBe(true);
  });

  it('stores a presigned PUT in the imports bucket and tells the import-steps queue', async () => {
    const key = importUploadKey('owner-1', 'import-1');
    const body = Buffer.from(CSV, 'utf8');
    const target = await uploadUrlFor(key, 'text/csv', body.length);
    const answer = await put(target.uploadUrl, body, target.uploadHeaders);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBeTruthy();

    const stored = await readUpload(key);
    expect(Buffer.from(stored?.bytes ?? []).toString('utf8')).toBe(CSV);
    expect(stored?.contentType).toBe('text/csv');

    const event = await waitForMessage(key);
    expect(event).toMatchObject({
      source: 'aws.s3',
      'detail-type': 'Object Created',
      detail: { bucket: { name: 'imports' }, object: { key } },
    });
  });

  it('refuses a PUT of another type or size, or with a tampered signature (403)', async () => {
    const key = importUploadKey('owner-1', 'import-2');
    const target = await uploadUrlFor(key, 'text/csv', 5);
    expect((await put(target.uploadUrl, 'a,b,c', { 'content-type': 'text/html' })).status).toBe(403);
    expect((await put(target.uploadUrl, 'a,b,c,d', target.uploadHeaders)).status).toBe(403);
    const tampered = new URL(target.uploadUrl);
    const signature = tampered.searchParams.get('X-Amz-Signature') ?? '';
    tampered.searchParams.set(
      'X-Amz-Signature',
      `${signature.startsWith('0') ? '1' : '0'}${signature.slice(1)}`,
    );
    const refused = await put(tampered.toString(), 'a,b,c', target.uploadHeaders);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('SignatureDoesNotMatch');
    expect(await readUpload(key)).toBeUndefined();
  });

  it('refuses another key: one signed for another import, outside uploads/, or unsigned', async () => {
    const target = await uploadUrlFor(importUploadKey('owner-1', 'import-3'), 'text/csv', 5);
    const elsewhere = new URL(target.uploadUrl);
    elsewhere.pathname = '/imports/uploads/owner-2/import-3';
    expect((await put(elsewhere.toString(), 'a,b,c', target.uploadHeaders)).status).toBe(403);
    const outside = await uploadUrlFor('other/owner-1/import-3', 'text/csv', 5);
    expect((await put(outside.uploadUrl, 'a,b,c', outside.uploadHeaders)).status).toBe(403);
    expect(
      (await put(`${origin.base}/imports/uploads/owner-1/import-3`, 'a,b,c', target.uploadHeaders)).status,
    ).toBe(403);
    expect(await readUpload(importUploadKey('owner-1', 'import-3'))).toBeUndefined();
    expect(await readUpload(importUploadKey('owner-2', 'import-3'))).toBeUndefined();
    expect(await readUpload('other/owner-1/import-3')).toBeUndefined();
  });

  it('refuses a body over 50 MB before reading it (413)', async () => {
    const size = LIMITS.uploadMaxBytes + 1;
    const target = new URL(
      (await uploadUrlFor(importUploadKey('owner-1', 'import-4'), 'text/csv', size)).uploadUrl,
    );
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        target,
        { method: 'PUT', headers: { 'content-type': 'text/csv', 'content-length': String(size) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024));
    });
    expect(status).toBe(413);
  });

  it('refuses reading or deleting through the origin (405)', async () => {
    const key = importUploadKey('owner-1', 'import-1');
    const { uploadUrl } = await uploadUrlFor(key, 'text/csv', 1);
    expect((await fetch(uploadUrl)).status).toBe(405);
    expect((await fetch(uploadUrl, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${origin.base}/imports/uploads/owner-1/import-1`)).status).toBe(405);
    expect(await readUpload(key)).toBeDefined();
  });
});
