import { describe, expect, it } from 'vitest';
import { facetId } from '../catalog';
import en from './en.json';
import { originName, vocabularyName } from './names';
import { canonicalOriginId, canonicalOriginIds, originId, storedOriginId } from './origins';

describe('origin ids', () => {
  it('name places by their English names, the same in either language', () => {
    expect(originId('Frankrike')).toBe('france');
    expect(originId('Frankrike', 'Burgund', 'Chablis')).toBe('france.burgundy.chablis');
    expect(originId('Italia', 'Piemonte', 'Barolo')).toBe('italy.piedmont.barolo');
    expect(originId('Frankrike', 'Bordeaux', 'Pauillac')).toBe('france.bordeaux.pauillac');
    expect(originId('Norge', 'Øvrige')).toBe('norway.other');
  });

  it('turn an old link’s Norwegian id into today’s, and leave today’s as it is', () => {
    expect(canonicalOriginId('italia')).toBe('italy');
    expect(canonicalOriginId('frankrike.burgund.ovrige')).toBe('france.burgundy.other');
    expect(canonicalOriginId('osterrike.wien')).toBe('austria.vienna');
    expect(canonicalOriginId('france.burgundy')).toBe('france.burgundy');
    expect(canonicalOriginIds(['italia', 'italy', 'spania'])).toEqual(['italy', 'spain']);
  });

  it('go back to the index’s stored names from either form', () => {
    expect(storedOriginId('france.burgundy.chablis')).toBe('frankrike.burgund.chablis');
    expect(storedOriginId('frankrike.burgund')).toBe('frankrike.burgund');
    expect(storedOriginId('spain.rioja')).toBe('spania.rioja');
  });

  it('never mistake one place for another: every country and region goes there and back', () => {
    for (const [field, names] of [
      ['country', en.country],
      ['region', en.region],
    ] as const) {
      for (const stored of Object.keys(names)) {
        const old = field === 'country' ? facetId(stored) : `frankrike.${facetId(stored)}`;
        const now = canonicalOriginId(old);
        expect(storedOriginId(now), stored).toBe(old);
        expect(canonicalOriginId(now), stored).toBe(now);
      }
    }
  });
});

describe('vocabulary names', () => {
  it('name controlled values in the language asked for', () => {
    expect(vocabularyName('country', 'Frankrike', 'en')).toBe('France');
    expect(vocabularyName('country', 'Frankrike', 'nb')).toBe('Frankrike');
    expect(vocabularyName('food', 'Lyst kjøtt', 'en')).toBe('White meat');
    expect(vocabularyName('storeCategory', 'Butikkategori 3', 'en')).toBe('Store category 3');
    expect(vocabularyName('region', 'Pauillac', 'en')).toBe('Pauillac');
    expect(vocabularyName('cork', 'Ukjent', 'en')).toBe('Unknown');
  });

  it('write an origin narrowest first', () => {
    expect(originName({ country: 'Frankrike', region: 'Champagne' }, 'en')).toBe('Champagne, France');
    expect(originName({ country: 'Frankrike', region: 'Burgund' }, 'nb')).toBe('Burgund, Frankrike');
    expect(originName({}, 'en')).toBeUndefined();
  });
});
