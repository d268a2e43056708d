/**
 * Domain errors and their one mapping to HTTP. Services throw these; the HTTP stack turns them into
 * `{"error": {code, message, fields?}}` in the request's language.
 */
import { type Locale, type MessageKey, message } from '@kork/shared';

export type ErrorCode =
  | 'VALIDATION'
  | 'MALFORMED_JSON'
  | 'MALFORMED_BODY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'API_KEY'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'UPSTREAM'
  | 'INTERNAL'
  | 'EMAIL_NOT_VERIFIED'
  | 'INVALID_TOKEN'
  | 'ACCOUNT_NOT_FOUND'
  | 'ACCOUNT_DEACTIVATED'
  /** A feature of the Plus and Pro plans on a free account (shared/src/billing.ts `PLAN_REQUIRED_CODE`). */
  | 'planRequired';

/** A message is either a key of the shared catalogue (translated per request) or literal text. */
export type Message = { key: MessageKey } | { text: string };

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  abstract readonly status: number;
  constructor(
    readonly userMessage: Message,
    readonly fields?: Record<string, MessageKey | string>,
  ) {
    super('key' in userMessage ? userMessage.key : userMessage.text);
  }
}

export class ValidationError extends DomainError {
  override name = 'ValidationError';
  readonly code = 'VALIDATION';
  readonly status = 400;
  constructor(fields: Record<string, MessageKey | string>, userMessage: Message = { key: 'validation' }) {
    super(userMessage, fields);
  }
}

export class MalformedJsonError extends DomainError {
  override name = 'MalformedJsonError';
  readonly code = 'MALFORMED_JSON';
  readonly status = 400;
  constructor() {
    super({ key: 'malformedJson' });
  }
}

/** A request body that cannot be read as what its Content-Type says (a broken multipart form, say). */
export class MalformedBodyError extends DomainError {
  override name = 'MalformedBodyError';
  readonly code = 'MALFORMED_BODY';
  readonly status = 400;
  constructor(
    userMessage: Message = { key: 'malformedMultipart' },
    fields?: Record<string, MessageKey | string>,
  ) {
    super(userMessage, fields);
  }
}

export class UnauthorizedError extends DomainError {
  override name = 'UnauthorizedError';
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;
  constructor(userMessage: Message = { key: 'unauthorized' }) {
    super(userMessage);
  }
}

export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError';
  readonly code = 'FORBIDDEN';
  readonly status = 403;
  constructor(userMessage: Message = { key: 'forbidden' }) {
    super(userMessage);
  }
}

export class ApiKeyError extends DomainError {
  override name = 'ApiKeyError';
  readonly code = 'API_KEY';
  readonly status = 403;
  constructor() {
    super({ key: 'missingApiKey' });
  }
}

export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
  readonly code = 'NOT_FOUND';
  readonly status = 404;
  constructor(userMessage: Message = { key: 'notFound' }) {
    super(userMessage);
  }
}

export class ConflictError extends DomainError {
  override name = 'ConflictError';
  readonly code = 'CONFLICT';
  readonly status = 409;
  constructor(userMessage: Message = { key: 'conflict' }) {
    super(userMessage);
  }
}

/** A well-formed request that cannot be processed as sent (an Idempotency-Key reused for another request). */
export class UnprocessableError extends DomainError {
  override name = 'UnprocessableError';
  readonly code = 'UNPROCESSABLE';
  readonly status = 422;
}

/** 403 for a feature the account's plan does not include (the web shows the upgrade instead). */
export class PlanRequiredError extends DomainError {
  override name = 'PlanRequiredError';
  readonly code = 'planRequired';
  readonly status = 403;
  constructor() {
    super({ key: 'planRequired' });
  }
}

export class PayloadTooLargeError extends DomainError {
  override name = 'PayloadTooLargeError';
  readonly code = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;
  constructor(userMessage: Message = { key: 'payloadTooLarge' }) {
    super(userMessage);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  override name = 'UnsupportedMediaTypeError';
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  readonly status = 415;
  constructor(userMessage: Message = { key: 'unsupportedMediaType' }) {
    super(userMessage);
  }
}

export class RateLimitedError extends DomainError {
  override name = 'RateLimitedError';
  readonly code = 'RATE_LIMITED';
  readonly status = 429;
  constructor(
    readonly retryAfterSeconds?: number,
    userMessage: Message = { key: 'rateLimited' },
  ) {
    super(userMessage);
  }
}

/** A host this service depends on (an image host) failed or did not answer in time. */
export class UpstreamError extends DomainError {
  override name = 'UpstreamError';
  readonly code = 'UPSTREAM';
  readonly status = 502;
  constructor(userMessage: Message = { key: 'imageUnavailable' }) {
    super(userMessage);
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

function translate(text: MessageKey | string, locale: Locale): string {
  try {
    return message(text as MessageKey, locale) ?? text;
  } catch {
    return text;
  }
}

/** The single place where an error becomes a status and a body. Unknown errors become a bare 500. */
export function toHttpError(error: unknown, locale: Locale): { status: number; body: ErrorBody } {
  if (error instanceof DomainError) {
    const msg = 'key' in error.userMessage ? message(error.userMessage.key, locale) : error.userMessage.text;
    const body: ErrorBody = { error: { code: error.code, message: msg } };
    if (error.fields) {
      body.error.fields = Object.fromEntries(
        Object.entries(error.fields).map(([field, text]) => [field, translate(text, locale)]),
      );
    }
    return { status: error.status, body };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal server error' } } };
}
