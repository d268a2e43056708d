/**
 * The local origin's stand-in for the imports bucket's own endpoint. The cloud hands the browser a
 * presigned URL on S3 itself; locally the URL is on the app's origin (IMPORTS_UPLOAD_ENDPOINT), so the page
 * stays under `connect-src 'self'`, and this forwards exactly those uploads to the S3 emulator:
 * `PUT /{imports bucket}/uploads/{ownerId}/{importId}?X-Amz-…`, nothing else.
 *
 * s3rver (3.7) accepts any SigV4 signature without checking it, so the signature is checked here, as S3
 * would: the same canonical request, the emulator's key, the expiry, and every signed header (the file's
 * type and size among them).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseImportUploadKey } from '@kork/queue-messages/import-step';

export interface UploadProxyOptions {
  bucket: string;
  /** The S3 emulator's endpoint, `http://127.0.0.1:port`. */
  emulator: string;
  accessKeyId: string;
  secretAccessKey: string;
  maxBytes: number;
  now?: () => Date;
}

/** Whether a request is addressed to the imports bucket through the origin (and so is this proxy's). */
export function isUploadPath(pathname: string, bucket: string): boolean {
  return pathname.startsWith(`/${bucket}/`);
}

function s3Error(res: ServerResponse, status: number, code: string, text: string): void {
  res.writeHead(status, { 'content-type': 'application/xml', connection: 'close' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${text}</Message></Error>`,
  );
}

/** RFC 3986 encoding, as SigV4 canonicalises query names and values. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** Amazon's long ISO 8601 form (20250101T120000Z) as a time. */
function amzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

export type PresignCheck = { ok: true } | { ok: false; status: number; code: string; message: string };

const denied = (code: string, message: string): PresignCheck => ({ ok: false, status: 403, code, message });

/**
 * Checks a presigned SigV4 query (S3's rules: unsigned payload, the path as sent, the query sorted
 * without the signature, the signed headers as the request carries them).
 */
export function checkPresignedRequest(
  method: string,
  rawPath: string,
  query: URLSearchParams,
  headers: IncomingMessage['headers'],
  credentials: { accessKeyId: string; secretAccessKey: string },
  now: Date,
): PresignCheck {
  const param = (name: string) => query.get(name) ?? '';
  if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !query.has('X-Amz-Signature'))
    return denied('AccessDenied', 'Only presigned AWS4-HMAC-SHA256 requests are accepted');
  const [accessKeyId, ...scopeParts] = param('X-Amz-Credential').split('/');
  if (accessKeyId !== credentials.accessKeyId || scopeParts.length !== 4)
    return denied('InvalidAccessKeyId', 'The access key in the request is not known');
  const signedAt = amzDate(param('X-Amz-Date'));
  const expires = Number(param('X-Amz-Expires'));
  if (!Number.isFinite(signedAt) || !Number.isInteger(expires) || expires < 1 || expires > 604_800)
    return denied('AuthorizationQueryParametersError', 'X-Amz-Date or X-Amz-Expires is invalid');
  if (now.getTime() > signedAt + expires * 1000) return denied('AccessDenied', 'Request has expired');

  const signedHeaders = param('X-Amz-SignedHeaders').split(';').filter(Boolean);
  if (!signedHeaders.includes('host')) return denied('AccessDenied', 'The host header must be signed');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = scopeParts.join('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    param('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  const [day = '', region = '', service = '', terminator = ''] = scopeParts;
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), service),
    terminator,
  );
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
  const provided = Buffer.from(param('X-Amz-Signature'));
  if (expected.length !== provided.length || !timingSafeEqual(expected, provided))
    return denied('SignatureDoesNotMatch', 'The request signature does not match the signature provided');
  return { ok: true };
}

/**
 * Answers one request under `/{bucket}/`: a presigned PUT of an upload key is checked and streamed to the
 * emulator with the Host header the browser sent; any other method, key or unsigned request is refused.
 */
export function proxyUpload(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: UploadProxyOptions,
) {
  const method = req.method ?? 'GET';
  const refuse = (status: number, code: string, text: string) => {
    req.resume();
    s3Error(res, status, code, text);
  };
  if (method !== 'PUT') return refuse(405, 'MethodNotAllowed', 'Only uploads (PUT) go through this origin');
  const rawPath = url.pathname;
  const key = rawPath.slice(options.bucket.length + 2);
  if (!parseImportUploadKey(key)) return refuse(403, 'AccessDenied', 'Not an import upload key');
  const declared = req.headers['content-length'];
  if (declared === undefined)
    return refuse(411, 'MissingContentLength', 'You must provide the Content-Length');
  if (Number(declared) > options.maxBytes)
    return refuse(413, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  const check = checkPresignedRequest(
    method,
    rawPath,
    url.searchParams,
    req.headers,
    options,
    options.now?.() ?? new Date(),
  );
  if (!check.ok) return refuse(check.status, check.code, check.message);

  const target = new URL(`${rawPath}${url.search}`, options.emulator);
  const headers: Record<string, string> = {
    host: req.headers.host ?? target.host,
    'content-length': String(declared),
  };
  if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
  const upstream = httpRequest(target, { method: 'PUT', headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, {
      'content-type': answer.headers['content-type'] ?? 'application/xml',
      ...(answer.headers.etag ? { etag: answer.headers.etag } : {}),
    });
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) s3Error(res, 502, 'BadGateway', 'The S3 emulator did not answer');
    else res.end();
  });
  // Content-Length is signed, so a body longer than declared is not forwarded past it.
  let sent = 0;
  req.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    if (sent > Number(declared)) {
      upstream.destroy();
      req.destroy();
    }
  });
  req.pipe(upstream);
}
