/**
 * The account-deletions queue's consumer: one `accounts.deletion.requested` message at a time purges
 * what it can of the account within the function's time limit and sends itself on for the rest.
 */
import { AccountDeletionRequested } from '@kork/queue-messages';
import { sqsConsumer } from '../platform/sqs';
import { queues } from '../routes';
import { purgeAccount, purgeDeadline } from './purge';

export const handler = sqsConsumer(
  'account-deletions',
  AccountDeletionRequested,
  async (message, context) => {
    const deadline = purgeDeadline(Date.now(), queues['account-deletions'].consumer.timeoutSeconds);
    await purgeAccount(message, deadline, context.log);
  },
);
