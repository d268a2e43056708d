import { describe, expect, it } from 'vitest';
import { ABBREVIATIONS, longForms, otherForms, withAbbreviations } from './abbreviations';
import { bruteForce } from './brute-force';
import { buildCatalogIndex } from './catalog-index';
import { readQuery } from './query-text';
import { textTokens } from './text-match';
import type { IndexQuery, SearchDoc } from './types';
import { nameIn, namesOf } from './vocabulary-names';

let serial = 0;
function wine(fields: Partial<SearchDoc> & { name: string }): SearchDoc {
  serial++;
  return {
    id: `n${String(serial).padStart(3, '0')}`,
    vintage: null,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    food: [],
    isAvailable: true,
    isHorecaAvailable: true,
    expertIds: [],
    rating: null,
    expertRating: null,
    expertCount: 0,
    communityRating: null,
    communityCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const bordeaux = { country: 'Frankrike', region: 'Bordeaux', style: 'Rødvin' };
const catalogue = [
  wine({
    name: 'Ch. Margaux 2007',
    producer: 'Ch. Margaux',
    vintage: 2007,
    subRegion: 'Margaux',
    ...bordeaux,
  }),
  wine({
    name: 'Ch. Margaux 1996',
    producer: 'Ch. Margaux',
    vintage: 1996,
    subRegion: 'Margaux',
    ...bordeaux,
  }),
  wine({ name: 'Ch. Palmer 2007', producer: 'Ch. Palmer', vintage: 2007, subRegion: 'Margaux', ...bordeaux }),
  wine({
    name: 'Ch. du Glana 2009',
    producer: 'Ch. du Glana',
    vintage: 2009,
    subRegion: 'St. Julien',
    ...bordeaux,
  }),
  wine({
    name: 'Dom. Vacheron Sancerre 2012',
    producer: 'Dom. Vacheron',
    vintage: 2012,
    country: 'Frankrike',
    region: 'Loire',
    subRegion: 'Sancerre',
    style: 'Hvitvin',
  }),
  wine({
    name: 'Mollet Sancerre 2013 cuvée 2012',
    vintage: 2013,
    country: 'Frankrike',
    region: 'Loire',
    subRegion: 'Sancerre',
    style: 'Hvitvin',
  }),
  wine({ name: 'Château Montelena Chardonnay', vintage: 2012, country: 'USA', region: 'California' }),
  wine({ name: 'Saint Cosme Gigondas', vintage: 2011, country: 'Frankrike', region: 'Rhône Sør' }),
  wine({ name: 'Cs. Copertino Riserva', vintage: 2009, country: 'Italia', region: 'Puglia' }),
  wine({ name: 'Marchesi Antinori Tignanello', vintage: 2010, country: 'Italia', region: 'Toscana' }),
  wine({ name: 'Burgund Pinot', vintage: 2010, country: 'Frankrike', region: 'Burgund', style: 'Rødvin' }),
];
const index = buildCatalogIndex(catalogue);
const query: IndexQuery = { sortColumn: 'rating', sortDirection: 'desc', offset: 0, limit: 50 };
const found = (text: string) =>
  index
    .search({ ...query, text })
    .rows.map((row) => row.name)
    .sort();

describe('the abbreviation table', () => {
  it('gives each form the other forms of its row, both ways', () => {
    expect(otherForms('ch')).toEqual(['chateau']);
    expect(otherForms('chateau')).toEqual(['ch']);
    expect(otherForms('dom')).toEqual(['domaine']);
    expect(otherForms('domaine')).toEqual(['dom']);
    expect(otherForms('st')).toEqual(['saint', 'sankt', 'sct']);
    expect(otherForms('sankt')).toEqual(['st', 'saint', 'sct']);
    expect(otherForms('cs')).toEqual(['cantina sociale']);
    expect(otherForms('cantina sociale')).toEqual(['cs']);
    expect(otherForms('palmer')).toEqual([]);
  });

  it('holds folded words only, each form in one row', () => {
    const forms = ABBREVIATIONS.flat();
    expect(new Set(forms).size).toBe(forms.length);
    for (const form of forms) expect(form).toBe(textTokens(form).join(' '));
  });

  it('files a text under the words of every form it holds, one word or several', () => {
    expect(withAbbreviations(['ch', 'palmer'])).toEqual(['ch', 'palmer', 'chateau']);
    expect(withAbbreviations(['chateau', 'palmer'])).toEqual(['chateau', 'palmer', 'ch']);
    expect(withAbbreviations(['cantina', 'sociale', 'copertino'])).toEqual([
      'cantina',
      'sociale',
      'copertino',
      'cs',
      'cant',
    ]);
    expect(withAbbreviations(['cs', 'copertino'])).toEqual(['cs', 'copertino', 'cantina', 'sociale']);
    // "cantina" alone is no "cantina sociale".
    expect(withAbbreviations(['cantina', 'vecchia'])).toEqual(['cantina', 'vecchia', 'cant']);
    expect(withAbbreviations(['palmer'])).toEqual(['palmer']);
  });

  it('writes names one way for the navbar: abbreviations as their long forms', () => {
    expect(longForms(textTokens('St. Julien'))).toBe('saint julien');
    expect(longForms(textTokens('Saint-Julien'))).toBe('saint julien');
    expect(longForms(textTokens('Sankt Urbans-Hof'))).toBe('saint urbans hof');
    expect(longForms(textTokens('Château Palmer'))).toBe('chateau palmer');
    expect(longForms(textTokens('Ch. Palmer'))).toBe('chateau palmer');
  });
});

describe('a year in the query', () => {
  const years = new Set(['2007', '2012']);
  const has = (year: string) => years.has(year);

  it('is the vintage asked for when the catalogue has it', () => {
    expect(readQuery(['margaux', '2007'], has)).toEqual({ tokens: ['margaux'], vintage: '2007' });
    expect(readQuery(['2012'], has)).toEqual({ tokens: [], vintage: '2012' });
  });

  it('stays a word when the catalogue has no such vintage, or is no year', () => {
    expect(readQuery(['margaux', '1899'], has)).toEqual({ tokens: ['margaux', '1899'] });
    expect(readQuery(['cuvee', '12'], has)).toEqual({ tokens: ['cuvee', '12'] });
    expect(readQuery(['no', '20070'], has)).toEqual({ tokens: ['no', '20070'] });
  });

  it('takes the first year the catalogue has; another stays a word', () => {
    expect(readQuery(['2012', '2007', 'x', 'x'], has)).toEqual({ tokens: ['2007', 'x'], vintage: '2012' });
  });
});

describe('English and Norwegian names of the catalogue values', () => {
  it('names a stored value in both languages', () => {
    expect(namesOf('country', 'Italia')).toEqual(['Italia', 'Italy']);
    expect(namesOf('region', 'Burgund')).toEqual(['Burgund', 'Burgundy']);
    expect(namesOf('style', 'Rødvin')).toEqual(['Rødvin', 'Red wine']);
    expect(namesOf('region', 'Sørvest')).toEqual(['Sørvest', 'South West France', 'Sørvest-Frankrike']);
    expect(namesOf('region', 'Margaux')).toEqual(['Margaux']);
    expect(nameIn('en', 'country', 'Frankrike')).toBe('France');
    expect(nameIn('nb', 'country', 'Frankrike')).toBe('Frankrike');
    expect(nameIn('en', 'region', 'Margaux')).toBe('Margaux');
  });
});

describe('searching wine names as people say them', () => {
  it('finds Ch. and Dom. wines by Château, Chateau and Domaine, and the other way round', () => {
    expect(found('chateau margaux')).toEqual(['Ch. Margaux 1996', 'Ch. Margaux 2007', 'Ch. Palmer 2007']);
    expect(found('Château Palmer')).toEqual(['Ch. Palmer 2007']);
    expect(found('domaine vacheron')).toEqual(['Dom. Vacheron Sancerre 2012']);
    expect(found('ch montelena')).toEqual(['Château Montelena Chardonnay']);
    expect(found('st cosme')).toEqual(['Saint Cosme Gigondas']);
    expect(found('saint julien')).toEqual(['Ch. du Glana 2009']);
    expect(found('sankt julien')).toEqual(['Ch. du Glana 2009']);
    expect(found('cantina sociale copertino')).toEqual(['Cs. Copertino Riserva']);
  });

  it('ignores accents and case', () => {
    expect(found('CHÂTEAU PALMER')).toEqual(['Ch. Palmer 2007']);
    expect(found('dômaine vâcheron')).toEqual(['Dom. Vacheron Sancerre 2012']);
  });

  it('reads a year as the vintage, not as a year inside a name', () => {
    expect(found('margaux 2007')).toEqual(['Ch. Margaux 2007', 'Ch. Palmer 2007']);
    // The Mollet is a 2013 with "2012" in its name.
    expect(found('sancerre 2012')).toEqual(['Dom. Vacheron Sancerre 2012']);
    expect(index.search({ ...query, text: 'sancerre 2012' }).count).toBe(1);
    // No wine of 1850: the year is a word to match, and none has it.
    expect(found('margaux 1850')).toEqual([]);
  });

  it('finds a year written in a name when no wine of that vintage matches the rest', () => {
    // No Mollet of 2012 (it is a 2013): "2012" is then a word of its name, as a person copying the name types it.
    expect(found('mollet 2012')).toEqual(['Mollet Sancerre 2013 cuvée 2012']);
    expect(found('Mollet Sancerre 2013 cuvée 2012')).toEqual(['Mollet Sancerre 2013 cuvée 2012']);
    expect(bruteForce(catalogue, { ...query, text: 'mollet 2012' }).rows.map((r) => r.name)).toEqual(
      found('mollet 2012'),
    );
    // A vintage that matches still narrows: the Vacheron of 2012, not the Mollet's name.
    expect(found('sancerre 2012')).toEqual(['Dom. Vacheron Sancerre 2012']);
  });

  it('finds countries, regions and styles by their English and Norwegian names', () => {
    expect(found('italy')).toEqual(found('italia'));
    expect(found('italy')).toEqual(['Cs. Copertino Riserva', 'Marchesi Antinori Tignanello']);
    expect(found('burgundy')).toEqual(['Burgund Pinot']);
    expect(found('red wine burgund')).toEqual(['Burgund Pinot']);
    expect(found('france white wine')).toEqual(found('frankrike hvitvin'));
    expect(found('france white wine')).toEqual([
      'Dom. Vacheron Sancerre 2012',
      'Mollet Sancerre 2013 cuvée 2012',
    ]);
  });

  it('ranks exact words above prefixes above typos, abbreviations counting as exact', () => {
    const ranked = buildCatalogIndex([
      wine({ name: 'Palmerston Red', rating: 95 }),
      wine({ name: 'Ch. Palmer', rating: 80 }),
      wine({ name: 'Palmar Tinto', rating: 99 }),
    ]);
    const order = ranked.search({ ...query, text: 'chateau palmer' }).rows.map((row) => row.name);
    expect(order).toEqual(['Ch. Palmer']);
    const palmer = ranked.search({ ...query, text: 'palmer' }).rows.map((row) => row.name);
    expect(palmer).toEqual(['Ch. Palmer', 'Palmerston Red', 'Palmar Tinto']);
  });
});

describe('ranking within a tier', () => {
  it('lists a wine named by the words above one only described by them', () => {
    const ranked = buildCatalogIndex([
      wine({
        name: 'Ch. Monbrison',
        subRegion: 'Margaux',
        country: 'Frankrike',
        region: 'Bordeaux',
        rating: 95,
      }),
      wine({
        name: 'Ch. Margaux',
        producer: 'Ch. Margaux',
        subRegion: 'Margaux',
        country: 'Frankrike',
        rating: 90,
      }),
      wine({
        name: 'Pavillon Rouge',
        producer: 'Ch. Margaux',
        subRegion: 'Margaux',
        country: 'Frankrike',
        rating: 92,
      }),
      wine({ name: 'Margaret River Shiraz', country: 'Australia', rating: 99 }),
    ]);
    const order = ranked.search({ ...query, text: 'chateau margaux' }).rows.map((row) => row.name);
    // Both words in the name or producer first (best rated first), then "margaux" only as the place;
    // a prefix ("marga…") never comes above an exact word.
    expect(order).toEqual(['Pavillon Rouge', 'Ch. Margaux', 'Ch. Monbrison']);
    const typed = ranked.search({ ...query, text: 'marga' }).rows.map((row) => row.name);
    expect(typed).toEqual(['Margaret River Shiraz', 'Pavillon Rouge', 'Ch. Margaux', 'Ch. Monbrison']);
  });
});
