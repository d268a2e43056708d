import { DomainError } from '../platform/errors';

export class EmailNotVerifiedError extends DomainError {
  override name = 'EmailNotVerifiedError';
  readonly code = 'EMAIL_NOT_VERIFIED';
  readonly status = 403;
  constructor() {
    super({ key: 'emailNotVerified' });
  }
}

export class InvalidTokenError extends DomainError {
  override name = 'InvalidTokenError';
  readonly code = 'INVALID_TOKEN';
  readonly status = 400;
  constructor() {
    super({ key: 'invalidToken' });
  }
}

export class AccountNotFoundError extends DomainError {
  override name = 'AccountNotFoundError';
  readonly code = 'ACCOUNT_NOT_FOUND';
  readonly status = 404;
  constructor() {
    super({ key: 'accountNotFound' });
  }
}
