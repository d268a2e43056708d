import { createLogger } from '../platform/logger';
import { storeRates } from './exchange-rate-service';

/** Daily: stores the day's exchange rates with their date and source. */
export async function handler(): Promise<string> {
  const log = createLogger({ job: 'exchange-rates' });
  const { date, count } = await storeRates();
  log.info('exchange rates stored', { date, count });
  return `${count} exchange rates stored for ${date}`;
}
