import type { CellarWine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { haystackOf } from './search-cellar';

const wine = (wineDisplayName: string) =>
  ({ wineDisplayName, grapes: [], quantity: 1, placements: [] }) as unknown as CellarWine;

const finds = (name: string, text: string) => {
  const haystack = haystackOf(wine(name), new Map());
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/\s+/)
    .every((term) => haystack.includes(term));
};

describe('the cellar search’s text of a wine', () => {
  it('finds a name written with an abbreviation by its long form, and the other way round', () => {
    expect(finds('Ch. Margaux 2015', 'chateau margaux')).toBe(true);
    expect(finds('Ch. Margaux 2015', 'Château Margaux')).toBe(true);
    expect(finds('Château Palmer 2010', 'ch palmer')).toBe(true);
    expect(finds('Dom. Vacheron Sancerre 2020', 'domaine vacheron')).toBe(true);
    expect(finds('Cant. di Soave Duca del Frassino 2011', 'cantina di soave')).toBe(true);
  });

  it('still tells wines apart', () => {
    expect(finds('Ch. Margaux 2015', 'chateau palmer')).toBe(false);
    expect(finds('Barolo Cannubi 2019', 'chateau')).toBe(false);
  });
});
