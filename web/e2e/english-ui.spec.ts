import type { PublicWineList, WineDetail, WineListRef, WineSearchResult } from '@kork/shared';
import enVocabulary from '@kork/shared/vocabulary/en.json' with { type: 'json' };
import nbVocabulary from '@kork/shared/vocabulary/nb.json' with { type: 'json' };
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_HEADERS } from './support/accounts';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage, DEMO_IDS, openPage } from './support/routes';

/**
 * English is English: a visitor who reads Kork in English meets the catalogue's words in English on the
 * feed's filters, a wine's page and a restaurant's public list, on a laptop and on a phone. Checked
 * against the vocabulary itself: every Bokmål name that differs from its English one.
 */

type Vocabulary = Record<string, Record<string, string> | string>;

/**
 * Bokmål names that are also how the place or thing is written in English text or on labels ("Toscana
 * IGT" in a wine's name, "Orkney Island", "bitter" in a tasting note): left out of the check.
 */
const ALSO_ENGLISH = new Set([
  'Piemonte',
  'Toscana',
  'Sicilia',
  'Puglia',
  'Lombardia',
  'Franken',
  'Steiermark',
  'Südsteiermark',
  'Weststeiermark',
  'Wien',
  'Niederösterreich',
  'USA',
  'EU',
  'Island',
  'Bitter',
  'Rom',
]);

function norwegianNames(): string[] {
  const en = enVocabulary as Vocabulary;
  const nb = nbVocabulary as Vocabulary;
  const names = new Set<string>();
  for (const [field, entries] of Object.entries(nb)) {
    if (typeof entries !== 'object') continue;
    for (const [stored, name] of Object.entries(entries)) {
      const english = (en[field] as Record<string, string>)[stored];
      if (name !== english && !ALSO_ENGLISH.has(name)) names.add(name);
    }
  }
  if (typeof nb.unknown === 'string') names.add(nb.unknown);
  return [...names];
}

const NORWEGIAN = norwegianNames();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A Bokmål name as a whole word or phrase, in its own case ("Italia", not "Italian"). */
const NORWEGIAN_WORD = new RegExp(`(?<![\\p{L}])(${NORWEGIAN.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'u');

/**
 * The text a reader sees in `scope`, leaving out what is marked Norwegian (`lang="nb"`) on purpose and
 * elements that hold only one of `ownWords` (a restaurant's own section names, written as it chose).
 */
async function englishText(
  scope: Locator,
  ownWords: readonly string[] = [],
  properNames: readonly string[] = [],
): Promise<string> {
  return scope.evaluate(
    (element, [own, names]) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const marked of copy.querySelectorAll('[lang="nb"]')) marked.remove();
      // Hidden options (a closed select's list) are not read.
      for (const hidden of copy.querySelectorAll('[hidden], [aria-hidden="true"], style, script'))
        hidden.remove();
      for (const named of copy.querySelectorAll('*')) {
        if (own.includes(named.textContent?.trim() ?? '')) named.remove();
      }
      // Proper names inside longer text (a wine called "Smalhans Rødvin" beside its vintage) go too.
      let text = copy.innerText || copy.textContent || '';
      for (const name of names) if (name) text = text.split(name).join(' ');
      return text;
    },
    [ownWords, properNames] as const,
  );
}

async function expectNoNorwegian(
  scope: Locator,
  where: string,
  {
    ownWords = [],
    properNames = [],
    tastingNotes = false,
  }: { ownWords?: readonly string[]; properNames?: readonly string[]; tastingNotes?: boolean } = {},
): Promise<void> {
  const text = await englishText(scope, ownWords, properNames);
  const found = text.match(NORWEGIAN_WORD);
  const at = found?.index ?? 0;
  expect(
    found?.[0],
    `a Norwegian catalogue word on ${where}: …${text.slice(Math.max(0, at - 60), at + 60)}…`,
  ).toBeUndefined();
  // Vinmonopolet's tasting notes: their commonest Norwegian words, outside what is marked Norwegian.
  if (tastingNotes)
    expect(text, `tasting notes in Norwegian on ${where}`).not.toMatch(/\b(og|med|preg av)\b/);
}

async function payload<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/**
 * A French red of the catalogue with Vinmonopolet's colour, smell and taste sentences: the first of the
 * best-rated that has them (other journeys rate wines, so the order of the list is not fixed).
 */
async function frenchWineId(request: APIRequestContext): Promise<string> {
  const found = await payload<WineSearchResult>(
    await request.get('/api/wines?origins=france.burgundy&mainCategoryId=red&resultsPerPage=20', {
      headers: API_HEADERS,
    }),
  );
  expect(found.rows.length, 'red wines from Burgundy in the catalogue').toBeGreaterThan(0);
  for (const row of found.rows) {
    const wine = await payload<WineDetail>(
      await request.get(`/api/wines/${encodeURIComponent(row.id)}`, { headers: API_HEADERS }),
    );
    if (wine.colour && wine.aroma && wine.taste) return row.id;
  }
  throw new Error('no red wine from Burgundy with colour, smell and taste notes among the best-rated 20');
}

async function openFilters(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: /^Filters/ });
  if (await button.isVisible()) {
    await button.click();
    return page.getByRole('dialog');
  }
  return page.getByRole('group', { name: 'Country' }).locator('xpath=..');
}

for (const viewport of [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test.describe(`on ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the English UI names countries, regions, food and notes in English on the feed, a wine and a public list', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      expect(NORWEGIAN).toContain('Frankrike');
      expect('Lyst kjøtt, Italia').toMatch(NORWEGIAN_WORD);
      await chooseLanguage(page.context(), 'en');

      // The feed's filters: every group open to its full list.
      await openPage(page, '/feed', 'en');
      const filters = await openFilters(page);
      const country = filters.getByRole('group', { name: 'Country' });
      await expect(country.getByRole('checkbox', { name: /France/ })).toBeVisible();
      const showMore = filters.getByRole('button', { name: /^Show \d+ more/ });
      for (let opened = 0; opened < 12 && (await showMore.count()) > 0; opened++)
        await showMore.first().click();
      await expect(filters.getByRole('group', { name: 'Food' }).getByRole('checkbox').first()).toBeVisible();
      await expectNoNorwegian(filters, 'the feed’s filters');

      // An old link's Norwegian origin: the address and the filter read in English.
      await page.goto('/feed?origins=frankrike.burgund');
      await expect(page).toHaveURL(/origins=france\.burgundy/);
      await expect(page.getByRole('button', { name: 'Remove filter: Burgundy' })).toBeVisible();
      await expect(page.getByRole('article').first()).toContainText('France');
      await expectNoNorwegian(page.getByRole('main'), 'the feed filtered by Burgundy');

      // A wine's page: origin, style, details and Vinmonopolet's tasting notes.
      await openPage(page, `/wines/${await frenchWineId(request)}`, 'en');
      const details = page.getByRole('region', { name: 'Details' }).or(page.locator('dl')).first();
      await expect(details).toBeVisible();
      await expect(page.getByRole('main')).toContainText('France');
      await expect(page.getByRole('main')).toContainText('Burgundy');
      await expect(page.getByText('Colour', { exact: true })).toBeVisible();
      await expectNoNorwegian(page.getByRole('main'), 'a wine’s page', { tastingNotes: true });
      await expectNoSidewaysScroll(page, 'a wine’s page in English');

      // The demo restaurant's public list.
      const lists = await payload<{ rows: WineListRef[] }>(
        await request.get(`/api/users/${DEMO_IDS.restaurant}/wine-lists`, { headers: API_HEADERS }),
      );
      const vinkart = lists.rows.find((list) => list.name === 'Vinkart') ?? lists.rows[0];
      expect(vinkart, 'a public list of the demo restaurant').toBeTruthy();
      const list = await payload<PublicWineList>(
        await request.get(`/api/wine-lists/${vinkart?.id}`, {
          headers: { ...API_HEADERS, 'accept-language': 'en' },
        }),
      );
      const origins = list.sections.flatMap((section) => section.wines.map((wine) => wine.origin ?? ''));
      expect(origins.filter(Boolean).length, 'origins on the public list').toBeGreaterThan(0);
      await openPage(page, `/wine-list/${vinkart?.id}`, 'en');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Its section names, header and footnote are the restaurant's own words ("Rødvin" in the demo),
      // shown as it wrote them.
      // Wines' names are proper names too.
      const sectionNames = list.sections.map((section) => section.name);
      // Producers are proper names too ("Platinum Italia").
      const wineNames = list.sections.flatMap((section) =>
        section.wines.flatMap((wine) => [wine.name, wine.producer ?? '']),
      );
      await expectNoNorwegian(page.locator('body'), 'a public wine list', {
        ownWords: sectionNames,
        properNames: wineNames,
      });
      await expect(page.locator('body')).toContainText(/France|Italy|Spain|Germany|Chile/);
      await expectNoSidewaysScroll(page, 'a public wine list in English');
    });
  });
}
