import type { TastingNote, User, WineDetail, WineTastings } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toaster';
import { i18n } from '../../i18n/i18n';
import { clearToasts } from '../../lib/notify';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { listCellarWines } from '../cellar/api/list-cellar-wines';
import { getEmbedPriceKey } from '../embed/api/get-embed-price-key';
import { getWineTastings } from '../tastings/api/get-wine-tastings';
import { getWine } from './api/get-wine';
import { WinePage } from './wine-page';

vi.mock('./api/get-wine', () => ({ getWine: vi.fn() }));
vi.mock('./api/delete-wine', () => ({ deleteWine: vi.fn() }));
vi.mock('../marketplace/suppliers/wine-availability', () => ({ WineAvailability: () => null }));
vi.mock('../tastings/api/get-wine-tastings', () => ({ getWineTastings: vi.fn() }));
vi.mock('../cellar/api/list-cellar-wines', () => ({ listCellarWines: vi.fn() }));
vi.mock('../embed/api/get-embed-price-key', () => ({ getEmbedPriceKey: vi.fn() }));
vi.mock('../wine-lists/api/public-wine-lists', () => ({
  listWinePublicLists: vi.fn(async () => ({ rows: [], count: 0 })),
}));

const wine = vi.mocked(getWine);
const tastings = vi.mocked(getWineTastings);
const cellarWines = vi.mocked(listCellarWines);

const WINE: WineDetail = {
  id: 'w1',
  source: 'KORK',
  externalIds: [],
  name: 'Barolo Cannubi',
  producer: 'Brezza',
  vintage: null,
  bottleSize: 0.75,
  mainCategoryId: 'red',
  style: 'Rødvin',
  country: 'Italia',
  region: 'Piemonte',
  grapes: [{ name: 'Nebbiolo', share: 100 }],
  alcohol: 14.5,
  foodPairings: ['Storfe', 'Vilt'],
  body: 9,
  isHorecaAvailable: true,
  rating: 93,
  expertRating: 93,
  expertCount: 1,
  communityRating: 88,
  communityCount: 2,
  // A visitor gets no price from the API; the page must not show one even if it came.
  price: 549,
  currency: 'NOK',
  vintages: [],
  related: [],
};

function note(overrides: Partial<TastingNote>): TastingNote {
  return {
    id: 'n',
    wineId: 'w1',
    authorId: 'u',
    authorName: 'Someone',
    authorIsExpert: false,
    points: 90,
    date: '2025-02-01',
    isPublished: true,
    createdAt: '2025-02-01T10:00:00Z',
    updatedAt: '2025-02-01T10:00:00Z',
    ...overrides,
  };
}

const TASTINGS: WineTastings = {
  expert: [
    note({
      id: 'e1',
      authorId: 'x1',
      authorName: 'Eva Ekspert',
      authorIsExpert: true,
      text: 'Tar and roses',
    }),
  ],
  community: [note({ id: 'c1', authorId: 'c1', authorName: 'Per Hansen', points: 86, text: 'Needs time' })],
  mine: [],
};

function renderPage() {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/wines/:id" element={<WinePage />} />
      </Routes>
      <Toaster />
    </>,
    { route: '/wines/w1' },
  );
}

/** The list under a heading: the heading's own block. */
function listUnder(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { name });
  return heading.parentElement as HTMLElement;
}

describe('the wine page', () => {
  beforeAll(async () => {
    // The growing textarea of the embed code listens for web fonts loading; the test DOM has no font set.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
      });
    }
    // Fetch the lazily loaded toast view once, so the toast test waits for the toast, not the download.
    await import('../../components/toast-view');
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    wine.mockReset();
    tastings.mockReset();
    wine.mockResolvedValue(WINE);
    tastings.mockResolvedValue(TASTINGS);
    cellarWines.mockReset();
    cellarWines.mockResolvedValue({
      rows: [],
      count: 0,
      totals: { wines: 0, bottles: 0, purchaseValue: 0, sellingValue: 0 },
    });
  });

  afterEach(() => {
    act(() => {
      clearToasts();
      endSession();
    });
    Reflect.deleteProperty(navigator, 'clipboard');
    vi.restoreAllMocks();
  });

  it('shows expert and community notes in separate sections', async () => {
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Brezza Barolo Cannubi', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Tar and roses')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tasting notes' })).toBeTruthy();

    const expert = listUnder('Expert notes');
    const community = listUnder('Community notes');
    expect(within(expert).getByText('Tar and roses')).toBeTruthy();
    expect(within(expert).getByText('Eva Ekspert')).toBeTruthy();
    expect(within(expert).queryByText('Needs time')).toBeNull();
    expect(within(community).getByText('Needs time')).toBeTruthy();
    expect(within(community).getByText('Per Hansen')).toBeTruthy();
    expect(within(community).queryByText('Tar and roses')).toBeNull();
    expect(
      within(community)
        .getByRole('link', { name: /Per Hansen/ })
        .getAttribute('href'),
    ).toBe('/users/c1');
  });

  it('shows a visitor no price, the way to register, and the details without cellar tabs', async () => {
    renderPage();

    await screen.findByRole('heading', { name: 'Brezza Barolo Cannubi', level: 1 });
    expect(screen.queryByTestId('wine-price')).toBeNull();
    expect(screen.getByRole('link', { name: 'Register to see prices' }).getAttribute('href')).toBe(
      '/registration',
    );
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect(screen.getByText('Nebbiolo 100 %')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Body' }).getAttribute('aria-valuetext')).toBe('9 of 12');
    expect(screen.getByText('NV')).toBeTruthy();
  });

  it('shows a signed-in person the price in their currency and the cellar tabs, details first for a wine they do not hold', async () => {
    const user = { id: 'u9', email: 'ola@example.com', fullName: 'Ola Nordmann', role: 'user' } as User;
    act(() => startSession({ access_token: 'header.e30.signature', user }));
    renderPage();

    expect((await screen.findByTestId('wine-price')).textContent).toMatch(/549/);
    expect(screen.queryByRole('link', { name: 'Register to see prices' })).toBeNull();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Pricing', 'Quantity and locations', 'History', 'Wine list', 'Details']);
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Nebbiolo 100 %')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete wine' })).toBeNull();
    await waitFor(() =>
      expect(cellarWines).toHaveBeenCalledWith(
        'u9',
        { wineId: ['w1'], resultsPerPage: 20, page: 1 },
        expect.any(AbortSignal),
      ),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Pricing' }));
    expect(await screen.findByText('This wine is not in your cellar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cellar' })).toBeTruthy();
  });

  it('shows the expert and the community rating apart', async () => {
    renderPage();

    const ratings = await screen.findByLabelText('Ratings');
    expect(within(ratings).getByText('Expert rating')).toBeTruthy();
    expect(within(ratings).getByText('Excellent')).toBeTruthy();
    expect(within(ratings).getByText('1 expert rating')).toBeTruthy();
    expect(within(ratings).getByText('Community rating')).toBeTruthy();
    expect(within(ratings).getByText('Very Good')).toBeTruthy();
    expect(within(ratings).getByText('2 community ratings')).toBeTruthy();
  });

  it('says "Unable to copy link" when the clipboard refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));

    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/wines/w1`));
    expect(await screen.findByText('Unable to copy link')).toBeTruthy();
  });

  it('builds the embed code from the chosen options', async () => {
    const user = { id: 'u9', email: 'ola@example.com', fullName: 'Ola Nordmann', role: 'user' } as User;
    vi.mocked(getEmbedPriceKey).mockResolvedValue({ priceKey: 'k3y' });
    act(() => startSession({ access_token: 'header.e30.signature', user }));
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed this wine' });
    const code = within(dialog).getByLabelText('Embed code') as HTMLTextAreaElement;
    await waitFor(() =>
      expect(code.value).toContain(
        `<iframe src="${window.location.origin}/embed/wines/w1?showPrice=true&amp;showRating=true&amp;priceKey=k3y"`,
      ),
    );
    expect(code.value).toMatch(/<\/iframe>$/);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Show price' }));
    expect(code.value).toContain('/embed/wines/w1?showPrice=false&amp;showRating=true"');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Show rating' }));
    expect(code.value).toContain('/embed/wines/w1?showPrice=false&amp;showRating=false"');
  });

  it('lets a visitor embed the wine without its price', async () => {
    vi.mocked(getEmbedPriceKey).mockReset();
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Embed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed this wine' });
    const price = within(dialog).getByRole('checkbox', { name: 'Show price' }) as HTMLInputElement;
    expect(price.checked).toBe(false);
    expect(price.disabled).toBe(true);
    expect(within(dialog).getByText('Sign in to show the price')).toBeTruthy();
    const code = within(dialog).getByLabelText('Embed code') as HTMLTextAreaElement;
    expect(code.value).toContain('/embed/wines/w1?showPrice=false&amp;showRating=true"');
    expect(getEmbedPriceKey).not.toHaveBeenCalled();
  });

  it('says the wine is not found for a 404', async () => {
    const { ApiError } = await import('../../lib/api-client');
    wine.mockRejectedValue(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Wine not found' })).toBeTruthy();
  });
});
