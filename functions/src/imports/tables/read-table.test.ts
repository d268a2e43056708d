import { crc32 } from 'node:zlib';
import { IMPORT_LIMITS } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../read/read-line';
import { csvText, encodeText, makeCsv, makeXlsx } from './fixtures/make-spreadsheet';
import { cellText, decodeText, numberText, readTable, readWholeWorkbook } from './read-table';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A zip archive of one stored file (no workbook parts). */
function zipOf(name: string, content: string): Uint8Array {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return new Uint8Array(Buffer.concat([local, fileName, data, central, fileName, end]));
}

async function failure(promise: Promise<unknown>): Promise<ImportFileError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

describe('readTable: .xlsx', () => {
  it('reads cells as the user sees them: numbers without float noise, dates, rich text, formulas, links', async () => {
    const bytes = await makeXlsx(
      ['Vinnavn', 'Produsent', 'Årgang', 'Pris', 'Innkjøpt', 'Antall', 'Notat'],
      [
        [
          'Barolo Cannubi',
          { richText: [{ text: 'Marchesi ' }, { text: 'di Barolo', font: { bold: true } }] },
          2017,
          289.9,
          new Date(Date.UTC(2024, 2, 5)),
          { formula: '2*3', result: 6 },
          { text: 'Se Vinmonopolet', hyperlink: 'https://www.vinmonopolet.no/p/1234' },
        ],
        ['Chablis', 'William Fèvre', 2021, 0.1 + 0.2, null, 12, null],
      ],
    );
    const table = await readTable(bytes, 'kjeller.xlsx', XLSX);
    expect(table.headers).toEqual(['Vinnavn', 'Produsent', 'Årgang', 'Pris', 'Innkjøpt', 'Antall', 'Notat']);
    expect(table.rows).toEqual([
      ['Barolo Cannubi', 'Marchesi di Barolo', '2017', '289.9', '2024-03-05', '6', 'Se Vinmonopolet'],
      ['Chablis', 'William Fèvre', '2021', '0.3', '', '12', ''],
    ]);
    expect(table.rowNumbers).toEqual([2, 3]);
    expect(table.headerRow).toBe(1);
    expect(table.truncated).toBe(false);
    expect(table.sheetName).toBe('Vinkjeller');
  });

  it('reads a workbook loaded whole the same as streamed (the reading when the stream loses its place)', async () => {
    const bytes = await makeXlsx(
      ['Vin', 'Antall'],
      [
        ['Barolo', 2],
        [null, null],
        ['Chablis', 6],
      ],
      {
        sheetsBefore: [{ name: 'Forside', rows: [] }],
        rowsAbove: [['Vinkjeller 2024'], []],
      },
    );
    const whole = await readWholeWorkbook(bytes);
    const streamed = await readTable(bytes, 'kjeller.xlsx');
    expect(whole.headers).toEqual(['Vin', 'Antall']);
    expect(whole.rows).toEqual([
      ['Barolo', '2'],
      ['Chablis', '6'],
    ]);
    expect(whole.rowNumbers).toEqual(streamed.rowNumbers);
    expect(whole.headerRow).toBe(streamed.headerRow);
  });

  it('takes the first worksheet with rows, skips empty rows and a title above the headers', async () => {
    const bytes = await makeXlsx(
      ['Vin', 'Antall'],
      [
        ['Barolo', 2],
        [null, null],
        ['Chablis', 6],
      ],
      {
        sheetsBefore: [{ name: 'Forside', rows: [] }],
        rowsAbove: [['Vinkjeller 2024'], []],
      },
    );
    const table = await readTable(bytes, 'kjeller.xlsx');
    expect(table.headers).toEqual(['Vin', 'Antall']);
    expect(table.rows).toEqual([
      ['Barolo', '2'],
      ['Chablis', '6'],
    ]);
    expect(table.headerRow).toBe(3);
    expect(table.rowNumbers).toEqual([4, 6]);
  });

  it('reads a workbook whatever its name says, and drops columns past the limit', async () => {
    const headers = Array.from({ length: IMPORT_LIMITS.maxColumns + 20 }, (_, i) => `K${i + 1}`);
    const bytes = await makeXlsx(headers, [headers.map((_, i) => i)]);
    const table = await readTable(bytes, 'export.csv', 'text/csv');
    expect(table.headers).toHaveLength(IMPORT_LIMITS.maxColumns);
    expect(table.rows[0]?.at(-1)).toBe(String(IMPORT_LIMITS.maxColumns - 1));
  });

  it('reads at most the line limit and says the file had more', async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.maxLines + 3 }, (_, i) => [`Vin ${i + 1}`, i % 12]);
    const table = await readTable(await makeXlsx(['Vin', 'Antall'], rows), 'stor.xlsx');
    expect(table.rows).toHaveLength(IMPORT_LIMITS.maxLines + 1);
    expect(table.rows.at(-1)?.[0]).toBe(`Vin ${IMPORT_LIMITS.maxLines + 1}`);
    expect(table.truncated).toBe(true);
  });

  it('refuses a corrupt workbook, random bytes, a zip that is no workbook and a password-protected one', async () => {
    const good = await makeXlsx(['Vin'], [['Barolo']]);
    const cut = good.subarray(0, Math.floor(good.length / 2));
    expect((await failure(readTable(cut, 'kjeller.xlsx'))).code).toBe('importFileUnreadable');

    const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251);
    expect((await failure(readTable(random, 'kjeller.xlsx'))).code).toBe('importFileUnreadable');

    const notWorkbook = zipOf('readme.txt', 'Ikke et regneark');
    expect((await failure(readTable(notWorkbook, 'kjeller.xlsx'))).code).toBe('importFileUnreadable');

    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Array(504).fill(0)]);
    const locked = await failure(readTable(ole, 'kjeller.xlsx'));
    expect(locked.code).toBe('importFileUnreadable');
    expect(locked.detail).toMatch(/password/);
  });

  it('turns an old .xls away with what to do instead', async () => {
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Array(504).fill(0)]);
    const error = await failure(readTable(ole, 'kjeller.xls', 'application/vnd.ms-excel'));
    expect(error.code).toBe('unsupportedMediaType');
    expect(error.detail).toMatch(/\.xlsx or CSV/);
  });

  it('says a workbook without rows is empty', async () => {
    const error = await failure(readTable(await makeXlsx([], []), 'tom.xlsx'));
    expect(error.code).toBe('importFileEmpty');
  });
});

describe('readTable: CSV', () => {
  const headers = ['Vin', 'Produsent', 'Årgang', 'Pris'];
  const rows = [
    ['Château Musar', 'Château Musar', '2016', '489,90'],
    ['Côte-Rôtie "La Landonne"', 'E. Guigal', '2018', '2 199,00'],
    ['Blåbærvin; søt', 'Hardanger Saft- og Siderfabrikk', '', '199,-'],
  ];

  it('reads UTF-8 with and without a byte-order mark, `;` and `,` delimiters, Windows line ends', async () => {
    for (const encoding of ['utf-8', 'utf-8-bom'] as const) {
      for (const delimiter of [';', ','] as const) {
        const table = await readTable(makeCsv(headers, rows, { encoding, delimiter }), 'vin.csv', 'text/csv');
        expect(table.encoding).toBe('utf-8');
        expect(table.delimiter).toBe(delimiter);
        expect(table.headers).toEqual(headers);
        expect(table.rows).toEqual(rows);
        expect(table.rowNumbers).toEqual([2, 3, 4]);
      }
    }
  });

  it('reads Windows-1252 (ø, å, é as single bytes)', async () => {
    const bytes = makeCsv(
      ['Vin', 'Område'],
      [
        ['Rosé fra Provence', 'Côtes de Provence, Frankrike'],
        ['Bjørnestad', 'Sogn'],
      ],
      {
        encoding: 'windows-1252',
        delimiter: ';',
      },
    );
    expect(bytes).toContain(0xe5); // å
    expect(bytes).toContain(0xe9); // é
    expect(bytes).toContain(0xf8); // ø
    const table = await readTable(bytes, 'vin.csv', 'application/vnd.ms-excel');
    expect(table.encoding).toBe('windows-1252');
    expect(table.headers).toEqual(['Vin', 'Område']);
    expect(table.rows).toEqual([
      ['Rosé fra Provence', 'Côtes de Provence, Frankrike'],
      ['Bjørnestad', 'Sogn'],
    ]);
  });

  it('reads tab- and bar-separated text, UTF-16 from Excel, and a "sep=" line', async () => {
    const tsv = await readTable(makeCsv(headers, rows, { delimiter: '\t', encoding: 'utf-16le' }), 'vin.txt');
    expect(tsv.delimiter).toBe('\t');
    expect(tsv.encoding).toBe('utf-16le');
    expect(tsv.rows).toEqual(rows);
    const bar = await readTable(makeCsv(headers, rows, { delimiter: '|', lineEnd: '\n' }), 'vin.txt');
    expect(bar.delimiter).toBe('|');
    expect(bar.rows[1]).toEqual(rows[1]);
    const sep = await readTable(new TextEncoder().encode('sep=;\r\nVin;Antall\r\nBarolo;3\r\n'), 'vin.csv');
    expect(sep.headers).toEqual(['Vin', 'Antall']);
    expect(sep.rows).toEqual([['Barolo', '3']]);
    expect(sep.rowNumbers).toEqual([3]);
  });

  it('counts rows as the file has them: blank lines and quoted line breaks', async () => {
    const text = 'Vin;Notat\r\n\r\nBarolo;"to\r\nlinjer"\r\n;\r\nChablis;kjølig\r\n';
    const table = await readTable(new TextEncoder().encode(text), 'vin.csv');
    expect(table.rows).toEqual([
      ['Barolo', 'to\r\nlinjer'],
      ['Chablis', 'kjølig'],
    ]);
    expect(table.rowNumbers).toEqual([3, 6]);
  });

  it('keeps Excel\'s ="0123" text and decodes character references', async () => {
    const text = 'Varenummer,Vin\r\n="0012345",Moët &amp; Chandon\r\n';
    const table = await readTable(new TextEncoder().encode(text), 'vin.csv');
    expect(table.rows).toEqual([['0012345', 'Moët & Chandon']]);
  });

  it('a one-column list of names is a table of one column', async () => {
    const table = await readTable(new TextEncoder().encode('Vin\nBarolo\nChablis, Premier Cru\n'), 'vin.txt');
    expect(table.headers).toEqual(['Vin']);
    expect(table.rows.map((row) => row[0])).toEqual(['Barolo', 'Chablis, Premier Cru']);
  });

  it('reads at most the line limit and the column limit', async () => {
    const many = Array.from({ length: IMPORT_LIMITS.maxLines + 1 }, (_, i) => [`Vin ${i}`, '1']);
    const table = await readTable(makeCsv(['Vin', 'Antall'], many), 'vin.csv');
    expect(table.rows).toHaveLength(IMPORT_LIMITS.maxLines + 1);
    expect(table.truncated).toBe(true);
    const exact = await readTable(makeCsv(['Vin', 'Antall'], many.slice(1)), 'vin.csv');
    expect(exact.rows).toHaveLength(IMPORT_LIMITS.maxLines);
    expect(exact.truncated).toBe(false);
    const titled = new TextEncoder().encode(`Vinliste\r\n${csvText(['Vin', 'Antall'], many)}`);
    const underTitle = await readTable(titled, 'vin.csv');
    expect(underTitle.headerRow).toBe(2);
    expect(underTitle.rows).toHaveLength(IMPORT_LIMITS.maxLines + 1);
    expect(underTitle.truncated).toBe(true);
    const wide = Array.from({ length: 5000 }, (_, i) => `K${i}`);
    const wideTable = await readTable(makeCsv(wide, [wide]), 'vin.csv');
    expect(wideTable.headers).toHaveLength(IMPORT_LIMITS.maxColumns);
  });

  it('refuses an empty file, a blank one and binary bytes named .csv', async () => {
    expect((await failure(readTable(new Uint8Array(), 'vin.csv'))).code).toBe('importFileEmpty');
    expect((await failure(readTable(encodeText(' \r\n\r\n', 'utf-8'), 'vin.csv'))).code).toBe(
      'importFileEmpty',
    );
    const binary = Uint8Array.from({ length: 2048 }, (_, i) => (i * 31) % 256);
    expect((await failure(readTable(binary, 'vin.csv'))).code).toBe('importFileUnreadable');
  });
});

describe('cell text', () => {
  it('numbers without float noise', () => {
    expect(numberText(289.9)).toBe('289.9');
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(1.005 * 1000)).toBe('1005');
    expect(numberText(2017)).toBe('2017');
    expect(numberText(0.75)).toBe('0.75');
  });

  it('every kind of cell value', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('  Barolo ')).toBe('Barolo');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(new Date(Date.UTC(2023, 11, 31)))).toBe('2023-12-31');
    expect(cellText({ richText: [{ text: 'A' }, { text: 'B' }] })).toBe('AB');
    expect(cellText({ formula: 'A1', result: { richText: [{ text: 'C' }] } })).toBe('C');
    expect(cellText({ sharedFormula: 'A1', result: 12.5 })).toBe('12.5');
    expect(cellText({ text: { richText: [{ text: 'Lenke' }] }, hyperlink: 'https://x' })).toBe('Lenke');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
  });

  it('decodes text by its byte-order mark, UTF-8, else Windows-1252', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41])).text).toBe('A');
    expect(decodeText(Uint8Array.from([0x42, 0xf8])).text).toBe('Bø');
    expect(decodeText(Uint8Array.from([0x80, 0x20, 0x92, 0x96, 0xe9])).text).toBe('€ ’–é');
    expect(decodeText(new TextEncoder().encode('Bø')).encoding).toBe('utf-8');
  });
});
