/**
 * A spreadsheet or CSV file as a table: header row and data rows of text (exceljs for .xlsx; CSV with
 * its delimiter and encoding, UTF-8 or Windows-1252, detected). A corrupt file throws ImportFileError.
 */
export interface TableData {
  headers: string[];
  rows: string[][];
  sheetName?: string;
  encoding?: 'utf-8' | 'windows-1252';
  delimiter?: string;
}

export async function readTable(
  _bytes: Uint8Array,
  _fileName: string,
  _contentType?: string,
): Promise<TableData> {
  throw new Error('readTable: not written yet');
}
