import { optionalEnv } from '../../platform/env';
import { createLogger } from '../../platform/logger';
import { type RatesProvider, referenceRates, storeRates } from './exchange-rate-service';
import { norgesBankRates } from './norges-bank-rates';

/**
 * Norges Bank's rates when `EXCHANGE_RATES_URL` is set (the cloud), else the reference rates Kork ships
 * with (locally, where nothing is set and no network is needed).
 */
export function ratesProvider(url = optionalEnv('EXCHANGE_RATES_URL', '')): RatesProvider {
  return url ? norgesBankRates({ url }) : referenceRates;
}

/**
 * Daily: stores the day's exchange rates with their date and source. A failed read throws, so the
 * schedule retries and the job's alarm fires, and the last stored rates stay in use meanwhile.
 */
export async function handler(): Promise<string> {
  const log = createLogger({ job: 'exchange-rates' });
  try {
    const { date, source, count } = await storeRates(ratesProvider());
    log.info('exchange rates stored', { date, source, count });
    return `${count} exchange rates stored for ${date} (${source})`;
  } catch (error) {
    log.error('exchange rates not stored; the last stored rates stay in use', { error });
    throw error;
  }
}
