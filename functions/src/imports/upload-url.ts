/**
 * Where the browser PUTs an import's file: a presigned S3 URL for the job's key in the imports bucket,
 * signed for the file's type and size (docs/imports.md says how the local runner serves it).
 */
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../platform/env';
import { s3Client } from '../platform/s3';

export interface UploadTarget {
  uploadUrl: string;
  uploadHeaders: Record<string, string>;
}

/** How long an upload URL may be used: the page uploads right after the job is created. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/**
 * Signed with the request, so S3 refuses a PUT of another type or size: `content-length` is set by the
 * browser from the file itself and cannot be changed by a script, `content-type` comes from
 * `uploadHeaders`.
 */
const SIGNED_HEADERS = new Set(['content-type', 'content-length']);

let uploadSigner: { endpoint: string; client: S3Client } | undefined;

/**
 * The client that signs upload URLs. In the cloud the bucket's own endpoint (the default client); the
 * local runner sets IMPORTS_UPLOAD_ENDPOINT to its own origin, which forwards the PUT to the S3 emulator,
 * so the browser stays on the page's origin (CSP `connect-src 'self'`).
 */
function signingClient(): S3Client {
  const endpoint = process.env.IMPORTS_UPLOAD_ENDPOINT;
  if (!endpoint) return s3Client();
  if (uploadSigner?.endpoint !== endpoint) {
    uploadSigner?.client.destroy();
    uploadSigner = {
      endpoint,
      client: new S3Client({
        endpoint,
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    };
  }
  return uploadSigner.client;
}

export async function uploadUrlFor(key: string, contentType: string, size: number): Promise<UploadTarget> {
  const command = new PutObjectCommand({
    Bucket: env.importsBucket(),
    Key: key,
    ContentType: contentType,
    ContentLength: size,
  });
  const uploadUrl = await getSignedUrl(signingClient(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: SIGNED_HEADERS,
  });
  return { uploadUrl, uploadHeaders: { 'content-type': contentType } };
}

/** Reads an uploaded file back (the scan step); undefined when it is not there. */
export async function readUpload(
  key: string,
): Promise<{ bytes: Uint8Array; contentType?: string } | undefined> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: env.importsBucket(), Key: key }));
    if (!object.Body) return undefined;
    return { bytes: await object.Body.transformToByteArray(), contentType: object.ContentType };
  } catch (error) {
    if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'))
      return undefined;
    throw error;
  }
}

/** Stores pasted text as the job's file, so it goes through the same scan as an upload. */
export async function putUploadText(key: string, text: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env.importsBucket(),
      Key: key,
      Body: text,
      ContentType: 'text/plain; charset=utf-8',
    }),
  );
}
