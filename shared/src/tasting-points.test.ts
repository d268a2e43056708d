import { describe, expect, it } from 'vitest';
import { isTastingPoints, TastingInput, UserTastingsQuery } from './catalog';
import { message } from './messages';
import { QuickRatingInput } from './want-to-try';

const note = { date: '2025-06-01', isPublished: true };

function pointsMessage(points: unknown, locale: 'en' | 'nb' = 'en'): string | undefined {
  const parsed = TastingInput.safeParse({ ...note, points });
  if (parsed.success) return undefined;
  const issue = parsed.error.issues.find((i) => i.path[0] === 'points');
  return issue ? message(issue.message, locale) : undefined;
}

describe('tasting points', () => {
  it('takes whole and half points from 50 to 100: 99.5 and 88.5 as experts give them', () => {
    for (const points of [50, 50.5, 88.5, 90, 99.5, 100]) {
      expect(TastingInput.safeParse({ ...note, points }).success, String(points)).toBe(true);
      expect(QuickRatingInput.safeParse({ points }).success, String(points)).toBe(true);
    }
  });

  it('refuses other steps and points off the scale with a message naming the rule', () => {
    for (const points of [99.4, 88.25, 49.5, 100.5, 101, Number.NaN, '90']) {
      expect(pointsMessage(points), String(points)).toBe(
        'Invalid points: 50 to 100, in whole or half points',
      );
    }
    expect(pointsMessage(99.9, 'nb')).toBe('Ugyldige poeng: 50 til 100, i hele eller halve poeng');
    expect(isTastingPoints(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('My tastings query', () => {
  it('takes half points as bounds and refuses anything off the scale', () => {
    expect(
      UserTastingsQuery.parse({ minPoints: '89.5', maxPoints: '100', category: 'red', q: 'barolo' }),
    ).toEqual({
      minPoints: 89.5,
      maxPoints: 100,
      category: 'red',
      q: 'barolo',
    });
    for (const bad of [
      { minPoints: '89.4' },
      { maxPoints: '1e2' },
      { minPoints: '49' },
      { category: 'lemonade' },
    ]) {
      expect(UserTastingsQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
