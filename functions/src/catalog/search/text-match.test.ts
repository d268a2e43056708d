import { describe, expect, it } from 'vitest';
import { termMatches, textTokens } from './text-match';

describe('termMatches', () => {
  it('matches equal terms, prefixes from two characters and typos by token length', () => {
    expect(termMatches('c', 'c')).toBe(true);
    expect(termMatches('c', 'cabernet')).toBe(false);
    expect(termMatches('ca', 'cabernet')).toBe(true);
    expect(termMatches('cab', 'cba')).toBe(false);
    expect(termMatches('barollo', 'barolo')).toBe(true);
    expect(termMatches('barlo', 'barolo')).toBe(true);
    expect(termMatches('brolo', 'barolo')).toBe(true);
    expect(termMatches('rielsing', 'riesling')).toBe(true);
    expect(termMatches('chardonay', 'chardonnay')).toBe(true);
    expect(termMatches('chrdonay', 'chardonnay')).toBe(true);
    expect(termMatches('chrdnay', 'chardonnay')).toBe(false);
    expect(termMatches('sauvignn', 'sauvignon')).toBe(true);
    expect(termMatches('tint', 'tent')).toBe(true);
    expect(termMatches('tin', 'ten')).toBe(false);
  });

  it('folds Norwegian letters and accents', () => {
    expect(textTokens('Løiten Linie, Château Rosé — Ærø')).toEqual([
      'loiten',
      'linie',
      'chateau',
      'rose',
      'aero',
    ]);
  });
});
