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

/**
 * The right password of a deactivated account: the person may reactivate it by signing in again and
 * confirming (`reactivate: true`), SPEC §4.
 */
export class AccountDeactivatedError extends DomainError {
  override name = 'AccountDeactivatedError';
  readonly code = 'ACCOUNT_DEACTIVATED';
  readonly status = 403;
  constructor() {
    super({ key: 'accountDeactivated' });
  }
}
