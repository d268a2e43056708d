import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { toProfileInput } from './account-values';

describe('profile values as the schemas read them', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('leaves out choices nobody made and keeps cleared texts, so they can be emptied', () => {
    const input = toProfileInput({
      country: '',
      wineLevel: '',
      tastingLocationLat: '',
      bio: '  ',
      webUrl: '',
    });

    expect(input).toEqual({ bio: '', webUrl: '' });
  });

  it('takes the "@" off an Instagram username and trims texts', () => {
    const input = toProfileInput({
      instagramUrl: ' @kork.no ',
      firstName: ' Anna ',
      tastingLocationLat: 59.9,
    });

    expect(input).toEqual({ instagramUrl: 'kork.no', firstName: 'Anna', tastingLocationLat: 59.9 });
  });

  it('reads a position as typed in the page’s language, and hands the schema NaN for one that is no number', async () => {
    await i18n.changeLanguage('nb');
    expect(toProfileInput({ tastingLocationLat: '59,91', tastingLocationLong: '-10,75' })).toEqual({
      tastingLocationLat: 59.91,
      tastingLocationLong: -10.75,
    });
    expect(toProfileInput({ tastingLocationLat: 'nord' }).tastingLocationLat).toBeNaN();
  });
});
