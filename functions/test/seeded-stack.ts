/**
 * The setup most integration test files share: a stack of the file's own, the seeds it needs, and demo
 * accounts signed in through the API — started before the file's tests and stopped after them.
 *
 *   const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });
 *   const { tokens, userIds } = accounts;
 *
 * `origin` answers once the stack runs: in the file's own `beforeAll` hooks (they run after this one)
 * and its tests. `signedInAs(name)` is the API as one of the signed-in accounts.
 */
import { DEMO_ACCOUNTS } from '@kork/functions/accounts/seed';
import { applySeeds } from '@kork/functions/data/seed-runner';
import type { SeedStep } from '@kork/functions/data/seed-step';
import { afterAll, beforeAll } from 'vitest';
import type { LocalStackOptions } from '../../infra/local/stack';
import { TestAccounts } from './test-accounts';
import { type ApiAnswer, type ApiOptions, startTestOrigin, type TestOrigin } from './test-stack';

/** A demo account by the first part of its e-mail: `restaurant` is restaurant@kork.local. */
export type DemoAccountName =
  | 'admin'
  | 'restaurant'
  | 'expert'
  | 'sommelier'
  | 'critic'
  | 'importer'
  | 'private';

export interface SeededStackOptions {
  /** Seed steps applied once the stack runs, in this order. */
  seeds: readonly SeedStep[];
  /** Demo accounts signed in after the seeds (the accounts seed must be among them). */
  signIn?: readonly DemoAccountName[];
  /** Options of the local stack, such as a consumer that records what it is given. */
  stack?: LocalStackOptions;
  /** The start's timeout, where seeding takes longer than the tier's hook timeout. */
  timeout?: number;
}

export interface SeededStack {
  /** The file's origin; its calls go to the stack started in `beforeAll`. */
  origin: TestOrigin;
  /** The signed-in accounts' tokens and ids, by name. */
  accounts: TestAccounts;
  /** The API as a signed-in account: its token goes with every request. */
  signedInAs(
    name: DemoAccountName,
  ): <T = unknown>(method: string, path: string, options?: ApiOptions) => Promise<ApiAnswer<T>>;
}

/** The password of a demo account, from the accounts seed. */
function passwordOf(name: DemoAccountName): string {
  const account = DEMO_ACCOUNTS.find((a) => a.email === `${name}@kork.local`);
  if (!account) throw new Error(`no demo account ${name}@kork.local`);
  return account.password;
}

export function useSeededStack(options: SeededStackOptions): SeededStack {
  let running: TestOrigin | undefined;
  const current = (): TestOrigin => {
    if (!running) throw new Error('the stack starts in beforeAll; use the origin in a hook or a test');
    return running;
  };
  const origin: TestOrigin = {
    get stack() {
      return current().stack;
    },
    get base() {
      return current().base;
    },
    api: (method, path, apiOptions) => current().api(method, path, apiOptions),
    stop: () => current().stop(),
  };
  const accounts = new TestAccounts(current);

  beforeAll(async () => {
    running = await startTestOrigin(options.stack);
    await applySeeds([...options.seeds]);
    // One at a time: each log-in hashes a password (scrypt), and a burst of them starves a busy machine.
    for (const name of options.signIn ?? []) await accounts.logIn(`${name}@kork.local`, passwordOf(name));
  }, options.timeout);

  afterAll(async () => {
    await running?.stop();
  });

  return {
    origin,
    accounts,
    signedInAs: (name) => (method, path, apiOptions) =>
      current().api(method, path, { ...apiOptions, token: accounts.tokens[name] }),
  };
}
