import { describe, expect, it } from 'vitest';
import { decodeDocs, encodeDocs } from './snapshot-codec';
import { wine } from './test-wines';

describe('the snapshot as columns', () => {
  it('gives back every wine as it was, absent fields undefined and empty lists empty', () => {
    const docs = [
      wine({
        name: 'Château Margaux 2015',
        producer: 'Château Margaux',
        country: 'Frankrike',
        region: 'Bordeaux',
        grapes: ['Cabernet Sauvignon', 'Merlot'],
        food: ['Storfe'],
        priceMinor: 950_000,
        expertIds: ['expert-01'],
        rating: 96,
        expertRating: 96,
        expertCount: 1,
        numbers: ['1234'],
        vecturaIds: ['V-1'],
        wholesaler: 'Vinarius',
        isHorecaAvailable: false,
      }),
      wine({ vintage: null, isAvailable: false, numbers: [] }),
    ];
    const decoded = decodeDocs(JSON.parse(JSON.stringify(encodeDocs(docs))));
    expect(decoded).toEqual(JSON.parse(JSON.stringify(docs)));
    expect(decoded[1]?.priceMinor).toBeUndefined();
    expect(decoded[1]?.vecturaIds).toBeUndefined();
    expect(decoded[0]?.vecturaIds).toEqual(['V-1']);
    expect(decoded[1]?.numbers).toEqual([]);
  });

  it('writes a text the wines share once', () => {
    const docs = Array.from({ length: 50 }, () => wine({ country: 'Italia', region: 'Toscana' }));
    const columns = encodeDocs(docs);
    expect(columns.strings.filter((s) => s === 'Italia')).toHaveLength(1);
  });
});
