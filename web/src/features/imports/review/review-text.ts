import type { ImportLine } from '@kork/shared';
import type { TFunction } from 'i18next';
import { formatDecimal } from '../../../lib/format-number';

/** A bottle size in litres as centilitres: "75 cl", "37,5 cl" (nb) / "37.5 cl" (en), "150 cl". */
export function bottleSizeText(litres: number, locale: string | undefined): string {
  return `${formatDecimal(litres * 100, locale, 1)}\u00a0cl`;
}

/** Where the line is in the file: "Row 14", "Page 1, line 7", else its place among the lines. */
export function lineAtText(line: Pick<ImportLine, 'at' | 'index'>, t: TFunction): string {
  const { row, page, line: number } = line.at;
  if (row !== undefined) return t('importsPage.review.at.row', { row });
  if (page !== undefined && number !== undefined)
    return t('importsPage.review.at.pageLine', { page, line: number });
  if (page !== undefined) return t('importsPage.review.at.page', { page });
  return t('importsPage.review.at.line', { line: number ?? line.index + 1 });
}
