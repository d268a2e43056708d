import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../platform/env';
import { resetS3Client } from '../platform/s3';
import { UPLOAD_URL_SECONDS, uploadUrlFor } from './upload-url';

const saved = { ...process.env };

beforeEach(() => {
  Object.assign(process.env, {
    IMPORTS_BUCKET: 'kork-imports',
    AWS_REGION: 'eu-north-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
  });
  delete process.env.AWS_ENDPOINT_URL_S3;
  delete process.env.AWS_ENDPOINT_URL;
  delete process.env.IMPORTS_UPLOAD_ENDPOINT;
  delete process.env.AWS_PROFILE;
  resetEnvCache();
  resetS3Client();
});

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  resetS3Client();
});

describe('uploadUrlFor', () => {
  it('presigns a PUT on the bucket’s own endpoint for the file’s type and size, for 15 minutes', async () => {
    const target = await uploadUrlFor('uploads/owner-1/import-1', 'text/csv', 1234);
    const url = new URL(target.uploadUrl);
    expect(url.origin).toBe('https://kork-imports.s3.eu-north-1.amazonaws.com');
    expect(url.pathname).toBe('/uploads/owner-1/import-1');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_SECONDS));
    expect(UPLOAD_URL_SECONDS).toBe(900);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    // A checksum of an empty body would make S3 refuse the real file.
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
    expect(target.uploadHeaders).toEqual({ 'content-type': 'text/csv' });
  });

  it('presigns path-style on IMPORTS_UPLOAD_ENDPOINT when the local runner sets it', async () => {
    process.env.IMPORTS_UPLOAD_ENDPOINT = 'http://localhost:3000';
    const target = await uploadUrlFor('uploads/owner-1/import-1', 'application/pdf', 10);
    const url = new URL(target.uploadUrl);
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toBe('/kork-imports/uploads/owner-1/import-1');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
