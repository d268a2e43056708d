import type { ParsedWineLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { wordSimilarity } from './matching/match-lines';
import { canonicalWord, matchWords } from './matching/text';
import { buildCatalogIndex } from './search/catalog-index';
import type { SearchDoc } from './search/types';
import { matchWinesIn } from './wine-matcher';

let next = 0;
function wine(fields: Partial<SearchDoc> & Pick<SearchDoc, 'name'>): SearchDoc {
  next++;
  return {
    id: `w${String(next).padStart(3, '0')}`,
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

const docs = [
  wine({ id: 'pez06', name: 'Ch. de Pez', producer: 'Ch. de Pez', vintage: 2006, numbers: ['12345'] }),
  wine({ id: 'pez06m', name: 'Ch. de Pez', producer: 'Ch. de Pez', vintage: 2006, bottleSize: 1.5 }),
  wine({ id: 'pez10', name: 'Ch. de Pez', producer: 'Ch. de Pez', vintage: 2010 }),
  wine({
    id: 'fevre13',
    name: 'William Fèvre Chablis',
    producer: 'William Fèvre',
    vintage: 2013,
    mainCategoryId: 'white',
  }),
  wine({
    id: 'fevre-pc',
    name: 'William Fèvre Chablis 1er Cru Montmains',
    producer: 'William Fèvre',
    vintage: 2013,
    mainCategoryId: 'white',
  }),
  wine({
    id: 'borgogno',
    name: "Borgogno Barbera d'Alba",
    producer: 'Giacomo Borgogno & Figli',
    vintage: 2012,
  }),
  wine({
    id: 'borgogno-barolo',
    name: 'Borgogno Barolo',
    producer: 'Giacomo Borgogno & Figli',
    vintage: 2009,
  }),
  wine({ id: 'cava', name: 'Codorníu Clasico Brut', producer: 'Codorníu', mainCategoryId: 'sparkling' }),
  wine({
    id: 'cava-rose',
    name: 'Codorníu Clasico Brut Rosé',
    producer: 'Codorníu',
    mainCategoryId: 'sparkling',
  }),
  wine({ id: 'laroque', name: 'Ch. Laroque', producer: 'Ch. Laroque', vintage: 2008 }),
  wine({
    id: 'riesling',
    name: 'Dr. Loosen Riesling',
    producer: 'Dr. Loosen',
    vintage: 2013,
    mainCategoryId: 'white',
  }),
];
const index = buildCatalogIndex(docs);

function match(line: ParsedWineLine) {
  const [answer] = matchWinesIn(index, [line]);
  return answer as NonNullable<typeof answer>;
}

describe('matchWinesIn', () => {
  it('finds a wine by its Vinmonopolet number first, sure of it', () => {
    const answer = match({ wineName: 'Something else entirely', vinmonopoletNumber: '12345' });
    expect(answer.status).toBe('matched');
    expect(answer.candidates).toHaveLength(1);
    expect(answer.candidates[0]).toMatchObject({
      wineId: 'pez06',
      via: 'vinmonopoletNumber',
      confidence: 0.97,
    });
    expect(
      match({ wineName: 'Château de Pez', vintage: 2006, vinmonopoletNumber: '12345' }).candidates[0],
    ).toMatchObject({
      wineId: 'pez06',
      confidence: 1,
      vinmonopoletNumber: '12345',
    });
  });

  it('matches a written-out "Château" without accents to the catalogue\'s "Ch."', () => {
    const answer = match({ wineName: 'Chateau de Pez', vintage: 2010, bottleSize: 0.75 });
    expect(answer.status).toBe('matched');
    expect(answer.candidates[0]).toMatchObject({ wineId: 'pez10', via: 'text', vintage: 2010 });
    expect(answer.candidates[0]?.confidence).toBeGreaterThanOrEqual(0.85);
  });

  it('takes typos: letters swapped, dropped and doubled', () => {
    expect(match({ wineName: 'Wiliam Fevre Chabils', vintage: 2013 }).candidates[0]?.wineId).toBe('fevre13');
    expect(match({ wineName: 'Borggogno Barbera dAlba', vintage: 2012 }).candidates[0]?.wineId).toBe(
      'borgogno',
    );
  });

  it('finds a wine with the producer in its own column or merged into the name', () => {
    expect(
      match({ wineName: 'Chablis', producer: 'William Fèvre', vintage: 2013 }).candidates[0]?.wineId,
    ).toBe('fevre13');
    expect(match({ wineName: 'Giacomo Borgogno & Figli Barolo' }).candidates[0]?.wineId).toBe(
      'borgogno-barolo',
    );
  });

  it('tells a wine from one with more words in its name ("1er Cru Montmains", "Rosé")', () => {
    const plain = match({ wineName: 'William Fèvre Chablis', vintage: 2013 });
    expect(plain.candidates.map((c) => c.wineId)).toEqual(['fevre13', 'fevre-pc']);
    expect(plain.candidates[0]?.confidence).toBeGreaterThan(plain.candidates[1]?.confidence ?? 1);
    expect(match({ wineName: 'Codorniu Clasico Brut Rose', vintage: null }).candidates[0]?.wineId).toBe(
      'cava-rose',
    );
    expect(match({ wineName: 'Codorniu Clasico Brut', vintage: null }).candidates[0]?.wineId).toBe('cava');
  });

  it('without a vintage prefers the newest, less sure when there are several', () => {
    const answer = match({ wineName: 'Château de Pez', bottleSize: 0.75 });
    expect(answer.candidates[0]?.wineId).toBe('pez10');
    const single = match({ wineName: 'Château Laroque' });
    expect(single.candidates[0]?.confidence).toBeGreaterThan(answer.candidates[0]?.confidence ?? 1);
  });

  it('with a vintage the catalogue lacks still offers the wine, but does not confirm it', () => {
    const answer = match({ wineName: 'Château Laroque', vintage: 2015 });
    expect(answer.status).toBe('suggested');
    expect(answer.candidates[0]?.wineId).toBe('laroque');
    expect(answer.candidates[0]?.confidence).toBeLessThan(0.85);
  });

  it('weighs the bottle size: the size given, else the standard bottle', () => {
    expect(match({ wineName: 'Ch. de Pez', vintage: 2006, bottleSize: 1.5 }).candidates[0]?.wineId).toBe(
      'pez06m',
    );
    expect(match({ wineName: 'Ch. de Pez', vintage: 2006 }).candidates[0]?.wineId).toBe('pez06');
    const wrongSize = match({ wineName: 'Ch. Laroque', vintage: 2008, bottleSize: 3 });
    expect(wrongSize.candidates[0]?.wineId).toBe('laroque');
    expect(wrongSize.status).toBe('suggested');
  });

  it('matches NV wines to non-vintage catalogue wines', () => {
    const answer = match({ wineName: 'Codorníu Clasico Brut', producer: 'Codorníu', vintage: null });
    expect(answer).toMatchObject({ status: 'matched' });
    expect(answer.candidates[0]).toMatchObject({
      wineId: 'cava',
      vintage: null,
      mainCategoryId: 'sparkling',
    });
  });

  it('reads a vintage written in the name', () => {
    expect(match({ wineName: 'Ch. de Pez 2006 75 cl' }).candidates[0]?.wineId).toBe('pez06');
  });

  it('answers none for a line that is no catalogue wine', () => {
    expect(match({ wineName: 'Qwxzy Plonkety Flurb' })).toEqual({ status: 'none', candidates: [] });
    expect(match({ wineName: '—' })).toEqual({ status: 'none', candidates: [] });
  });

  it('offers at most three candidates, best first, confidences rounded to two decimals', () => {
    const answer = match({ wineName: 'Ch. de Pez' });
    expect(answer.candidates.length).toBeLessThanOrEqual(3);
    const confidences = answer.candidates.map((c) => c.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
    for (const c of confidences) expect(Math.round(c * 100) / 100).toBe(c);
  });

  it('tells progress every hundred lines and at the end', () => {
    const seen: number[] = [];
    matchWinesIn(
      index,
      Array.from({ length: 250 }, () => ({ wineName: 'Ch. de Pez' })),
      (done) => seen.push(done),
    );
    expect(seen).toEqual([100, 200, 250]);
  });
});

describe('matching words', () => {
  it('folds accents, writes producer words one way and leaves sizes and noise out', () => {
    expect(matchWords('Château Léoville-Poyferré 75 cl, 6 stk')).toEqual(['ch', 'leoville', 'poyferre', '6']);
    expect(matchWords('Domaine Weinbach 0,75l')).toEqual(['dom', 'weinbach']);
    expect(canonicalWord('chataeu')).toBe('ch');
    expect(canonicalWord('barolo')).toBe('barolo');
  });

  it('scores equal words, abbreviations and typos', () => {
    expect(wordSimilarity('margaux', 'margaux')).toBe(1);
    expect(wordSimilarity('sauv', 'sauvignon')).toBe(0.85);
    expect(wordSimilarity('marguax', 'margaux')).toBe(0.85);
    expect(wordSimilarity('chardonay', 'chardonnay')).toBe(0.85);
    expect(wordSimilarity('brut', 'alma')).toBe(0);
    expect(wordSimilarity('2010', '2011')).toBe(0);
  });
});
