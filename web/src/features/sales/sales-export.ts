import { type CurrencyCode, csvCell, currency, type Locale, type Sale, type SaleParty } from '@kork/shared';

/**
 * Sales as a spreadsheet: one row per product line, so a sale of three wines is three rows with the
 * sale's date and people on each. The CSV is what Excel in Norway opens as it is: `;` between fields, a
 * byte order mark so it reads UTF-8 (æ ø å), numbers with the page's decimal separator. The Excel file
 * (exceljs, downloaded only when asked for) holds real numbers and dates.
 */

export interface ExportColumns {
  date: string;
  saleId: string;
  customer: string;
  contactPerson: string;
  contactPhone: string;
  contactEmail: string;
  distributor: string;
  storeForDelivery: string;
  wine: string;
  units: string;
  byGlass: string;
  unitPrice: string;
  lineTotal: string;
  currency: string;
  note: string;
}

export const EXPORT_COLUMNS: readonly (keyof ExportColumns)[] = [
  'date',
  'saleId',
  'customer',
  'contactPerson',
  'contactPhone',
  'contactEmail',
  'distributor',
  'storeForDelivery',
  'wine',
  'units',
  'byGlass',
  'unitPrice',
  'lineTotal',
  'currency',
  'note',
];

/** One line of a sale as cells: text, whole numbers and money in whole units of the currency. */
export interface ExportRow {
  date: string;
  saleId: string;
  customer: string;
  contactPerson: string;
  contactPhone: string;
  contactEmail: string;
  distributor: string;
  storeForDelivery: string;
  wine: string;
  units: number;
  byGlass: boolean;
  unitPrice: number;
  lineTotal: number;
  currency: CurrencyCode;
  note: string;
}

export function partyName(party: SaleParty | undefined): string {
  return [party?.firstName, party?.lastName].filter(Boolean).join(' ');
}

function toUnits(minor: number, code: CurrencyCode): number {
  return minor / 10 ** currency(code).minorUnits;
}

export function exportRows(sales: readonly Sale[]): ExportRow[] {
  return sales.flatMap((sale) =>
    sale.products.map((line) => ({
      date: sale.date,
      saleId: sale.id,
      customer: partyName(sale.customer),
      contactPerson: partyName(sale.contactPerson),
      contactPhone: sale.contactPerson?.phone ?? '',
      contactEmail: sale.contactPerson?.email ?? '',
      distributor: sale.distributor ?? '',
      storeForDelivery: sale.storeForDelivery ?? '',
      wine: line.wineDisplayName,
      units: line.units,
      byGlass: line.byGlass,
      unitPrice: toUnits(line.unitPrice, sale.currency),
      lineTotal: toUnits(line.total, sale.currency),
      currency: sale.currency,
      note: sale.note ?? '',
    })),
  );
}

/** A CSV field: quoted where it must be, and text a spreadsheet would run as a formula made plain text. */
function csvField(value: string): string {
  return csvCell(value, { separator: ';' });
}

function csvMoney(value: number, locale: Locale): string {
  const fixed = value.toFixed(2);
  return locale === 'nb' ? fixed.replace('.', ',') : fixed;
}

/** The CSV text, BOM first; `yes`/`no` word the by-the-glass column. */
export function buildSalesCsv(
  rows: readonly ExportRow[],
  headers: ExportColumns,
  locale: Locale,
  words: { yes: string; no: string },
): string {
  const lines = [EXPORT_COLUMNS.map((column) => csvField(headers[column])).join(';')];
  for (const row of rows) {
    const cells: Record<keyof ExportColumns, string> = {
      date: row.date,
      saleId: row.saleId,
      customer: row.customer,
      contactPerson: row.contactPerson,
      contactPhone: row.contactPhone,
      contactEmail: row.contactEmail,
      distributor: row.distributor,
      storeForDelivery: row.storeForDelivery,
      wine: row.wine,
      units: String(row.units),
      byGlass: row.byGlass ? words.yes : words.no,
      unitPrice: csvMoney(row.unitPrice, locale),
      lineTotal: csvMoney(row.lineTotal, locale),
      currency: row.currency,
      note: row.note,
    };
    lines.push(EXPORT_COLUMNS.map((column) => csvField(cells[column])).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** An ISO day as a date at midnight UTC, which Excel shows as that day. */
function excelDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** The Excel workbook's bytes: dates as dates, units as whole numbers, money with two decimals. */
export async function buildSalesWorkbook(
  rows: readonly ExportRow[],
  headers: ExportColumns,
  sheetName: string,
  words: { yes: string; no: string },
): Promise<ArrayBuffer> {
  const module = await import('exceljs');
  const Excel = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = EXPORT_COLUMNS.map((column) => ({
    header: headers[column],
    key: column,
    width: column === 'wine' ? 40 : column === 'note' ? 30 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow({ ...row, date: excelDate(row.date), byGlass: row.byGlass ? words.yes : words.no });
  sheet.getColumn('date').numFmt = 'yyyy-mm-dd';
  sheet.getColumn('units').numFmt = '0';
  sheet.getColumn('unitPrice').numFmt = '#,##0.00';
  sheet.getColumn('lineTotal').numFmt = '#,##0.00';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Saves a blob as a file through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
