/**
 * Finished stock counts as other domains read them (the sales analytics' shrinkage): the counts dated
 * in a period and the figures of one count's entries, frozen when it was finished.
 */
import type { FinishedCount } from '@kork/shared';
import { tables } from '../data/tables';

export interface FinishedCountHead {
  id: string;
  name?: string;
  date: string;
  finishedAt?: string;
}

/** The owner's finished counts dated from `from` to `to` (ISO dates, both included). */
export async function finishedCountsBetween(
  ownerId: string,
  from: string,
  to: string,
): Promise<FinishedCountHead[]> {
  const { data } = await tables('stock-counts')
    .stockCount.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true, attributes: ['id', 'name', 'date', 'status', 'finishedAt'] });
  return data
    .filter((count) => count.status === 'finished' && count.date >= from && count.date <= to)
    .map(({ id, name, date, finishedAt }) => ({ id, name, date, finishedAt }));
}

/** What each entry of a count counted, expected and cost a unit. */
export async function countEntryFigures(ownerId: string, countId: string): Promise<FinishedCount['entries']> {
  const { data } = await tables('stock-counts')
    .stockCountEntry.query.byCount({ ownerId, countId })
    .go({ pages: 'all', attributes: ['counted', 'expected', 'unitCost'] });
  return data.map(({ counted, expected, unitCost }) => ({ counted, expected, unitCost }));
}
