/**
 * multipart/form-data parsing, opted into per route (`httpRoute(key, { multipart: multipartBody() }, …)`)
 * so that only upload routes carry the parser in their bundle. Files arrive as UploadedFile.
 */
import { LIMITS } from '@kork/shared';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from './errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
  truncated?: boolean;
}

export type MultipartParser = (event: APIGatewayProxyEventV2) => Promise<Record<string, unknown>>;

export function multipartBody(options: { maxFileBytes?: number } = {}): MultipartParser {
  const maxFileBytes = options.maxFileBytes ?? LIMITS.uploadMaxBytes;
  const parser = httpMultipartBodyParser({ busboy: { limits: { fileSize: maxFileBytes } } });
  return async (event) => {
    const request = { event: { ...event }, context: {}, response: undefined, error: undefined, internal: {} };
    try {
      await parser.before?.(request as never);
    } catch {
      throw new UnsupportedMediaTypeError({ text: 'Invalid or malformed multipart/form-data' });
    }
    const body = request.event.body as unknown as Record<string, unknown>;
    for (const value of Object.values(body)) {
      const files = Array.isArray(value) ? value : [value];
      if (files.some((f) => (f as UploadedFile | undefined)?.truncated)) throw new PayloadTooLargeError();
    }
    return body;
  };
}
