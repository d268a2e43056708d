import type { PosImportColumns } from '@kork/shared';

/** The fields of a sales export the owner assigns a column to; the transaction id may be left out. */
export const IMPORT_FIELDS = ['transactionId', 'soldAt', 'productId', 'quantity', 'unitPrice'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A column per field, by header name; `null`: none chosen. */
export type ColumnChoice = Record<ImportField, string | null>;

/** Rows of the file shown under its header. */
export const PREVIEW_ROWS = 5;

export interface CsvPreview {
  header: string[];
  rows: string[][];
}

/**
 * The header and the first rows of a sales export, read with papaparse (loaded only when a file is
 * chosen). The delimiter (`,`, `;` or tab) is found by papaparse as the server finds it; a BOM is no part
 * of the first column's name.
 */
export async function previewCsv(text: string): Promise<CsvPreview> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    preview: PREVIEW_ROWS + 1,
    skipEmptyLines: 'greedy',
  });
  const [header = [], ...rows] = parsed.data;
  return { header: header.map((name) => name.trim()), rows };
}

const GUESSES: Record<ImportField, RegExp> = {
  transactionId: /trans|receipt|kvitt|bong|order|ordre/i,
  soldAt: /date|time|dato|tid|sold|solgt/i,
  productId: /product|prod|sku|plu|vare|artikkel|item/i,
  quantity: /qty|quant|antall|count|mengde/i,
  unitPrice: /price|pris|amount|bel[oø]p/i,
};

/** A first assignment from the header names: each column taken once, fields without a match left empty. */
export function guessColumns(header: readonly string[]): ColumnChoice {
  const taken = new Set<string>();
  const choice = {} as ColumnChoice;
  for (const field of IMPORT_FIELDS) {
    const match = header.find((name) => name && !taken.has(name) && GUESSES[field].test(name));
    choice[field] = match ?? null;
    if (match) taken.add(match);
  }
  return choice;
}

/** The fields whose column another field has chosen too. */
export function duplicateFields(choice: ColumnChoice): ImportField[] {
  const counts = new Map<string, number>();
  for (const field of IMPORT_FIELDS) {
    const column = choice[field];
    if (column) counts.set(column, (counts.get(column) ?? 0) + 1);
  }
  return IMPORT_FIELDS.filter((field) => {
    const column = choice[field];
    return column !== null && (counts.get(column) ?? 0) > 1;
  });
}

/** The columns to send, once every required field has one and none is chosen twice; else undefined. */
export function importColumns(choice: ColumnChoice): PosImportColumns | undefined {
  if (duplicateFields(choice).length > 0) return undefined;
  const { transactionId, soldAt, productId, quantity, unitPrice } = choice;
  if (!soldAt || !productId || !quantity || !unitPrice) return undefined;
  return { ...(transactionId ? { transactionId } : {}), soldAt, productId, quantity, unitPrice };
}
