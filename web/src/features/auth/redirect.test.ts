import { isAppPath } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeRedirectPath } from './redirect';

describe('where a person lands after signing in', () => {
  it('follows the API’s redirect_uri first, then the sign-in URL’s redirect, else the feed', () => {
    const search = new URLSearchParams('redirect=/settings/profile');

    expect(afterLoginPath('/wine-cellar/home', search)).toBe('/wine-cellar/home');
    expect(afterLoginPath(undefined, search)).toBe('/settings/profile');
    expect(afterLoginPath(undefined, new URLSearchParams())).toBe('/feed');
  });

  it('never leaves this app', () => {
    for (const target of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '\n//evil.example',
      'javascript:alert(1)',
      `${location.origin}.evil.example/x`,
    ]) {
      expect(safeRedirectPath(target)).toBeUndefined();
    }
    expect(safeRedirectPath(`${location.origin}/events?x=1`)).toBe('/events?x=1');
  });

  it('agrees with the rule the API applies to redirect_uri', () => {
    expect(isAppPath('/wine-cellar/home?tab=2#top')).toBe(true);
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'feed',
    ]) {
      expect(isAppPath(target)).toBe(false);
    }
  });
});
