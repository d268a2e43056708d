import { createLogger } from '../../platform/logger';
import { loadDutyRates, parseRatesFile, readRatesSource } from '../duty-rates-load';

/** The scheduler's event; locally `npm run job -- duty-rates <path>` puts the path in `detail.file`. */
interface DutyRatesEvent {
  detail?: { file?: unknown };
}

/**
 * Daily, and on demand: loads the duty rates file (a path given locally; in the cloud the imports
 * bucket's `duty-rates.json` when it is there; else the rates the app ships) into the rates table. A
 * file that fails its checks throws with what is wrong and changes nothing, so the job's alarm fires
 * and the rates loaded before stay in use.
 */
export async function handler(event?: DutyRatesEvent): Promise<string> {
  const log = createLogger({ job: 'duty-rates' });
  const file = typeof event?.detail?.file === 'string' ? event.detail.file : undefined;
  try {
    const { text, origin } = await readRatesSource(file);
    const report = await loadDutyRates(parseRatesFile(text, origin), origin);
    log.info('duty rates', { ...report });
    if (report.status === 'loaded')
      return `${report.rows} duty rates loaded from ${report.origin} (newest from ${report.latest})`;
    if (report.status === 'kept')
      return `Duty rates kept: the ${report.rows} rates loaded from ${report.origin} (newest from ${report.latest}) are as new as the shipped ones or newer`;
    return `Duty rates unchanged: ${report.origin} holds the ${report.rows} rates already loaded (newest from ${report.latest})`;
  } catch (error) {
    log.error('duty rates not loaded; the rates loaded before stay in use', { error });
    throw error;
  }
}
