import { type CurrencyCode, currency, type SalesAnalytics, toCsv as sharedCsv } from '@kork/shared';

/**
 * The analytics tables as CSV for a spreadsheet: `;` between cells, CRLF between rows and a byte order
 * mark first, the way Excel in a Norwegian (or any comma-decimal) locale opens a file without asking.
 * Numbers carry the reader's decimal mark and no thousands separator; money is in whole units of the
 * cellar's currency with its decimals. Text that a spreadsheet would run as a formula is quoted as text.
 */

export type CsvCell = string | number | undefined;

/** Rows of cells as CSV text, BOM first (the shared writer: text a spreadsheet would run as a formula is made plain text). */
export function toCsv(rows: readonly (readonly CsvCell[])[], decimalMark = '.'): string {
  return sharedCsv(rows, { separator: ';', decimalMark, bom: true });
}

/** The decimal mark of a language: "," in Norwegian, "." in English. */
export function decimalMarkOf(locale: string | undefined): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** Minor units as whole units with the currency's decimals, as a number (12550 NOK → 125.5). */
export function majorUnits(minor: number, code: CurrencyCode): number {
  const digits = currency(code).minorUnits;
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** The column headings, in the page's language. */
export interface CsvHeadings {
  period: string;
  wine: string;
  category: string;
  country: string;
  revenue: string;
  revenueWithVat: string;
  cost: string;
  margin: string;
  marginPercentage: string;
  units: string;
  glassUnits: string;
  sales: string;
  stock: string;
  turnover: string;
  daysOfStockLeft: string;
}

/** The period table: one row per day, week or month. */
export function periodCsvRows(data: SalesAnalytics, headings: CsvHeadings): CsvCell[][] {
  const money = (minor: number) => majorUnits(minor, data.currency);
  return [
    [
      headings.period,
      headings.revenue,
      headings.revenueWithVat,
      headings.cost,
      headings.margin,
      headings.marginPercentage,
      headings.units,
      headings.glassUnits,
      headings.sales,
    ],
    ...data.series.map((row) => [
      row.period,
      money(row.revenue),
      money(row.revenueWithVat),
      money(row.cost),
      money(row.margin),
      row.marginPercentage,
      row.units,
      row.glassUnits,
      row.sales,
    ]),
  ];
}

/** The by-wine table, every wine sold in the period; `categoryName` translates a main category id. */
export function wineCsvRows(
  data: SalesAnalytics,
  headings: CsvHeadings,
  categoryName: (id: string | undefined) => string,
  countryName: (name: string | undefined) => string,
): CsvCell[][] {
  const money = (minor: number) => majorUnits(minor, data.currency);
  return [
    [
      headings.wine,
      headings.category,
      headings.country,
      headings.revenue,
      headings.revenueWithVat,
      headings.cost,
      headings.margin,
      headings.marginPercentage,
      headings.units,
      headings.glassUnits,
      headings.sales,
      headings.stock,
      headings.turnover,
      headings.daysOfStockLeft,
    ],
    ...data.byWine.map((wine) => [
      wine.wineDisplayName,
      categoryName(wine.mainCategoryId),
      countryName(wine.country),
      money(wine.revenue),
      money(wine.revenueWithVat),
      money(wine.cost),
      money(wine.margin),
      wine.marginPercentage,
      wine.units,
      wine.glassUnits,
      wine.sales,
      wine.stock,
      wine.turnover === undefined ? undefined : Number(wine.turnover.toFixed(2)),
      wine.daysOfStockLeft === undefined ? undefined : Math.round(wine.daysOfStockLeft),
    ]),
  ];
}

/** Offers CSV text as a file download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
