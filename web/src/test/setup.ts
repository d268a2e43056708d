import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeAll } from 'vitest';
import { i18nReady } from '../i18n/i18n';

// Polyfills for what Mantine and the shell use and a test DOM may lack. happy-dom has most of them;
// each is added only where missing, so a real implementation always wins.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = NoopObserver as unknown as typeof ResizeObserver;
}

if (typeof window.IntersectionObserver !== 'function') {
  window.IntersectionObserver = NoopObserver as unknown as typeof IntersectionObserver;
}

if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => {};
}

// Queries that wait (findBy…, waitFor) get room for a busy CI runner; a real failure still fails.
configure({ asyncUtilTimeout: 5_000 });

// A test that changes the language before the first catalogue has arrived could race i18next's own
// start; every test begins once it has.
beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
