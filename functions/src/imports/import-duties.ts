/**
 * Purchase prices given without duties in a batch import (docs/duties.md): a cellar wine's purchase price
 * ex VAT is kept with duties, so each line's duties (its wine's alcohol, size and container, at the rates
 * of the day it is written, converted into the cellar's currency) are added as it is written. A line
 * whose duties cannot be computed — no alcohol known, as for a wine typed in from the file — is refused
 * with its reason rather than written with a price that lacks them.
 */
import {
  type CurrencyCode,
  convertMinor,
  type ImportLine,
  type MainCategory,
  type MessageKey,
  withDuties,
} from '@kork/shared';
import { getWines } from '../catalog/wine-lookup';
import type { ImportItem } from '../cellar/wines/cellar-wine-imports';
import { bottleDutiesFor, type DutyBottle, dutiesToday } from '../duties/duties-service';

interface Pending {
  line: ImportLine;
  item: ImportItem;
}

type NewItem = Extract<ImportItem, { kind: 'new' }>;

const priced = (item: ImportItem): item is NewItem =>
  item.kind === 'new' &&
  item.input.purchasePriceWovat !== undefined &&
  item.input.purchasePriceWovat !== null;

/**
 * The pending items with their purchase price ex VAT made duty-inclusive (one catalogue read and one
 * duties call for all), and the lines refused with their error.
 */
export async function withImportDuties(
  pending: readonly Pending[],
  currency: CurrencyCode,
  date: string = dutiesToday(),
): Promise<{ kept: Pending[]; refused: { line: ImportLine; error: NonNullable<ImportLine['error']> }[] }> {
  const asked = pending.filter((p) => priced(p.item));
  if (asked.length === 0) return { kept: [...pending], refused: [] };
  const catalogIds = asked.flatMap(({ item }) =>
    (item as NewItem).input.source === 'KORK'
      ? [(item as NewItem & { input: { wineId: string } }).input.wineId]
      : [],
  );
  const wines = catalogIds.length > 0 ? await getWines(catalogIds) : new Map();
  const bottles = asked.map(({ item }): DutyBottle => {
    const input = (item as NewItem).input;
    const own = {
      ...(typeof input.alcohol === 'number' ? { alcohol: input.alcohol } : {}),
      ...(input.container ? { container: input.container } : {}),
    };
    if (input.source === 'KORK') {
      const wine = wines.get(input.wineId);
      return {
        bottleSize: wine?.bottleSize ?? 0.75,
        category: (wine?.mainCategoryId ?? 'red') as MainCategory,
        wineId: input.wineId,
        ...own,
      };
    }
    return { bottleSize: input.bottleSize, category: input.mainCategoryId ?? 'red', ...own };
  });
  const results = await bottleDutiesFor(bottles, date);
  const converted = new Map<ImportLine, Pending>();
  const refused: { line: ImportLine; error: NonNullable<ImportLine['error']> }[] = [];
  asked.forEach(({ line, item }, i) => {
    const result = results[i];
    if (!result?.ok) {
      const code: MessageKey =
        result?.missing === 'rates' ? 'priceWithoutDutiesNeedsRates' : 'priceWithoutDutiesNeedsAlcohol';
      refused.push({ line, error: { code, field: 'purchasePriceWovat' } });
      return;
    }
    const input = (item as NewItem).input;
    const duties = {
      ...result.duties,
      excise: convertMinor(result.duties.excise, 'NOK', currency, {}),
      packagingTax: convertMinor(result.duties.packagingTax, 'NOK', currency, {}),
      deposit: convertMinor(result.duties.deposit, 'NOK', currency, {}),
    };
    converted.set(line, {
      line,
      item: {
        ...(item as NewItem),
        input: { ...input, purchasePriceWovat: withDuties(input.purchasePriceWovat as number, duties) },
      } as NewItem,
    });
  });
  const out = new Set(refused.map((r) => r.line));
  return {
    kept: pending.filter((p) => !out.has(p.line)).map((p) => converted.get(p.line) ?? p),
    refused,
  };
}
