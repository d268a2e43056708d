import { describe, expect, it } from 'vitest';
import { layoutFor } from './layout-rules';

describe('layoutFor', () => {
  it.each(['/sign-in', '/registration', '/password-recovery', '/auth/verify', '/authorize'])(
    'shows neither navbar nor footer on the auth page %s',
    (path) => {
      expect(layoutFor(path, '')).toMatchObject({ navbar: false, footer: false });
    },
  );

  it.each(['/embed/wine/42', '/wines/42/embed', '/wine-list/01HX', '/l/01HX', '/restaurants/5/wine-list/2'])(
    'shows neither navbar nor footer on the embed or wine-list page %s',
    (path) => {
      expect(layoutFor(path, '')).toMatchObject({ navbar: false, footer: false });
    },
  );

  it.each([
    '/wine-cellar/home',
    '/wine-cellar/wine-lists',
    '/wine-cellar/wine-lists/7',
    '/location/42',
    '/cart',
  ])('keeps the navbar but hides the footer on %s', (path) => {
    expect(layoutFor(path, '')).toMatchObject({ navbar: true, footer: false });
  });

  it('hides the footer when the query names both a username and a userId', () => {
    expect(layoutFor('/feed', '?username=anna&userId=7').footer).toBe(false);
    expect(layoutFor('/feed', '?username=anna').footer).toBe(true);
    expect(layoutFor('/feed', '?userId=7').footer).toBe(true);
  });

  it.each(['/feed', '/events', '/terms-of-use', '/privacy-policy', '/nowhere'])(
    'shows navbar and footer on %s',
    (path) => {
      expect(layoutFor(path, '')).toMatchObject({ navbar: true, footer: true });
    },
  );

  it('lets the navbar go transparent only on the home feed', () => {
    expect(layoutFor('/feed', '').transparentNavbar).toBe(true);
    expect(layoutFor('/feed/', '').transparentNavbar).toBe(true);
    expect(layoutFor('/events', '').transparentNavbar).toBe(false);
    expect(layoutFor('/wine-cellar/home', '').transparentNavbar).toBe(false);
  });

  it('gives the cellar the full width', () => {
    expect(layoutFor('/wine-cellar/wines', '').wide).toBe(true);
    expect(layoutFor('/feed', '').wide).toBe(false);
  });

  it('does not mistake the cart for a page that merely starts with its letters', () => {
    expect(layoutFor('/cartography', '').footer).toBe(true);
  });
});
