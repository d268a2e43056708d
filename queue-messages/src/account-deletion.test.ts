import { describe, expect, it } from 'vitest';
import { AccountDeletionRequested, accountDeletionRequestedExample } from './account-deletion';

describe('the account-deletions queue message', () => {
  it('reads its example as itself', () => {
    expect(AccountDeletionRequested.parse(accountDeletionRequestedExample)).toEqual(
      accountDeletionRequestedExample,
    );
  });

  it('refuses another version, an unknown language, a negative step and a message without its account', () => {
    const bad = [
      { ...accountDeletionRequestedExample, version: 2 },
      { ...accountDeletionRequestedExample, locale: 'de' },
      { ...accountDeletionRequestedExample, step: -1 },
      { ...accountDeletionRequestedExample, userId: '' },
    ];
    for (const message of bad) expect(AccountDeletionRequested.safeParse(message).success).toBe(false);
  });
});
