/**
 * A line's choice before the user looks, against what the cellar holds: a line that leaves its vintage
 * open prefers the vintage the cellar has (its bottles added to), a line that matched nothing is added
 * to a custom wine of its name in the cellar, and otherwise it waits for the user, never a guess.
 */
import type { CellarWine, MatchCandidate } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { heldChoicesIn } from './duplicates';

function wine(fields: Partial<CellarWine> & Pick<CellarWine, 'id' | 'source' | 'wineName'>): CellarWine {
  return {
    cellarId: 'c',
    ownerId: 'o',
    vintage: null,
    bottleSize: 0.75,
    mainCategoryId: 'sparkling',
    grapes: [],
    wineDisplayName: fields.wineName,
    quantity: 6,
    placements: [],
    sellingPriceLocked: false,
    showBottleSizeInList: false,
    ...fields,
  } as CellarWine;
}

const vintage = (wineId: string, year: number | null): MatchCandidate => ({
  wineId,
  name: 'Veuve Clicquot Brut Rosé',
  vintage: year,
  bottleSize: 0.75,
  mainCategoryId: 'sparkling',
  confidence: 0.95,
  via: 'text',
});

const vintages = [vintage('vc-nv', null), vintage('vc-1978', 1978)];

describe('heldChoicesIn', () => {
  it('offers the vintage the cellar holds of a line without a vintage, to add its bottles to', () => {
    const cellar = [
      wine({
        id: 'own-nv',
        source: 'KORK',
        wineId: 'vc-nv',
        wineName: 'Brut Rosé',
        wineDisplayName: 'Brut Rosé NV',
      }),
    ];
    const [held] = heldChoicesIn(cellar, [
      { parsed: { wineName: 'Veuve Clicquot Brut Rosé' }, choice: { kind: 'undecided' }, vintages },
    ]);
    expect(held).toEqual({
      choice: { kind: 'catalog', wineId: 'vc-nv' },
      duplicate: { ownWineId: 'own-nv', wineDisplayName: 'Brut Rosé NV', quantity: 6 },
    });
  });

  it('leaves the vintage to the user when the cellar holds none of them', () => {
    const [held] = heldChoicesIn(
      [wine({ id: 'other', source: 'KORK', wineId: 'krug', wineName: 'Krug' })],
      [{ parsed: { wineName: 'Veuve Clicquot Brut Rosé' }, choice: { kind: 'undecided' }, vintages }],
    );
    expect(held).toEqual({ choice: { kind: 'undecided' } });
  });

  it('never makes a line that matched nothing a custom wine by itself', () => {
    const [nonsense, known] = heldChoicesIn(
      [wine({ id: 'own-house', source: 'CUSTOM', wineName: 'Husets Rødvin', mainCategoryId: 'red' })],
      [
        { parsed: { wineName: 'Xyzzy Flurble' }, choice: { kind: 'undecided' } },
        { parsed: { wineName: 'husets rodvin' }, choice: { kind: 'undecided' } },
      ],
    );
    expect(nonsense).toEqual({ choice: { kind: 'undecided' } });
    // The same name as a custom wine the cellar holds: that wine, its bottles added to.
    expect(known?.choice).toEqual({ kind: 'custom' });
    expect(known?.duplicate?.ownWineId).toBe('own-house');
  });

  it('keeps a decided choice, with its duplicate', () => {
    const [held] = heldChoicesIn(
      [wine({ id: 'own-1978', source: 'KORK', wineId: 'vc-1978', wineName: 'Brut Rosé 1978' })],
      [
        {
          parsed: { wineName: 'Veuve Clicquot Brut Rosé 1978', vintage: 1978 },
          choice: { kind: 'catalog', wineId: 'vc-1978' },
        },
      ],
    );
    expect(held?.choice).toEqual({ kind: 'catalog', wineId: 'vc-1978' });
    expect(held?.duplicate?.ownWineId).toBe('own-1978');
  });
});
