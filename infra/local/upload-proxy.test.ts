import { uploadUrlFor } from '@kork/functions/imports/upload-url';
import { resetEnvCache } from '@kork/functions/platform/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPresignedRequest, isUploadPath } from './upload-proxy';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, {
    IMPORTS_BUCKET: 'imports',
    AWS_REGION: 'eu-north-1',
    ...{ AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    IMPORTS_UPLOAD_ENDPOINT: 'http://localhost:3000',
  });
  resetEnvCache();
});
afterAll(() => {
  process.env = { ...saved };
  resetEnvCache();
});

async function presigned(type = 'text/csv', size = 42) {
  const url = new URL((await uploadUrlFor('uploads/owner-1/import-1', type, size)).uploadUrl);
  return {
    url,
    check: (
      headers: Record<string, string>,
      options: { method?: string; path?: string; query?: URLSearchParams; now?: Date } = {},
    ) =>
      checkPresignedRequest(
        options.method ?? 'PUT',
        options.path ?? url.pathname,
        options.query ?? url.searchParams,
        headers,
        credentials,
        options.now ?? new Date(),
      ),
  };
}

const sent = { host: 'localhost:3000', 'content-type': 'text/csv', 'content-length': '42' };

describe('checkPresignedRequest (what S3 checks and the emulator does not)', () => {
  it('accepts the URL uploadUrlFor signed, with the headers it was signed for', async () => {
    const { check } = await presigned();
    expect(check(sent)).toEqual({ ok: true });
  });

  it('refuses another type, size, host, method or key', async () => {
    const { check } = await presigned();
    expect(check({ ...sent, 'content-type': 'text/html' })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(check({ ...sent, 'content-length': '43' })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(check({ ...sent, host: 'evil.example' })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(check(sent, { method: 'DELETE' })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(check(sent, { path: '/imports/uploads/owner-2/import-1' })).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
  });

  it('refuses a tampered signature or query, another key id and an expired URL', async () => {
    const { url, check } = await presigned();
    const tampered = new URLSearchParams(url.searchParams);
    const signature = tampered.get('X-Amz-Signature') ?? '';
    tampered.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect(check(sent, { query: tampered })).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const longer = new URLSearchParams(url.searchParams);
    longer.set('X-Amz-Expires', '604800');
    expect(check(sent, { query: longer })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    const other = new URLSearchParams(url.searchParams);
    other.set('X-Amz-Credential', (other.get('X-Amz-Credential') ?? '').replace('S3RVER', 'OTHER'));
    expect(check(sent, { query: other })).toMatchObject({ code: 'InvalidAccessKeyId' });
    expect(check(sent, { now: new Date(Date.now() + 16 * 60_000) })).toMatchObject({ code: 'AccessDenied' });
    expect(check(sent, { query: new URLSearchParams() })).toMatchObject({ code: 'AccessDenied' });
  });

  it('takes only paths under the bucket', () => {
    expect(isUploadPath('/imports/uploads/a/b', 'imports')).toBe(true);
    expect(isUploadPath('/imports', 'imports')).toBe(false);
    expect(isUploadPath('/media/x', 'imports')).toBe(false);
  });
});
