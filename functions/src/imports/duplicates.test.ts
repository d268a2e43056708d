import type { CellarWine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { duplicatesIn } from './duplicates';

function wine(fields: Partial<CellarWine> & Pick<CellarWine, 'id' | 'source' | 'wineName'>): CellarWine {
  return {
    cellarId: 'c',
    ownerId: 'o',
    vintage: null,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    wineDisplayName: fields.wineName,
    quantity: 6,
    placements: [],
    sellingPriceLocked: false,
    showBottleSizeInList: false,
    ...fields,
  } as CellarWine;
}

const cellar = [
  wine({
    id: 'own-pez',
    source: 'KORK',
    wineId: 'pez06',
    wineName: 'Ch. de Pez',
    vinmonopoletNumber: '12345',
  }),
  wine({
    id: 'own-import',
    source: 'SCAN_MATCHING_CUSTOM',
    wineName: 'Cuvée Vectura',
    externalIds: [
      { kind: 'VecturaID', value: 'V-77' },
      { kind: 'VinmonopoletID', value: '555' },
    ],
  }),
  wine({
    id: 'own-custom',
    source: 'CUSTOM',
    wineName: 'Chablis',
    producerName: 'William Fèvre',
    vintage: 2013,
    wineDisplayName: 'William Fèvre Chablis 2013',
    quantity: 3,
  }),
  wine({
    id: 'own-custom-again',
    source: 'CUSTOM',
    wineName: 'Chablis',
    producerName: 'William Fèvre',
    vintage: 2013,
  }),
];

describe('duplicatesIn', () => {
  it('finds the catalogue wine the line chose', () => {
    const [found, other] = duplicatesIn(cellar, [
      { parsed: { wineName: 'Chateau de Pez' }, choice: { kind: 'catalog', wineId: 'pez06' } },
      { parsed: { wineName: 'Chateau de Pez' }, choice: { kind: 'catalog', wineId: 'pez10' } },
    ]);
    expect(found).toEqual({ ownWineId: 'own-pez', wineDisplayName: 'Ch. de Pez', quantity: 6 });
    expect(other).toBeUndefined();
  });

  it('finds a wine by its Vinmonopolet number or its external ids', () => {
    const answers = duplicatesIn(cellar, [
      { parsed: { wineName: 'x', vinmonopoletNumber: '12345' }, choice: { kind: 'custom' } },
      { parsed: { wineName: 'x', vinmonopoletNumber: ' 555 ' }, choice: { kind: 'skip' } },
      { parsed: { wineName: 'x', vecturaNumber: 'V-77' }, choice: { kind: 'catalog', wineId: 'other' } },
      { parsed: { wineName: 'x', vecturaNumber: 'V-78' }, choice: { kind: 'custom' } },
    ]);
    expect(answers.map((a) => a?.ownWineId)).toEqual(['own-pez', 'own-import', 'own-import', undefined]);
  });

  it('finds a custom wine of the same producer, name, vintage and size, the first of several', () => {
    const answers = duplicatesIn(cellar, [
      { parsed: { wineName: 'William Fevre  Chablis', vintage: 2013 }, choice: { kind: 'custom' } },
      {
        parsed: { wineName: 'Chablis', producer: 'William Fèvre', vintage: 2013, bottleSize: 0.75 },
        choice: { kind: 'custom' },
      },
      {
        parsed: { wineName: 'Chablis', producer: 'William Fèvre', vintage: 2012 },
        choice: { kind: 'custom' },
      },
      {
        parsed: { wineName: 'Chablis', producer: 'William Fèvre', vintage: 2013, bottleSize: 1.5 },
        choice: { kind: 'custom' },
      },
      { parsed: { wineName: 'Chablis', producer: 'William Fèvre' }, choice: { kind: 'custom' } },
    ]);
    expect(answers.map((a) => a?.ownWineId)).toEqual([
      'own-custom',
      'own-custom',
      undefined,
      undefined,
      undefined,
    ]);
    expect(answers[0]).toEqual({
      ownWineId: 'own-custom',
      wineDisplayName: 'William Fèvre Chablis 2013',
      quantity: 3,
    });
  });

  it('does not take a catalogue wine for a custom one of the same name', () => {
    expect(
      duplicatesIn(cellar, [{ parsed: { wineName: 'Ch. de Pez' }, choice: { kind: 'custom' } }]),
    ).toEqual([undefined]);
    expect(
      duplicatesIn(cellar, [
        {
          parsed: { wineName: 'Chablis', producer: 'William Fèvre', vintage: 2013 },
          choice: { kind: 'catalog', wineId: 'f' },
        },
      ]),
    ).toEqual([undefined]);
  });
});
