/**
 * The `market-values` queue's consumer: one message's keys valued for its day. Keys already valued that
 * day are skipped before the provider is asked (a message delivered twice asks nothing twice); the rest
 * take their requests from the day's provider budget (those over it wait for tomorrow), each quote is
 * written once per wine and day, and the community's price is stored beside. A key the provider failed
 * on fails the message (a batch item failure): it comes back, and what was valued is then skipped; after
 * `maxReceiveCount` it lands in the dead-letter queue.
 */
import { MarketValueSync } from '@kork/queue-messages';
import { valuationProvider } from '../../adapters/valuation-provider';
import type { Logger } from '../../platform/logger';
import { sqsConsumer } from '../../platform/sqs';
import { keysValuedOn, recordQuote, reserveBudget } from '../valuation-writes';
import { recordCommunityPrices } from './community-prices';
import { requestsOf } from './sync-keys';

export interface ValueOutcome {
  skipped: number;
  written: number;
  unknown: number;
  overBudget: number;
  failed: number;
}

export class ValuationsFailed extends Error {
  constructor(
    readonly keys: readonly string[],
    /** What the message did before it failed (its values written stay written). */
    readonly outcome: ValueOutcome,
  ) {
    super(`the provider failed on ${keys.length} wine(s); the message comes back for them`);
  }
}

export async function valueWines(message: MarketValueSync, log?: Logger): Promise<ValueOutcome> {
  const { day } = message;
  const valued = await keysValuedOn(
    message.keys.map((k) => k.key),
    day,
  );
  const open = message.keys.filter((k) => !valued.has(k.key));
  const outcome: ValueOutcome = { skipped: valued.size, written: 0, unknown: 0, overBudget: 0, failed: 0 };
  if (open.length > 0) {
    const provider = await valuationProvider();
    const granted = await reserveBudget(provider.name, day, open.length);
    const asked = open.slice(0, granted);
    outcome.overBudget = open.length - asked.length;
    if (asked.length > 0) {
      const { quotes, misses } = await provider.quote(await requestsOf(asked), day);
      const askedKeys = new Set(asked.map((k) => k.key));
      const fresh = quotes.filter((quote) => askedKeys.has(quote.key) && quote.asOf === day);
      const written = await Promise.all(fresh.map((quote) => recordQuote(quote)));
      outcome.written = written.filter(Boolean).length;
      const failed = misses.filter((m) => m.reason === 'failed').map((m) => m.key);
      outcome.unknown = misses.filter((m) => m.reason === 'unknown').length;
      outcome.overBudget += misses.filter((m) => m.reason === 'budget').length;
      outcome.failed = failed.length;
      await recordCommunityPrices(open, day);
      if (failed.length > 0) throw new ValuationsFailed(failed, outcome);
    }
  }
  log?.info('market values', { day, ...outcome });
  return outcome;
}

export const handler = sqsConsumer('market-values', MarketValueSync, async (message, context) => {
  await valueWines(message, context.log);
});
