import { describe, expect, it } from 'vitest';
import { dutiesToday } from './duties-service';
import shipped from './duty-rates.json';
import { DutyRatesFileError, parseRatesFile } from './duty-rates-load';
import { digestOf, shippedRates } from './duty-rates-store';

const problemsOf = (text: string): string[] => {
  try {
    parseRatesFile(text, 'test.json');
  } catch (error) {
    if (error instanceof DutyRatesFileError) return error.problems;
    throw error;
  }
  return [];
};

describe('a duty rates file', () => {
  it('passes as the app ships it', () => {
    expect(parseRatesFile(JSON.stringify(shipped), 'shipped').rows).toHaveLength(shipped.rows.length);
  });

  it('names every problem with its place and what was found', () => {
    const [first, second] = shipped.rows;
    const bad = {
      rows: [
        { ...first, rate: 100_001 },
        { ...second, unit: 'perBottle', source: '' },
      ],
    };
    expect(problemsOf(JSON.stringify(bad))).toEqual([
      'rows.0.rate: must be at most 100000 (found 100001)',
      'rows.1.unit: not one of the allowed values (found "perBottle")',
      'rows.1.source: must be at least 1 (found "")',
    ]);
    expect(problemsOf('{"rows": []}')).toEqual(['rows: must be at least 1 (found [])']);
    expect(problemsOf('rows')[0]).toMatch(/^not JSON/);
    expect(problemsOf(JSON.stringify({ rows: [first, { ...first, rate: 1 }] }))).toEqual([
      'rows.0 and rows.1: two excise spirits rates from 2023-01-01',
    ]);
  });

  it('has the same digest whatever order its rows are in, and another when a rate changes', () => {
    const rows = shippedRates().rows;
    expect(digestOf([...rows].reverse())).toBe(digestOf(rows));
    expect(digestOf(rows.map((row, i) => (i === 0 ? { ...row, rate: row.rate + 1 } : row)))).not.toBe(
      digestOf(rows),
    );
  });
});

describe("the duties' today", () => {
  it("is Norway's day: new year's rates from midnight in Oslo, an hour before UTC's", () => {
    expect(dutiesToday(new Date('2025-12-31T22:59:59Z'))).toBe('2025-12-31');
    expect(dutiesToday(new Date('2025-12-31T23:00:00Z'))).toBe('2026-01-01');
    // Summer time: two hours ahead.
    expect(dutiesToday(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
  });
});
