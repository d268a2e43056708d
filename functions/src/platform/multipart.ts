/**
 * multipart/form-data parsing, opted into per route (`httpRoute(key, { multipart: multipartBody() }, …)`)
 * so that only upload routes carry the parser in their bundle. Files arrive as UploadedFile.
 *
 * The body is parsed with @fastify/busboy directly and defensively: whatever goes wrong — a missing
 * boundary, a truncated or garbled body, too many parts, an error raised in any of the parser's
 * callbacks — settles the one promise with a 400 (413 for a file over the size limit). Nothing is left
 * to throw later from a stream callback, where it would escape the request's error handling.
 *
 * Names: `name` holds one value, `name[]` a list. A name used both ways, a plain name sent twice, a
 * reserved name (`__proto__`, `constructor`, `prototype`) or any other shape is refused, and values
 * collect in a prototype-less object.
 */

import Busboy from '@fastify/busboy';
import { LIMITS } from '@kork/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError, MalformedBodyError, PayloadTooLargeError } from './errors';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
  truncated?: boolean;
  /** The form field it came in (without `[]`), for error messages about it. */
  field?: string;
}

export type MultipartParser = (event: APIGatewayProxyEventV2) => Promise<Record<string, unknown>>;

export interface MultipartLimits {
  maxFileBytes?: number;
  maxParts?: number;
  maxFiles?: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

const NAME = /^([^[\]]+)(\[\])?$/;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** A part's name as the form gives it, kept short enough to quote back in an error. */
function quoted(name: string | undefined): string {
  return (name ?? '').slice(0, LIMITS.multipartMaxNameLength) || '(no name)';
}

/** Where parsed values go: `put` refuses every name this parser does not take. */
function formCollector() {
  const values: Record<string, unknown> = Object.create(null);
  const lists = new Set<string>();
  return {
    values,
    put(name: string | undefined, value: unknown) {
      const match = name !== undefined ? NAME.exec(name) : null;
      const base = match?.[1];
      if (!name || !match || !base || name.length > LIMITS.multipartMaxNameLength || RESERVED.has(base)) {
        throw new MalformedBodyError(
          { key: 'fieldNameNotAllowed' },
          { [quoted(name)]: 'fieldNameNotAllowed' },
        );
      }
      const isList = match[2] !== undefined;
      const seen = Object.hasOwn(values, base);
      if (seen && (isList !== lists.has(base) || !isList)) {
        throw new MalformedBodyError({ key: 'fieldRepeated' }, { [base]: 'fieldRepeated' });
      }
      if (!isList) {
        values[base] = value;
        return;
      }
      lists.add(base);
      if (!seen) values[base] = [];
      (values[base] as unknown[]).push(value);
    },
  };
}

function bodyBytes(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/** Parses a multipart body; every failure rejects with a DomainError (400, or 413 for a file too large). */
export function parseMultipart(
  body: Buffer,
  contentType: string,
  limits: MultipartLimits = {},
): Promise<Record<string, unknown>> {
  const maxFileBytes = limits.maxFileBytes ?? LIMITS.uploadMaxBytes;
  return new Promise((resolve, reject) => {
    let settled = false;
    let finished = false;
    let pendingFiles = 0;
    const form = formCollector();

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error instanceof DomainError ? error : new MalformedBodyError());
    };
    const done = () => {
      if (settled || !finished || pendingFiles > 0) return;
      settled = true;
      resolve(form.values);
    };
    /** Every callback the parser calls goes through here: whatever it throws settles the promise. */
    const guarded =
      <A extends unknown[]>(callback: (...args: A) => void) =>
      (...args: A) => {
        if (settled) return;
        try {
          callback(...args);
        } catch (error) {
          fail(error);
        }
      };
    const tooMany = guarded(() => {
      throw new MalformedBodyError({ key: 'tooManyParts' });
    });

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          fileSize: maxFileBytes,
          files: limits.maxFiles ?? LIMITS.multipartMaxFiles,
          fields: limits.maxFields ?? LIMITS.multipartMaxFields,
          parts: limits.maxParts ?? LIMITS.multipartMaxParts,
          fieldSize: limits.maxFieldBytes ?? LIMITS.multipartMaxFieldBytes,
          fieldNameSize: LIMITS.multipartMaxNameLength,
          headerPairs: 16,
          headerSize: 16 * 1024,
        },
      });
    } catch {
      // No boundary, or a Content-Type the parser cannot read.
      return fail(new MalformedBodyError());
    }

    parser.on(
      'file',
      guarded((name, stream, filename, _encoding, mimetype) => {
        pendingFiles += 1;
        const chunks: Buffer[] = [];
        stream.on('error', fail);
        stream.on(
          'limit',
          guarded(() => {
            throw new PayloadTooLargeError();
          }),
        );
        stream.on(
          'data',
          guarded((chunk: Buffer) => {
            chunks.push(chunk);
          }),
        );
        stream.on(
          'end',
          guarded(() => {
            pendingFiles -= 1;
            if (stream.truncated) throw new PayloadTooLargeError();
            const file: UploadedFile = {
              filename: filename ?? '',
              mimetype: mimetype ?? 'application/octet-stream',
              content: Buffer.concat(chunks),
              field: name?.replace(/\[\]$/, ''),
            };
            form.put(name, file);
            done();
          }),
        );
      }),
    );
    parser.on(
      'field',
      guarded((name, value, _nameTruncated, valueTruncated) => {
        if (valueTruncated) {
          const rule = `maxCharacters|max=${limits.maxFieldBytes ?? LIMITS.multipartMaxFieldBytes}`;
          throw new MalformedBodyError({ key: 'tooLong' }, { [quoted(name)]: rule });
        }
        form.put(name, value);
      }),
    );
    parser.on('partsLimit', tooMany);
    parser.on('filesLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('error', fail);
    parser.on(
      'finish',
      guarded(() => {
        finished = true;
        done();
      }),
    );
    try {
      parser.end(body);
    } catch (error) {
      fail(error);
    }
  });
}

export function multipartBody(options: MultipartLimits = {}): MultipartParser {
  return (event) => parseMultipart(bodyBytes(event), event.headers?.['content-type'] ?? '', options);
}
