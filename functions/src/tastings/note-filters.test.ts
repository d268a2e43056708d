import type { TastingNote } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { byTastingDate, hasFilters, matchesFilters } from './note-filters';

function note(id: string, fields: Partial<TastingNote>): TastingNote {
  return {
    id,
    wineId: `w-${id}`,
    authorId: 'me',
    authorName: 'Me',
    authorIsExpert: false,
    points: 90,
    date: '2025-01-01',
    isPublished: true,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...fields,
  };
}

const barolo = note('a', {
  points: 95.5,
  date: '2024-03-01',
  createdAt: '2024-03-01T08:00:00.000Z',
  text: 'Roser og tjære',
  wine: { id: 'w-a', name: 'Barolo Cannubi', producer: 'Brezza', vintage: 2016, mainCategoryId: 'red' },
});
const chablis = note('b', {
  points: 84,
  date: '2025-06-01',
  wine: { id: 'w-b', name: 'Chablis Premier Cru', producer: 'Fèvre', vintage: 2021, mainCategoryId: 'white' },
});
const older = note('c', { date: '2024-03-01', createdAt: '2024-03-02T09:00:00.000Z', points: 70 });
const newer = note('d', { date: '2024-03-01', createdAt: '2024-03-05T09:00:00.000Z' });

describe('My tastings order and filters', () => {
  it('puts the newest tasting first, and of one day the note written last', () => {
    const sorted = [older, chablis, barolo, newer].sort(byTastingDate).map((n) => n.id);
    expect(sorted).toEqual(['b', 'd', 'c', 'a']);
  });

  it('finds every word in the name, producer, vintage or text, accents and case aside', () => {
    expect(matchesFilters(chablis, { q: 'fevre chablis' })).toBe(true);
    expect(matchesFilters(barolo, { q: 'TJÆRE 2016' })).toBe(true);
    expect(matchesFilters(barolo, { q: 'barolo chablis' })).toBe(false);
  });

  it('filters by style and by a range of points', () => {
    expect([barolo, chablis].filter((n) => matchesFilters(n, { category: 'white' }))).toEqual([chablis]);
    expect([barolo, chablis, older].filter((n) => matchesFilters(n, { minPoints: 85 }))).toEqual([barolo]);
    expect([barolo, chablis, older].filter((n) => matchesFilters(n, { maxPoints: 84 }))).toEqual([
      chablis,
      older,
    ]);
    expect(hasFilters({ q: '  ' })).toBe(false);
    expect(hasFilters({ minPoints: 50 })).toBe(true);
  });
});
