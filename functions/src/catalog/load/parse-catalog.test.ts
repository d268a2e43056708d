import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fixtureRow, GOOD_ROWS, utf8Csv, vinmonopoletCsv } from './fixtures/catalog-rows';
import { type ImportedWine, mapCatalogRow } from './map-row';
import {
  CatalogFormatError,
  type CatalogInput,
  type CatalogRowResult,
  detectForm,
  readCatalogRows,
} from './parse-catalog';

const now = new Date('2014-12-18T00:00:00Z');

async function readAll(input: CatalogInput): Promise<CatalogRowResult[]> {
  const results: CatalogRowResult[] = [];
  for await (const result of readCatalogRows(input, { now })) results.push(result);
  return results;
}

const expectedWines: ImportedWine[] = GOOD_ROWS.map((row) => mapCatalogRow(row, { now }));
const expectedResults = expectedWines.map((wine, i) => ({ line: i + 2, wine }));

/** The bytes in chunks of `size`, as a slow stream would deliver them. */
async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('detectForm', () => {
  it('recognises Kork’s UTF-8, comma separated copy', () => {
    expect(detectForm(utf8Csv(GOOD_ROWS))).toEqual({ encoding: 'utf-8', delimiter: ',' });
    expect(detectForm(utf8Csv(GOOD_ROWS, { bom: true }))).toEqual({ encoding: 'utf-8', delimiter: ',' });
  });

  it('recognises Vinmonopolet’s Windows-1252, semicolon separated file', () => {
    expect(detectForm(vinmonopoletCsv(GOOD_ROWS))).toEqual({ encoding: 'windows-1252', delimiter: ';' });
  });

  it('takes plain ASCII for UTF-8 and counts delimiters outside quotes only', () => {
    expect(detectForm(Buffer.from('"a;b;c",d\n'))).toEqual({ encoding: 'utf-8', delimiter: ',' });
    expect(detectForm(Buffer.from('a;b;c,d\n'))).toEqual({ encoding: 'utf-8', delimiter: ';' });
  });

  it('allows a UTF-8 letter cut off at the end of the head', () => {
    const head = Buffer.from('Varenummer,Varenavn\n1,Rosé', 'utf8');
    expect(detectForm(head.subarray(0, head.length - 1)).encoding).toBe('utf-8');
  });
});

describe('readCatalogRows', () => {
  it('reads the UTF-8, comma separated form', async () => {
    expect(await readAll(utf8Csv(GOOD_ROWS))).toEqual(expectedResults);
  });

  it('reads Vinmonopolet’s Windows-1252, semicolon, decimal comma form to the same wines', async () => {
    const results = await readAll(vinmonopoletCsv(GOOD_ROWS));
    expect(results).toEqual(expectedResults);
    expect(results[0]).toMatchObject({ wine: { style: 'Rødvin', region: 'Rhône Sør', priceMinor: 14990 } });
  });

  it('strips a byte order mark and reads Windows line ends', async () => {
    expect(await readAll(utf8Csv(GOOD_ROWS, { bom: true, lineEnd: '\r\n' }))).toEqual(expectedResults);
  });

  it('reads a stream, whatever its chunk boundaries', async () => {
    const utf8 = utf8Csv(GOOD_ROWS, { bom: true });
    const cp1252 = vinmonopoletCsv(GOOD_ROWS);
    for (const size of [1, 2, 7, 64]) {
      expect(await readAll(chunked(utf8, size))).toEqual(expectedResults);
      expect(await readAll(chunked(cp1252, size))).toEqual(expectedResults);
    }
    expect(await readAll(Readable.from(chunked(cp1252, 100)))).toEqual(expectedResults);
  });

  it('settles the encoding at the first letter outside ASCII, however late it comes', async () => {
    const plain = fixtureRow({
      Varenummer: '1',
      Varenavn: 'Chablis',
      Varetype: 'Hvitvin',
      Farge: 'Lys gul.',
      Lukt: 'Sitrus.',
      Smak: 'Frisk.',
      Distrikt: 'Burgund',
      Underdistrikt: 'Chablis',
      Rastoff: 'Chardonnay',
      Lagringsgrad: '',
    });
    expect(vinmonopoletCsv([plain]).every((byte) => byte < 0x80)).toBe(true);
    const rows = [...Array.from({ length: 50 }, () => plain), ...GOOD_ROWS];
    const results = await readAll(chunked(vinmonopoletCsv(rows), 1000));
    expect(results.slice(50)).toEqual(expectedResults.map(({ line, wine }) => ({ line: line + 50, wine })));
  });

  it('decodes the Windows-1252 letters that Latin-1 lacks', async () => {
    const text = vinmonopoletCsv([fixtureRow({ Varenavn: 'Graham#s Tawny', Smak: 'Lang #23 avslutning.' })]);
    const bytes = Buffer.from(text.map((byte) => (byte === 0x23 ? 0x92 : byte)));
    const [result] = await readAll(bytes);
    expect(result).toMatchObject({ wine: { name: 'Graham’s Tawny', taste: 'Lang ’23 avslutning.' } });
  });

  it('reports bad rows with their line numbers and keeps the good rows around them', async () => {
    const rows = [
      GOOD_ROWS[0],
      fixtureRow({ Varenummer: '5001', Argang: '737' }),
      GOOD_ROWS[1],
      fixtureRow({ Varenummer: '5002', Argang: '3013' }),
      fixtureRow({ Varenummer: '5003', Volum: '0' }),
      fixtureRow({ Varenummer: '5004', Volum: '150' }),
      fixtureRow({ Varenummer: '' }),
      GOOD_ROWS[2],
    ].map((row) => row ?? fixtureRow());
    const expected = [
      { line: 2, wine: expectedWines[0] },
      { line: 3, error: 'Argang "737" is not a vintage year' },
      { line: 4, wine: expectedWines[1] },
      { line: 5, error: 'Argang "3013" is not a vintage year' },
      { line: 6, error: 'Volum "0" is not a bottle size in litres' },
      { line: 7, error: 'Volum "150" is not a bottle size in litres' },
      { line: 8, error: 'Varenummer is missing' },
      { line: 9, wine: expectedWines[2] },
    ];
    expect(await readAll(utf8Csv(rows))).toEqual(expected);
    expect(await readAll(vinmonopoletCsv(rows))).toEqual(expected);
  });

  it('reads a quoted field holding a comma and a line break, and counts lines right after it', async () => {
    const aroma = 'Kirsebær, plomme\nog krydder.';
    const rows = [GOOD_ROWS[0], fixtureRow({ Varenummer: '5005', Lukt: aroma }), GOOD_ROWS[1]].map(
      (row) => row ?? fixtureRow(),
    );
    for (const lineEnd of ['\n', '\r\n']) {
      const results = await readAll(utf8Csv(rows, { lineEnd }));
      expect(results.map((result) => result.line)).toEqual([2, 3, 5]);
      expect(results[1]).toMatchObject({ wine: { vinmonopoletNumber: '5005', aroma } });
      expect(results[2]).toEqual({ line: 5, wine: expectedWines[1] });
    }
  });

  it('reports a row with the wrong number of fields', async () => {
    const bytes = Buffer.concat([
      vinmonopoletCsv(GOOD_ROWS.slice(0, 1)),
      Buffer.from('4799;Kort rad;0,75\r\n', 'latin1'),
      vinmonopoletCsv(GOOD_ROWS.slice(1, 2)).subarray(vinmonopoletCsv([]).length),
    ]);
    expect(await readAll(bytes)).toEqual([
      expectedResults[0],
      { line: 3, error: 'The row has 3 fields, the header has 36' },
      { line: 4, wine: expectedWines[1] },
    ]);
  });

  it('reports a quote left open at the end of the file', async () => {
    const bytes = Buffer.concat([utf8Csv(GOOD_ROWS), Buffer.from('"4799","Petite Folie\n2011\n', 'utf8')]);
    const results = await readAll(bytes);
    expect(results.slice(0, 3)).toEqual(expectedResults);
    expect(results.slice(3)).toEqual([
      { line: 5, error: expect.stringMatching(/^The row cannot be read: Quote Not Closed/) },
    ]);
  });

  it('skips blank lines but keeps counting them', async () => {
    const [header, first, second] = utf8Csv(GOOD_ROWS.slice(0, 2)).toString('utf8').split('\n');
    const text = `${header}\n\n${first}\n\n\n${second}\n\n`;
    const results = await readAll(Buffer.from(text, 'utf8'));
    expect(results.map((result) => result.line)).toEqual([3, 6]);
  });

  it('matches header names without regard to case', async () => {
    const text = vinmonopoletCsv(GOOD_ROWS).toString('latin1');
    const end = text.indexOf('\r\n');
    const bytes = Buffer.from(text.slice(0, end).toUpperCase() + text.slice(end), 'latin1');
    expect(await readAll(bytes)).toEqual(expectedResults);
  });

  it('refuses a file without the product columns', async () => {
    await expect(readAll(Buffer.from('name,price\nPetite Folie,149.90\n'))).rejects.toThrow(
      CatalogFormatError,
    );
    await expect(readAll(Buffer.from('name,price\n'))).rejects.toThrow(
      'The catalogue header (line 1) lacks the column(s) "Varenummer", "Varenavn", "Volum", "Varetype"',
    );
  });

  it('yields nothing for an empty file or a header alone', async () => {
    expect(await readAll(Buffer.alloc(0))).toEqual([]);
    expect(await readAll(Buffer.from('\uFEFF\n'))).toEqual([]);
    expect(await readAll(utf8Csv([]))).toEqual([]);
  });

  it('stops reading when the caller stops', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => fixtureRow({ Varenummer: String(6000 + i) }));
    let read = 0;
    for await (const result of readCatalogRows(chunked(utf8Csv(rows), 512), { now })) {
      expect(result).toHaveProperty('wine');
      if (++read === 3) break;
    }
    expect(read).toBe(3);
  });
});
