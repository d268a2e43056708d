/**
 * A cellar's sales as the sales analytics read them: each sale's id, day and lines, every sale or those
 * whose id (a ULID, so a moment) is from `since` on. Read consistently, so a sale just recorded is in.
 */
import { LAST_ULID } from '../data/id-ranges';
import { tables } from '../data/tables';

export interface SaleLinesRead {
  id: string;
  date: string;
  products?: unknown;
}

export async function saleLinesOf(ownerId: string, since?: string): Promise<SaleLinesRead[]> {
  const query = tables('sales').sale.query.byOwnerKey({ ownerId });
  const options = { pages: 'all', consistent: true, attributes: ['id', 'date', 'products'] } as const;
  // Bounded above too, so the query reads sales only (data/id-ranges.ts).
  const { data } = since
    ? await query.between({ id: since }, { id: LAST_ULID }).go(options)
    : await query.go(options);
  return data;
}
