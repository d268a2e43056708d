import type { WineDetail, WineSearchResult } from '@kork/shared';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { expectAxeClean } from './support/axe';
import { measureOverflow } from './support/page-width';
import { chooseLanguage, type Language, openPage } from './support/routes';

/**
 * Creating a wine event: the demo restaurant goes through the dialog's four steps, builds a list by
 * importing two Vinmonopolet numbers and an unknown id (reported), saves, and finds the event with its
 * wines; a list built in a dialog closed midway is gone when it opens again. On a phone, every step is
 * checked for accessibility and width, in Norwegian.
 */

interface SeededWine {
  number: string;
  name: string;
}

/** Two catalogue wines with their Vinmonopolet numbers, read from the catalogue and their profiles. */
async function twoSeededWines(page: Page): Promise<SeededWine[]> {
  const search = await page.request.get('/api/wines?resultsPerPage=2&isAvailable=false', {
    headers: API_HEADERS,
  });
  expect(search.status(), await search.text()).toBe(200);
  const { rows } = ((await search.json()) as { payload: WineSearchResult }).payload;
  const wines: SeededWine[] = [];
  for (const row of rows) {
    const profile = await page.request.get(`/api/wines/${encodeURIComponent(row.id)}`, {
      headers: API_HEADERS,
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const wine = ((await profile.json()) as { payload: WineDetail }).payload;
    expect(wine.vinmonopoletNumber, `the Vinmonopolet number of ${row.id}`).toBeTruthy();
    wines.push({ number: wine.vinmonopoletNumber as string, name: row.name });
  }
  expect(wines).toHaveLength(2);
  return wines;
}

/** A day a month from now, as the date input takes it. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const TEXT = {
  en: {
    create: 'Create event',
    dialog: 'Create event',
    name: 'Name of the event',
    category: 'Category',
    tasting: 'Tasting',
    next: 'Next',
    startDate: 'Start date',
    startTime: 'Start time',
    endDate: 'End date',
    endTime: 'End time',
    location: 'Location',
    city: 'City',
    newList: 'Name of a new wine list',
    addList: 'Add list',
    importTab: 'Import ids',
    ids: 'Vinmonopolet numbers or Vectura ids',
    runImport: 'Import the ids into',
    report: 'Import result',
    save: 'Create event',
    close: 'Close without saving',
    noLists: 'No wine lists yet.',
    listCard: 'Wine list',
    created: 'Event created',
  },
  nb: {
    create: 'Opprett arrangement',
    dialog: 'Opprett arrangement',
    name: 'Navn på arrangementet',
    category: 'Kategori',
    tasting: 'Smaking',
    next: 'Neste',
    startDate: 'Startdato',
    startTime: 'Starttid',
    endDate: 'Sluttdato',
    endTime: 'Sluttid',
    location: 'Sted',
    city: 'By',
    newList: 'Navn på en ny vinliste',
    addList: 'Legg til liste',
    importTab: 'Importer ID-er',
    ids: 'Varenumre fra Vinmonopolet eller Vectura-ID-er',
    runImport: 'Importer ID-ene til',
    report: 'Resultat av importen',
    save: 'Opprett arrangement',
    close: 'Lukk uten å lagre',
    noLists: 'Ingen vinlister ennå.',
    listCard: 'Vinlisten',
    created: 'Arrangementet er opprettet',
  },
} as const;

async function openCreate(page: Page, language: Language): Promise<Locator> {
  const text = TEXT[language];
  await page.getByRole('main').getByRole('button', { name: text.create }).click();
  const dialog = page.getByRole('dialog', { name: text.dialog });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillFirstSteps(page: Page, dialog: Locator, language: Language, name: string) {
  const text = TEXT[language];
  await dialog.getByLabel(text.name).fill(name);
  await dialog.getByRole('combobox', { name: text.category }).click();
  await page
    .getByRole('listbox', { name: text.category })
    .getByRole('option', { name: text.tasting, exact: true })
    .click();
  await dialog.getByRole('button', { name: text.next }).click();
  await dialog.getByLabel(text.startDate).fill(dayAhead(30));
  await dialog.getByLabel(text.startTime).fill('18:00');
  await dialog.getByLabel(text.endDate).fill(dayAhead(30));
  await dialog.getByLabel(text.endTime).fill('21:30');
  await dialog.getByLabel(new RegExp(`^${text.location}`)).fill('Fjord Bistro, Torggata 5');
  await dialog.getByLabel(new RegExp(`^${text.city}`)).fill('Oslo');
  await dialog.getByRole('button', { name: text.next }).click();
}

async function addList(dialog: Locator, language: Language, name: string): Promise<Locator> {
  const text = TEXT[language];
  await dialog.getByLabel(text.newList).fill(name);
  await dialog.getByRole('button', { name: text.addList }).click();
  const list = dialog.getByRole('region', { name: `${text.listCard} ${name}` });
  await expect(list).toBeVisible();
  return list;
}

async function importIds(list: Locator, language: Language, ids: string): Promise<Locator> {
  const text = TEXT[language];
  await list.getByText(text.importTab, { exact: true }).click();
  await list.getByLabel(text.ids).fill(ids);
  await list.getByRole('button', { name: new RegExp(`^${text.runImport}`) }).click();
  const report = list.getByRole('status').filter({ hasText: text.report });
  await expect(report).toBeVisible();
  return report;
}

test('the demo restaurant creates an event with a list imported by ids, and a closed dialog forgets its lists', async ({
  page,
}) => {
  const wines = await twoSeededWines(page);
  await chooseLanguage(page.context(), 'en');
  await signInByApi(page, DEMO.restaurant);
  await openPage(page, '/events', 'en');
  const name = `Autumn tasting ${Date.now()}`;

  let dialog = await openCreate(page, 'en');
  await fillFirstSteps(page, dialog, 'en', name);
  const list = await addList(dialog, 'en', 'Evening flight');
  const report = await importIds(list, 'en', `${wines[0]?.number}, ${wines[1]?.number}; 99999999`);
  await expect(report).toContainText('2 wines added.');
  await expect(report).toContainText('Not found in the catalogue: 99999999');
  await expect(list.getByRole('list', { name: 'Wines of Evening flight' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Website').fill('https://fjordbistro.example.no');
  await dialog.getByRole('button', { name: 'Create event' }).click();

  await expect(page.getByText('Event created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const saved = page.getByRole('region', { name: 'Evening flight' });
  await expect(saved.getByTestId('event-wine')).toHaveCount(2);
  for (const wine of wines) await expect(saved).toContainText(wine.name);

  // On the profile the organiser adds a list: saved at once, with the §8 message.
  const manager = page.getByRole('region', { name: 'Manage wine lists' });
  await manager.getByLabel('Name of a new wine list').fill('Dessert');
  await manager.getByRole('button', { name: 'Add list' }).click();
  await expect(page.getByText('List added')).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Edit the list Dessert' })).toBeVisible();

  await openPage(page, '/events', 'en');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(name);
  await expect(page.getByTestId('event-card').filter({ hasText: name })).toBeVisible();

  // A list built in a dialog closed midway is not there when it opens again.
  dialog = await openCreate(page, 'en');
  await fillFirstSteps(page, dialog, 'en', 'Never saved');
  await addList(dialog, 'en', 'Forgotten list');
  await dialog.getByRole('button', { name: 'Close without saving' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openCreate(page, 'en');
  await expect(dialog.getByLabel('Name of the event')).toHaveValue('');
  await fillFirstSteps(page, dialog, 'en', 'Never saved');
  await expect(dialog.getByText('No wine lists yet.')).toBeVisible();
  await expect(dialog.getByTestId('draft-list')).toHaveCount(0);
});

test('on a phone, in Norwegian, every step of the dialog fits and passes the accessibility check', async ({
  page,
}) => {
  const wines = await twoSeededWines(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await chooseLanguage(page.context(), 'nb');
  await signInByApi(page, DEMO.restaurant);
  await openPage(page, '/events', 'nb');
  const text = TEXT.nb;

  const fits = async (where: string) => {
    const overflow = await measureOverflow(page);
    expect(overflow.offenders, where).toEqual([]);
    await expectAxeClean(page, where);
  };

  const dialog = await openCreate(page, 'nb');
  await fits('step 1');
  await dialog.getByLabel(text.name).fill(`Høstsmaking ${Date.now()}`);
  await dialog.getByRole('combobox', { name: text.category }).click();
  await page
    .getByRole('listbox', { name: text.category })
    .getByRole('option', { name: text.tasting, exact: true })
    .click();
  await dialog.getByRole('button', { name: text.next }).click();
  await expect(dialog.getByLabel(text.startDate)).toBeVisible();
  await fits('step 2');
  await dialog.getByLabel(text.startDate).fill(dayAhead(40));
  await dialog.getByLabel(text.startTime).fill('18:00');
  await dialog.getByLabel(text.endDate).fill(dayAhead(40));
  await dialog.getByLabel(text.endTime).fill('21:00');
  await dialog.getByLabel(new RegExp(`^${text.location}`)).fill('Fjord Bistro, Torggata 5');
  await dialog.getByLabel(new RegExp(`^${text.city}`)).fill('Oslo');
  await dialog.getByRole('button', { name: text.next }).click();
  const list = await addList(dialog, 'nb', 'Aperitiff');
  await importIds(list, 'nb', `${wines[0]?.number}; abc`);
  await fits('step 3');
  await dialog.getByRole('button', { name: text.next }).click();
  await expect(dialog.getByLabel('Nettsted')).toBeVisible();
  await fits('step 4');
  await dialog.getByRole('button', { name: text.save }).click();
  await expect(page.getByText(text.created)).toBeVisible();
});
