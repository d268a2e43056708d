import { notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeAll } from 'vitest';
import { i18nReady } from '../i18n/i18n';
import { queryClient } from '../lib/query-client';

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

// No component test reaches a server: a request a test did not answer itself fails at once, as a
// device without a connection does, instead of going to whatever listens on the test page's origin
// (localhost:3000: nothing, or a local stack someone started) and answering late or not at all.
const offline = (input: RequestInfo | URL): Promise<Response> =>
  Promise.reject(
    new TypeError(`No network in component tests: ${String(input instanceof Request ? input.url : input)}`),
  );
globalThis.fetch = offline as typeof fetch;
if (window.fetch !== globalThis.fetch) window.fetch = offline as typeof fetch;

// Server state reaches the screen in the same turn as its answer (TanStack Query would otherwise wait
// for the next macrotask), as a test's mocked answer does in the app.
notifyManager.setScheduler(queueMicrotask);

// Queries that wait (findBy…, waitFor) get room for a busy CI runner; a real failure still fails.
configure({ asyncUtilTimeout: 5_000 });

// A test that changes the language before the first catalogue has arrived could race i18next's own
// start; every test begins once it has.
beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  // Every test starts from an empty server-state cache, as a fresh page load does.
  queryClient.clear();
  window.localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
