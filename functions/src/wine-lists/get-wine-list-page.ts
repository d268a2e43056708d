import { LOCALES, type Locale, localeFromAcceptLanguage, pathIds } from '@kork/shared';
import * as z from 'zod/mini';
import { NotFoundError } from '../platform/errors';
import { httpRoute } from '../platform/http';
import { LIST_PAGE_CACHE } from './list-page-cdn';
import { listNotFoundHtml, listPageHtml } from './list-page-html';
import { getPublicWineList } from './wine-list-public';

const HTML = 'text/html; charset=utf-8';
const encoder = new TextEncoder();

/** `?lang=en|nb`: the language the guest chose on the page; without it, the browser's. */
const PageQuery = z.object({ lang: z.optional(z.enum(LOCALES)) });

/**
 * `GET /l/{listId}` (the QR code's address; the origin passes it here): a public list as one HTML page
 * for guests, readable without JavaScript, cached at the CDN (list-page-cdn.ts). Never the owner's view:
 * the page is the same for everyone, so a private list is 404 here even to its owner (the app shows it).
 */
export const handler = httpRoute(
  'GET /api/wine-lists/{listId}/page',
  { params: pathIds('listId'), query: PageQuery },
  async (req) => {
    const locale: Locale = req.query.lang ?? localeFromAcceptLanguage(req.headers['accept-language']);
    // One copy per language at the CDN: `lang` and Accept-Language are in its cache key.
    const headers = { 'cache-control': LIST_PAGE_CACHE, vary: 'Accept-Language' };
    try {
      const list = await getPublicWineList(req.params.listId ?? '', undefined, locale);
      return { file: { bytes: encoder.encode(listPageHtml(list, locale)), contentType: HTML }, headers };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      // Not found is kept briefly too: a list made public shows within the CDN's minute, or at once
      // through the invalidation its change sends.
      return {
        status: 404,
        file: { bytes: encoder.encode(listNotFoundHtml(locale)), contentType: HTML },
        headers,
      };
    }
  },
);
