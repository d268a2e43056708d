import { describe, expect, it } from 'vitest';
import { toProfileInput } from './account-values';

describe('profile values as the schemas read them', () => {
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
});
