import { describe, expect, it } from 'vitest';
import { money } from '../engine/templates/format';
import { comparable, holds } from './run-eval';

describe('the evaluation finds facts as the answers write them', () => {
  it('finds an amount in either language, with or without øre', () => {
    for (const locale of ['en', 'nb'] as const) {
      expect(
        holds(`Worth ${money(123_456_789, 'NOK', locale)} in all.`, { label: 'value', money: 123_456_789 }),
      ).toBe(true);
      expect(holds(`Now ${money(49_000, 'NOK', locale)}.`, { label: 'price', money: 49_000 })).toBe(true);
      expect(holds(`Now ${money(49_000, 'NOK', locale)}.`, { label: 'price', money: 59_000 })).toBe(false);
    }
  });

  it('finds a whole number with thousands separators, and not inside another number', () => {
    expect(holds('Your cellar holds 1\u00a0234 bottles', { label: 'bottles', number: 1234 })).toBe(true);
    expect(holds('Your cellar holds 1,234 bottles', { label: 'bottles', number: 1234 })).toBe(true);
    expect(holds('Your cellar holds 11234 bottles', { label: 'bottles', number: 1234 })).toBe(false);
    expect(holds('12 wines', { label: 'wines', number: 2 })).toBe(false);
  });

  it('finds a name in a wine link, escaped for the table, whatever the case and accents', () => {
    const answer = '| [Ch\\[â\\]teau  Musar 2015](kork:wine/w1) | 3 |';
    expect(holds(answer, { label: 'wine', anyOf: ['Ch[a]teau Musar 2015'] })).toBe(true);
    expect(holds(answer, { label: 'wine', anyOf: ['Barolo'] })).toBe(false);
    expect(comparable('Rødvin  ÆØÅ')).toBe('rodvin aeoa');
  });
});
