import type { CellarWine, PublicWineList, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { cellarWineFixture } from '../../cellar/test-fixtures';
import { EmbedWineListPage } from '../../embed/embed-wine-list-page';
import { WineListSummary } from '../../wines/components/wine-cellar-panels';
import {
  getPublicWineList,
  listRestaurantWineLists,
  listWineMemberships,
  listWinePublicLists,
} from '../api/public-wine-lists';
import { PublicWineListPage } from '../public-wine-list-page';
import { listEmbedCode } from './embed-wine-list-dialog';
import { RestaurantWineLists } from './restaurant-wine-lists';
import { WhereToFindIt } from './where-to-find-it';

vi.mock('../api/public-wine-lists', () => ({
  getPublicWineList: vi.fn(),
  listRestaurantWineLists: vi.fn(),
  listWinePublicLists: vi.fn(),
  listWineMemberships: vi.fn(),
}));

const publicList = vi.mocked(getPublicWineList);

const LIST: PublicWineList = {
  id: 'l1',
  name: 'Vinkart',
  restaurant: {
    id: 'r1',
    name: 'Vinbaren',
    logo: 'media/vinbaren.png',
    bookingUrl: 'https://booking.example.com/vinbaren',
    menuUrl: 'vinbaren.example.com/meny',
  },
  currency: 'NOK',
  glassColumn: true,
  font: 'lora',
  headerText: 'Høsten 2026',
  footnote: 'Alle priser inkl. mva.\nSpør om årganger.',
  sections: [
    {
      id: 'red',
      name: 'Rødvin',
      level: 0,
      wines: [
        {
          wineId: 'w1',
          name: 'Barolo Cannubi',
          producer: 'Brezza',
          vintage: 2019,
          origin: 'Piemonte, Italia',
          bottleSize: '150 cl',
          glassSize: '12 cl',
          printedBottlePrice: { kind: 'text', text: '1 290' },
          printedGlassPrice: { kind: 'text', text: '175' },
        },
        { name: 'Husets røde', vintage: null, printedBottlePrice: { kind: 'stars', stars: 3 } },
      ],
    },
    {
      id: 'piemonte',
      name: 'Piemonte',
      level: 1,
      wines: [{ name: 'Dolcetto', vintage: 2022, printedBottlePrice: { kind: 'none' } }],
    },
    {
      id: 'white',
      name: 'Hvitvin',
      level: 0,
      wines: [
        {
          name: 'Chablis',
          producer: 'Fèvre',
          vintage: 2021,
          printedBottlePrice: { kind: 'text', text: '890' },
        },
      ],
    },
  ],
};

function renderPublicPage(path = '/wine-list/l1') {
  return renderWithProviders(
    <Routes>
      <Route path="/wine-list/*" element={<PublicWineListPage />} />
    </Routes>,
    { route: path },
  );
}

function renderEmbed(path = '/embed/wine-lists/l1') {
  return renderWithProviders(
    <Routes>
      <Route path="/embed/wine-lists/:id" element={<EmbedWineListPage />} />
    </Routes>,
    { route: path },
  );
}

/** The wine row (list item) that names a wine. */
function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { exact: false }).closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.clearAllMocks();
  publicList.mockResolvedValue(LIST);
});

afterEach(() => {
  act(() => endSession());
});

describe('the public wine list page', () => {
  it('shows the restaurant, the list and its sections with every wine and price', async () => {
    renderPublicPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Vinkart' })).toBeTruthy();
    expect(publicList).toHaveBeenCalledWith('l1', expect.any(AbortSignal));
    expect(screen.getByText('Vinbaren')).toBeTruthy();
    expect(screen.getByText('Høsten 2026')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo of Vinbaren' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Vinkart — Vinbaren · Kork'));

    // Top-level sections are h2, subsections h3, in the list's order.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Rødvin',
      'Hvitvin',
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Piemonte' })).toBeTruthy();
    const red = screen.getByRole('region', { name: 'Rødvin' });
    expect(within(red).getAllByRole('listitem')).toHaveLength(2);

    // A catalogue wine links to its profile; name, vintage, producer · origin · bottle size.
    const barolo = rowOf('Barolo Cannubi');
    expect(within(barolo).getByRole('link').getAttribute('href')).toBe('/wines/w1');
    expect(within(barolo).getByRole('link').textContent).toBe('Barolo Cannubi 2019');
    expect(within(barolo).getByText('Brezza · Piemonte, Italia · 150 cl')).toBeTruthy();
    expect(within(barolo).getByText('1 290')).toBeTruthy();
    expect(within(barolo).getByText('175')).toBeTruthy();
    expect(within(barolo).getByText('Glass 12 cl')).toBeTruthy();
    expect(barolo.textContent).toContain('Bottle price: 1 290');
    expect(barolo.textContent).toContain('Price per glass (12 cl): 175');

    // A wine not in the catalogue has no link; stars are drawn and named; NV without a vintage.
    const house = rowOf('Husets røde');
    expect(within(house).queryByRole('link')).toBeNull();
    expect(house.textContent).toContain('NV');
    const stars = within(house).getByRole('img', { name: '3 stars' });
    expect(stars.textContent).toBe('★★★');

    // No price: nothing in the price column.
    const dolcetto = rowOf('Dolcetto');
    expect(dolcetto.textContent).not.toContain('Bottle price');

    // The glass column's headings show over the prices.
    expect(within(red).getByText('Glass')).toBeTruthy();
    expect(within(red).getByText('Bottle')).toBeTruthy();

    // Footnote and the restaurant's links.
    expect(screen.getByText(/Alle priser inkl\. mva\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a table' }).getAttribute('href')).toBe(
      'https://booking.example.com/vinbaren',
    );
    expect(screen.getByRole('link', { name: 'See the menu' }).getAttribute('href')).toBe(
      'https://vinbaren.example.com/meny',
    );
    expect(screen.getByRole('link', { name: 'About Vinbaren' }).getAttribute('href')).toBe('/restaurants/r1');
  });

  it('offers a bar of chips that jump to the top-level sections', async () => {
    renderPublicPage();
    const nav = await screen.findByRole('navigation', { name: 'Sections of the list' });
    const chips = within(nav).getAllByRole('link');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Rødvin', 'Hvitvin']);
    fireEvent.click(chips[1] as HTMLElement);
    expect(chips[1]?.getAttribute('aria-current')).toBe('location');
    expect(chips[0]?.getAttribute('aria-current')).toBeNull();
    const target = chips[0]?.getAttribute('href')?.slice(1) ?? '';
    expect(document.getElementById(target)?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(
      within(document.getElementById(target) as HTMLElement).getByText('Barolo Cannubi', { exact: false }),
    ).toBeTruthy();
  });

  it('leaves the glass column out when the list has none', async () => {
    publicList.mockResolvedValue({
      ...LIST,
      glassColumn: false,
      sections: [LIST.sections[0] as PublicWineList['sections'][number]],
    });
    renderPublicPage();
    await screen.findByRole('heading', { level: 1, name: 'Vinkart' });
    expect(screen.queryByText('Glass')).toBeNull();
    expect(screen.queryByText('175')).toBeNull();
    expect(rowOf('Barolo Cannubi').textContent).toContain('1 290');
    // One section: no jump bar.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('is dark until the guest chooses light, and remembers the choice', async () => {
    const { container, unmount } = renderPublicPage();
    await screen.findByRole('heading', { level: 1, name: 'Vinkart' });
    const root = () => container.querySelector('[data-theme]');
    expect(root()?.getAttribute('data-theme')).toBe('dark');

    const toggle = screen.getByRole('button', { name: 'Dark background' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(root()?.getAttribute('data-theme')).toBe('light');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    unmount();

    const again = renderPublicPage();
    await screen.findByRole('heading', { level: 1, name: 'Vinkart' });
    expect(again.container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('light');
  });

  it('speaks Norwegian when that is the chosen language', async () => {
    await i18n.changeLanguage('nb');
    renderPublicPage();
    await screen.findByRole('heading', { level: 1, name: 'Vinkart' });
    expect(screen.getByRole('link', { name: 'Bestill bord' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '3 stjerner' })).toBeTruthy();
    expect(rowOf('Barolo Cannubi').textContent).toContain('Pris per flaske: 1 290');
  });

  it('answers a private or unknown list with a friendly not-found page', async () => {
    publicList.mockRejectedValue(new ApiError('Not found', 404, 'notFound'));
    renderPublicPage('/wine-list/secret');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This wine list is not available' }),
    ).toBeTruthy();
    expect(screen.getByText('The list may be private, or the address may be wrong.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover wines on Kork' }).getAttribute('href')).toBe('/feed');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when the list could not be fetched', async () => {
    publicList.mockRejectedValueOnce(new ApiError('Server error', 500, 'internal'));
    renderPublicPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vinkart' })).toBeTruthy();
  });

  it('gives the owner, and only the owner, the code to embed the list on their website', async () => {
    renderPublicPage();
    await screen.findByRole('heading', { level: 1, name: 'Vinkart' });
    expect(screen.queryByRole('button', { name: 'Embed on your website' })).toBeNull();

    const owner = { id: 'r1', email: 'r@example.com', fullName: 'Vinbaren AS', role: 'user' } as User;
    act(() => startSession({ access_token: 'header.e30.signature', user: owner }));
    fireEvent.click(await screen.findByRole('button', { name: 'Embed on your website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed this list on your website' });
    const code = within(dialog).getByLabelText('Embed code') as HTMLTextAreaElement;
    expect(code.value).toBe(listEmbedCode(window.location.origin, { id: 'l1', name: 'Vinkart' }));
    expect(code.value).toContain(`src="${window.location.origin}/embed/wine-lists/l1"`);

    fireEvent.click(within(dialog).getByText('Dark'));
    expect(code.value).toContain('/embed/wine-lists/l1?theme=dark"');
  });
});

describe('the embedded wine list', () => {
  it('shows the list compactly, light by default, with links that leave the frame', async () => {
    const { container } = renderEmbed();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vinkart' })).toBeTruthy();
    expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('light');
    expect(container.querySelector('[data-variant]')?.getAttribute('data-variant')).toBe('embed');

    const wine = within(rowOf('Barolo Cannubi')).getByRole('link');
    expect(wine.getAttribute('href')).toBe('/wines/w1');
    expect(wine.getAttribute('target')).toBe('_blank');
    const full = screen.getByRole('link', { name: 'Open the full list' });
    expect(full.getAttribute('href')).toBe('/wine-list/l1');
    expect(full.getAttribute('target')).toBe('_blank');
    // No jump bar and no theme switch inside another site's page.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dark background' })).toBeNull();
  });

  it('follows the code’s dark theme, and says when the list is not available', async () => {
    const { container, unmount } = renderEmbed('/embed/wine-lists/l1?theme=dark');
    await screen.findByRole('heading', { level: 1, name: 'Vinkart' });
    expect(container.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('dark');
    unmount();

    publicList.mockRejectedValue(new ApiError('Not found', 404, 'notFound'));
    renderEmbed('/embed/wine-lists/gone');
    expect(await screen.findByText('This wine list is not available.')).toBeTruthy();
  });
});

describe('a restaurant profile’s wine lists', () => {
  it('shows its public lists as cards that open them', async () => {
    vi.mocked(listRestaurantWineLists).mockResolvedValue({
      rows: [
        { id: 'l1', name: 'Vinkart', restaurant: { id: 'r1', name: 'Vinbaren' } },
        { id: 'l2', name: 'Vin på glass', restaurant: { id: 'r1', name: 'Vinbaren' } },
      ],
      count: 2,
    });
    renderWithProviders(<RestaurantWineLists userId="r1" isPublic />);

    const section = await screen.findByRole('region', { name: 'Wine lists' });
    const cards = await within(section).findAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/wine-list/l1', '/wine-list/l2']);
    expect(cards[1]?.textContent).toContain('Vin på glass');
    expect(listRestaurantWineLists).toHaveBeenCalledWith('r1', expect.any(AbortSignal));
  });

  it('shows nothing when its lists are private or it has none', async () => {
    vi.mocked(listRestaurantWineLists).mockResolvedValue({ rows: [], count: 0 });
    const { unmount } = renderWithProviders(<RestaurantWineLists userId="r1" isPublic={false} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(listRestaurantWineLists).not.toHaveBeenCalled();
    unmount();

    renderWithProviders(<RestaurantWineLists userId="r1" isPublic />);
    await waitFor(() => expect(listRestaurantWineLists).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('heading')).toBeNull());
  });
});

describe('a wine’s “where to find it”', () => {
  it('names each place and the list that holds the wine, with links to both', async () => {
    vi.mocked(listWinePublicLists).mockResolvedValue({
      rows: [
        { id: 'l1', name: 'Vinkart', restaurant: { id: 'r1', name: 'Vinbaren' } },
        { id: 'l5', name: 'Kveldens viner', restaurant: { id: 'r5', name: 'Bryggeloftet' } },
        { id: 'l2', name: 'Vin på glass', restaurant: { id: 'r1', name: 'Vinbaren' } },
      ],
      count: 3,
    });
    renderWithProviders(<WhereToFindIt wineId="w1" />);

    const section = await screen.findByRole('region', { name: 'Where to find it' });
    expect(within(section).getByRole('link', { name: 'Vinbaren' }).getAttribute('href')).toBe(
      '/restaurants/r1',
    );
    expect(within(section).getByRole('link', { name: 'Wine list: Vinkart' }).getAttribute('href')).toBe(
      '/wine-list/l1',
    );
    // A place once, with each of its lists.
    const places = within(section).getAllByRole('listitem');
    expect(places).toHaveLength(2);
    expect(
      within(places[0] as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Vinbaren', 'Wine list: Vinkart', 'Wine list: Vin på glass']);
    expect(within(places[1] as HTMLElement).getByRole('link', { name: 'Bryggeloftet' })).toBeTruthy();
    expect(listWinePublicLists).toHaveBeenCalledWith('w1', expect.any(AbortSignal));
  });

  it('is hidden when no public list holds the wine', async () => {
    vi.mocked(listWinePublicLists).mockResolvedValue({ rows: [], count: 0 });
    renderWithProviders(<WhereToFindIt wineId="w1" />);
    await waitFor(() => expect(listWinePublicLists).toHaveBeenCalled());
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the wine list tab of the owner’s wine', () => {
  const wine: CellarWine = cellarWineFixture({ id: 'own-1', wineListCategoryId: undefined });

  it('lists the owner’s lists that hold the wine, public or private, printed or not, beside its category', async () => {
    vi.mocked(listWineMemberships).mockResolvedValue({
      rows: [
        { id: 'l1', name: 'Vinkart', isPublic: true, printed: true },
        { id: 'l9', name: 'Lager', isPublic: false, printed: false },
      ],
      count: 2,
    });
    renderWithProviders(<WineListSummary wine={wine} categories={[]} userId="u1" />);

    const section = await screen.findByRole('region', { name: 'On your wine lists' });
    const open = await within(section).findByRole('link', { name: 'Open Vinkart in the wine lists' });
    expect(open.getAttribute('href')).toBe('/wine-cellar/wine-lists?list=l1');
    const items = within(section).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Public');
    expect(items[0]?.textContent).not.toContain('Not printed');
    expect(items[1]?.textContent).toContain('Private');
    expect(items[1]?.textContent).toContain('Not printed: no bottles');
    expect(within(section).getByRole('link', { name: 'Go to the wine lists' }).getAttribute('href')).toBe(
      '/wine-cellar/wine-lists',
    );
    // The category info stays.
    expect(screen.getByText('Wine list category')).toBeTruthy();
    expect(listWineMemberships).toHaveBeenCalledWith('u1', 'own-1', expect.any(AbortSignal));
  });

  it('says when the wine is on none of the lists', async () => {
    vi.mocked(listWineMemberships).mockResolvedValue({ rows: [], count: 0 });
    renderWithProviders(<WineListSummary wine={wine} categories={[]} userId="u1" />);
    expect(await screen.findByText('This wine is on none of your wine lists.')).toBeTruthy();
  });
});
