import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, neutralizeFormula, toCsv } from './csv';

describe('CSV cells', () => {
  it('makes text a spreadsheet would run as a formula plain text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Klikk")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Klikk"")"`,
    );
    expect(csvCell('+47 22 33 44 55')).toBe("'+47 22 33 44 55");
    expect(csvCell('-2+3+cmd|/C calc!A0')).toBe("'-2+3+cmd|/C calc!A0");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(neutralizeFormula('Barolo = godt')).toBe('Barolo = godt');
    expect(csvCell('+3')).toBe("'+3");
    expect(csvCell('Barolo')).toBe('Barolo');
  });

  it('quotes where RFC 4180 needs it, with the chosen separator', () => {
    expect(csvCell('Barolo "Cannubi", 2019')).toBe('"Barolo ""Cannubi"", 2019"');
    expect(csvCell('a;b')).toBe('a;b');
    expect(csvCell('a;b', { separator: ';' })).toBe('"a;b"');
    expect(csvCell('to\nlinjer')).toBe('"to\nlinjer"');
    expect(csvCell(' kant ')).toBe('" kant "');
  });

  it('writes numbers as numbers (a minus stays a minus) and nothing as an empty cell', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(-12.5, { decimalMark: ',' })).toBe('-12,5');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes rows with CRLF and an optional byte order mark', () => {
    expect(
      toCsv([
        ['a', 1],
        ['=b', undefined],
      ]),
    ).toBe("a,1\r\n'=b,\r\n");
    expect(toCsv([['a', 1.5]], { separator: ';', decimalMark: ',', bom: true })).toBe('\uFEFFa;1,5\r\n');
  });

  it('reads back as the text it was, never starting a formula', () => {
    const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(',' as const, ';' as const), (text, separator) => {
        const cell = csvCell(text, { separator });
        expect(unquote(cell)).toBe(neutralizeFormula(text));
        expect(unquote(cell)).not.toMatch(/^[=+\-@\t\r]/);
        if (!cell.startsWith('"')) expect(cell).not.toMatch(new RegExp(`["\\r\\n${separator}]`));
      }),
    );
  });
});
