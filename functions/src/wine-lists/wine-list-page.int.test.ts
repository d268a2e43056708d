import { accountsSeed } from '@kork/functions/accounts/seed';
import {
  type ListPageCdnPort,
  recordingListPageCdn,
  useListPageCdn,
} from '@kork/functions/wine-lists/list-page-cdn';
import type { CellarWine, WineList } from '@kork/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

/** The guest's page of a list at `/l/{listId}`: HTML from the server, no client key, cached at the CDN. */

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });
const R = 'restaurant';
const lists = () => `/api/wine-cellars/users/${accounts.userIds[R]}/wine-lists`;
let cdn: ListPageCdnPort & { invalidated: string[] };

async function addWine(body: Record<string, unknown>): Promise<CellarWine> {
  return accounts.addWine(R, {
    source: 'CUSTOM',
    producerName: 'Domaine <Test> & "Fils"',
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 2,
    ...body,
  });
}

async function createList(json: Record<string, unknown>): Promise<WineList> {
  const answer = await origin.api<WineList>('POST', lists(), { token: accounts.tokens[R], json });
  expect(answer.status).toBe(201);
  return answer.payload;
}

/** As a phone's browser asks: no client key, no token. */
function page(listId: string, init: { lang?: string; acceptLanguage?: string } = {}) {
  const query = init.lang ? `?lang=${init.lang}` : '';
  return fetch(`${origin.base}/l/${listId}${query}`, {
    headers: init.acceptLanguage ? { 'accept-language': init.acceptLanguage } : {},
  });
}

beforeAll(() => {
  cdn = recordingListPageCdn();
  useListPageCdn(cdn);
});
afterAll(() => useListPageCdn(undefined));

describe('the guest’s list page', () => {
  it('shows a public list’s wines and prices as HTML, escaped, cached at the CDN, in both languages', async () => {
    const tricky = await addWine({
      wineName: 'Cuvée <script>alert(1)</script> & "Co"',
      sellingPrice: 129000,
    });
    const plain = await addWine({
      wineName: 'Enkel Rød',
      sellingPrice: 65000,
      pricePerGlass: 17500,
      glassSize: 15,
    });
    const list = await createList({ name: 'Gjestens <liste>', ownWineIds: [tricky.id, plain.id] });

    // Private: 404 for everyone, as HTML, without the list's name.
    const hidden = await page(list.id);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await hidden.text()).not.toContain('Gjestens');

    cdn.invalidated.length = 0;
    const published = await origin.api('PATCH', `${lists()}/${list.id}`, {
      token: accounts.tokens[R],
      json: { isPublic: true },
    });
    expect(published.status).toBe(200);
    // The change drops the CDN's copies of the page.
    expect(cdn.invalidated).toEqual([`/l/${list.id}`]);

    const answer = await page(list.id, { acceptLanguage: 'nb-NO,nb;q=0.9' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const cache = answer.headers.get('cache-control') ?? '';
    expect(cache).toMatch(/^public,/);
    expect(cache).toMatch(/s-maxage=\d+/);
    expect(cache).toMatch(/stale-while-revalidate=\d+/);
    expect(answer.headers.get('vary')).toMatch(/Accept-Language/i);
    const html = await answer.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<h1>Gjestens &lt;liste&gt;</h1>');
    expect(html).toContain('Cuvée &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; 2019');
    expect(html).toContain('Domaine &lt;Test&gt; &amp; &quot;Fils&quot;');
    expect(html).toContain('Enkel Rød 2019');
    // The prices as the list prints them (kroner, the glass price beside the bottle's).
    expect(html).toMatch(/1[\s\u00a0]?290/);
    expect(html).toMatch(/kr[\s\u00a0]650</);
    expect(html).toMatch(/Glass 15\scl<\/span>.*kr[\s\u00a0]175</);
    expect(html).toContain('Flaskepris');
    expect(html).toContain(`href="/wine-list/${list.id}"`);
    expect(html).toContain('Åpne vinkartet i Kork-appen');

    const english = await (await page(list.id, { lang: 'en', acceptLanguage: 'nb' })).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Bottle price');
    expect(english).toContain('Open the list in the Kork app');
    expect((await page(list.id, { acceptLanguage: 'en-GB' })).status).toBe(200);
    expect(await (await page(list.id, { acceptLanguage: 'en-GB' })).text()).toContain('<html lang="en">');

    // A language the page does not have: a clear 400.
    expect((await page(list.id, { lang: 'de' })).status).toBe(400);

    // Unpublished again: gone from the page, and the CDN told so.
    await origin.api('PATCH', `${lists()}/${list.id}`, {
      token: accounts.tokens[R],
      json: { isPublic: false },
    });
    expect(cdn.invalidated.at(-1)).toBe(`/l/${list.id}`);
    expect((await page(list.id)).status).toBe(404);
  });

  it('answers 404 for a list that never was, and the API’s public view still wants a client key', async () => {
    expect((await page('01JXXXXXXXXXXXXXXXXXXXXXXX')).status).toBe(404);
    const api = await fetch(`${origin.base}/api/wine-lists/01JXXXXXXXXXXXXXXXXXXXXXXX`);
    expect(api.status).toBe(403);
  });
});
