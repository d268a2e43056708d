import type { CurrencyCode, WineValue } from '@kork/shared';
import type { TFunction } from 'i18next';
import { type CsvCell, majorUnits } from '../sales-analytics/csv';

/**
 * The table of valued wines as CSV rows (written by the sales analytics' CSV writer: `;`, BOM, the
 * reader's decimal mark). Money is in whole units of the answer's currency; the source is named in the
 * page's language, with its date and whether it is demo data.
 */
export function wineCsvRows(wines: readonly WineValue[], code: CurrencyCode, t: TFunction): CsvCell[][] {
  const money = (minor: number | undefined) => (minor === undefined ? undefined : majorUnits(minor, code));
  return [
    [
      t('marketValuePage.columns.wine'),
      t('marketValuePage.columns.vintage'),
      t('marketValuePage.columns.bottles'),
      `${t('marketValuePage.columns.unitValue')} (${code})`,
      `${t('marketValuePage.columns.value')} (${code})`,
      `${t('marketValuePage.columns.purchaseValue')} (${code})`,
      t('marketValuePage.columns.source'),
      t('marketValuePage.columns.priceType'),
      t('marketValuePage.columns.asOf'),
      t('marketValuePage.columns.demo'),
    ],
    ...wines.map((wine) => [
      wine.wineDisplayName,
      wine.vintage ?? undefined,
      wine.bottles,
      money(wine.unitValue),
      money(wine.value),
      money(wine.purchaseValue),
      t(`marketValuePage.sources.${wine.source}`),
      wine.priceType ? t(`marketValuePage.priceTypes.${wine.priceType}`) : undefined,
      wine.asOf,
      wine.demo ? t('marketValuePage.demo.badge') : undefined,
    ]),
  ];
}
