import type { PublicProfile, TastingNote } from '@kork/shared';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { getUserTastings } from '../tastings/api/get-user-tastings';
import { getPublicProfile } from './api/get-public-profile';
import { RestaurantProfilePage } from './restaurant-profile-page';
import { UserProfilePage } from './user-profile-page';

vi.mock('./api/get-public-profile', () => ({ getPublicProfile: vi.fn() }));
vi.mock('../tastings/api/get-user-tastings', () => ({ getUserTastings: vi.fn() }));
vi.mock('../wine-lists/api/public-wine-lists', () => ({
  listRestaurantWineLists: vi.fn(async () => ({
    rows: [{ id: 'l1', name: 'Vinkart', restaurant: { id: 'u1', name: 'Vinbaren' } }],
    count: 1,
  })),
}));

const PROFILE: PublicProfile = {
  id: 'u1',
  fullName: 'Ingrid Vik',
  userType: 'RESTAURANT',
  isExpert: true,
  bio: 'Sommelier in Bergen.',
  country: 'NO',
  status: 'deactivated',
  statistic: { tastings: 12, averagePoints: 89.5, wines: 10 },
  tastingLocation: {
    name: 'Vinbaren',
    address: 'Bryggen 1, Bergen',
    bookingUrl: 'https://booking.example.com/vinbaren',
    menuUrl: 'https://vinbaren.example.com/meny',
    isWineListPublic: false,
  },
};

const NOTE: TastingNote = {
  id: 'n1',
  wineId: 'w1',
  authorId: 'u1',
  authorName: 'Ingrid Vik',
  authorIsExpert: true,
  points: 94,
  date: '2025-01-10',
  text: 'Salty and long',
  isPublished: true,
  createdAt: '2025-01-10T10:00:00Z',
  updatedAt: '2025-01-10T10:00:00Z',
  wine: { id: 'w1', name: 'Chablis Premier Cru', producer: 'Fèvre', vintage: 2020 },
};

function renderAt(path: string, route: string, element: ReactElement) {
  renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    { route },
  );
}

describe('the public profiles', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.mocked(getPublicProfile).mockResolvedValue(PROFILE);
    vi.mocked(getUserTastings).mockResolvedValue({
      rows: [NOTE],
      count: 1,
    });
  });

  it('shows a deactivated account’s published notes under its name', async () => {
    renderAt('/users/:id', '/users/u1', <UserProfilePage />);

    expect(await screen.findByRole('heading', { name: 'Ingrid Vik', level: 1 })).toBeTruthy();
    expect(screen.getByText('Deactivated account')).toBeTruthy();
    expect(screen.getByText('Expert')).toBeTruthy();
    expect(screen.getByText('89.5')).toBeTruthy();
    expect(await screen.findByText('Salty and long')).toBeTruthy();
    // The profile asks for published notes only, so the author sees what everyone sees.
    expect(vi.mocked(getUserTastings).mock.calls[0]?.[1]).toMatchObject({ published: true });
    expect(screen.getByRole('link', { name: /Chablis Premier Cru/ }).getAttribute('href')).toBe('/wines/w1');
  });

  it('shows a restaurant with its links and a private wine list', async () => {
    renderAt('/restaurants/:id', '/restaurants/u1', <RestaurantProfilePage />);

    expect(await screen.findByRole('heading', { name: 'Vinbaren', level: 1 })).toBeTruthy();
    expect(screen.getByText('Bryggen 1, Bergen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a table' }).getAttribute('href')).toBe(
      'https://booking.example.com/vinbaren',
    );
    expect(screen.getByRole('link', { name: 'See the menu' })).toBeTruthy();
    // Private wine lists: no section for them at all.
    expect(screen.queryByRole('heading', { name: 'Wine lists' })).toBeNull();
  });

  it('shows a restaurant’s public wine lists as cards that open them', async () => {
    vi.mocked(getPublicProfile).mockResolvedValue({
      ...PROFILE,
      tastingLocation: {
        ...(PROFILE.tastingLocation as NonNullable<PublicProfile['tastingLocation']>),
        isWineListPublic: true,
      },
    });
    renderAt('/restaurants/:id', '/restaurants/u1', <RestaurantProfilePage />);

    const lists = await screen.findByRole('region', { name: 'Wine lists' });
    expect((await within(lists).findByRole('link', { name: /Vinkart/ })).getAttribute('href')).toBe(
      '/wine-list/l1',
    );
  });
});
