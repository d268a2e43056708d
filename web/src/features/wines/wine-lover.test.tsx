import type { TastingNote, User, WantToTryEntry, WineDetail, WineTastings } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toaster';
import { i18n } from '../../i18n/i18n';
import { clearToasts, useToasts } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { listCellarWines } from '../cellar/api/list-cellar-wines';
import { getWineTastings } from '../tastings/api/get-wine-tastings';
import { rateWine } from '../tastings/api/rate-wine';
import { addWantToTry, getWantToTry } from '../tastings/api/want-to-try';
import { getWine } from './api/get-wine';
import { WinePage } from './wine-page';

vi.mock('./api/get-wine', () => ({ getWine: vi.fn() }));
vi.mock('./api/delete-wine', () => ({ deleteWine: vi.fn() }));
vi.mock('../marketplace/suppliers/wine-availability', () => ({ WineAvailability: () => null }));
vi.mock('../tastings/api/get-wine-tastings', () => ({ getWineTastings: vi.fn() }));
vi.mock('../tastings/api/rate-wine', () => ({ rateWine: vi.fn() }));
vi.mock('../tastings/api/want-to-try', () => {
  const getWantToTry = vi.fn();
  const list = (userId: string) => ['want-to-try', userId];
  return {
    getWantToTry,
    addWantToTry: vi.fn(),
    removeWantToTry: vi.fn(),
    wantToTryKeys: { list },
    wantToTryQuery: (userId: string) => ({ queryKey: list(userId), queryFn: () => getWantToTry(userId) }),
  };
});
vi.mock('../cellar/api/list-cellar-wines', () => ({ listCellarWines: vi.fn() }));
vi.mock('../embed/api/get-embed-price-key', () => ({ getEmbedPriceKey: vi.fn() }));
vi.mock('../wine-lists/api/public-wine-lists', () => ({
  listWinePublicLists: vi.fn(async () => ({ rows: [], count: 0 })),
}));

const VIEWER = { id: 'u9', email: 'ola@example.com', fullName: 'Ola Nordmann', role: 'user' } as User;

const WINE: WineDetail = {
  id: 'w1',
  source: 'KORK',
  externalIds: [],
  name: 'Barolo Cannubi',
  producer: 'Brezza',
  vintage: 2016,
  bottleSize: 0.75,
  mainCategoryId: 'red',
  grapes: [],
  foodPairings: [],
  isHorecaAvailable: false,
  vinmonopoletNumber: '1101',
  rating: 90,
  expertRating: null,
  expertCount: 0,
  communityRating: 90,
  communityCount: 2,
  vintages: [],
  related: [],
};

function note(overrides: Partial<TastingNote>): TastingNote {
  return {
    id: 'n',
    wineId: 'w1',
    authorId: 'someone',
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

const MINE = note({ id: 'm1', authorId: 'u9', authorName: 'Ola Nordmann', points: 92, text: 'My own words' });
const TASTINGS: WineTastings = {
  expert: [],
  community: [MINE, note({ id: 'c1', authorName: 'Per Hansen', points: 88, text: 'Needs time' })],
  mine: [MINE],
};

let toastCount = 0;
function ToastCounter() {
  toastCount = useToasts().length;
  return null;
}

function renderPage() {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/wines/:id" element={<WinePage />} />
      </Routes>
      <Toaster />
      <ToastCounter />
    </>,
    { route: '/wines/w1' },
  );
}

describe('a wine lover on a wine page', () => {
  beforeAll(async () => {
    await import('../../components/toast-view');
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    vi.mocked(getWine).mockResolvedValue(WINE);
    vi.mocked(getWineTastings).mockResolvedValue(TASTINGS);
    vi.mocked(listCellarWines).mockResolvedValue({
      rows: [],
      count: 0,
      totals: { wines: 0, bottles: 0, purchaseValue: 0, sellingValue: 0 },
    });
    vi.mocked(getWantToTry).mockResolvedValue({ rows: [], count: 0 });
  });

  afterEach(() => {
    act(() => {
      clearToasts();
      endSession();
    });
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(navigator, 'share');
    vi.clearAllMocks();
  });

  it("shows the person's own published note once, under their notes", async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: VIEWER }));
    renderPage();
    expect(await screen.findByText('My own words')).toBeTruthy();
    expect(screen.getAllByText('My own words')).toHaveLength(1);
    const community = screen.getByRole('heading', { name: 'Community notes' }).parentElement as HTMLElement;
    expect(within(community).getByText('Needs time')).toBeTruthy();
    expect(within(community).queryByText('My own words')).toBeNull();
  });

  it('rates with one tap: the points go to the API, the own rating is marked', async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: VIEWER }));
    vi.mocked(rateWine).mockResolvedValue({ ...MINE, points: 96 });
    renderPage();
    const current = await screen.findByRole('button', { name: 'Rate 92 points, Excellent' });
    expect(current.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('quick-rating-status').textContent).toBe('Your rating: 92 · Excellent');

    fireEvent.click(screen.getByRole('button', { name: 'Rate 96 points, Outstanding' }));
    await waitFor(() => expect(rateWine).toHaveBeenCalledWith('w1', 96));
    expect(await screen.findByText('Rated 96 points')).toBeTruthy();
    await waitFor(() => expect(getWineTastings).toHaveBeenCalledTimes(2));
  });

  it('puts the wine on the Want to try list and shows it is there', async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: VIEWER }));
    const entry: WantToTryEntry = { wineId: 'w1', addedAt: '2026-01-01T10:00:00Z' };
    vi.mocked(addWantToTry).mockResolvedValue(entry);
    renderPage();
    const add = await screen.findByRole('button', { name: 'Want to try' });
    await waitFor(() => expect(add.getAttribute('aria-pressed')).toBe('false'));
    vi.mocked(getWantToTry).mockResolvedValue({ rows: [entry], count: 1 });
    fireEvent.click(add);
    await waitFor(() => expect(addWantToTry).toHaveBeenCalledWith('u9', 'w1'));
    const on = await screen.findByRole('button', { name: 'On your Want to try list' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Added to Want to try')).toBeTruthy();
  });

  it('offers a visitor the way to sign in instead of rating', async () => {
    act(() => endSession());
    renderPage();
    expect(await screen.findByRole('link', { name: 'Sign in to rate this wine' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Rate 90/ })).toBeNull();
  });

  it('shares through a menu where the device has no share sheet, and copying says so once', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const url = `${window.location.origin}/wines/w1`;
    const item = (name: string) => screen.getByRole('menuitem', { name }) as HTMLAnchorElement;
    expect(item('E-mail').href).toBe(
      `mailto:?subject=${encodeURIComponent('Barolo Cannubi on Kork')}&body=${encodeURIComponent(`Barolo Cannubi on Kork ${url}`)}`,
    );
    expect(item('Facebook').href).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    );
    expect(item('X (Twitter)').href).toContain(`https://x.com/intent/post?`);
    expect(item('X (Twitter)').href).toContain(`url=${encodeURIComponent(url)}`);
    expect(item('WhatsApp').href).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Barolo Cannubi on Kork ${url}`)}`,
    );
    expect(item('WhatsApp').target).toBe('_blank');

    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getAllByText('Link copied')).toHaveLength(1));
    expect(toastCount).toBe(1);
  });

  it("opens the device's share sheet where there is one, with no menu", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({
        title: 'Barolo Cannubi',
        url: `${window.location.origin}/wines/w1`,
      }),
    );
    expect(screen.queryByRole('menuitem', { name: 'Copy link' })).toBeNull();
  });

  it("shows the retailer's bottle through the image service, and the drawn bottle when it cannot load", async () => {
    renderPage();
    const image = (await screen.findByAltText(/Barolo Cannubi/)) as HTMLImageElement;
    const retailer = encodeURIComponent('https://bilder.vinmonopolet.no/cache/515x515-0/1101-1.jpg');
    expect(image.getAttribute('src')).toMatch(
      new RegExp(`^/img\\?url=${retailer.replace(/[.%]/g, '\\$&')}&w=\\d+$`),
    );
    fireEvent.error(image);
    await waitFor(() => expect(image.getAttribute('src')).toMatch(/^\/img\?w=\d+&style=red$/));
    expect(image.getAttribute('data-fallback')).toBe('true');
  });
});
