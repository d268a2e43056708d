import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { bottlesWithOpen, openBottleSuffix } from './open-bottle';

describe('bottles with an open one', () => {
  it('shows the full bottles and the open one’s fill: 4 bottles, one 30 cl of 75 cl left', async () => {
    await i18n.changeLanguage('en');
    const wine = { quantity: 4, openBottleCl: 30, bottleSize: 0.75 };
    expect(bottlesWithOpen(wine, 'en')).toEqual({ full: 3, fullText: '3', open: '0.4' });
    expect(openBottleSuffix(i18n.t, wine, 'en')).toBe(' + open bottle (0.4)');
    await i18n.changeLanguage('nb');
    expect(openBottleSuffix(i18n.t, wine, 'nb')).toBe(' + åpnet flaske (0,4)');
  });

  it('says nothing of an open bottle when none is', () => {
    expect(bottlesWithOpen({ quantity: 5, bottleSize: 0.75 }, 'en')).toEqual({ full: 5, fullText: '5' });
    expect(openBottleSuffix(i18n.t, { quantity: 0, openBottleCl: 30, bottleSize: 0.75 }, 'en')).toBe('');
  });
});
