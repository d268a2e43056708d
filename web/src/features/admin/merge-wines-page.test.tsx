import type { User, WineRow } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { clearToasts } from '../../lib/notify';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { findWines } from './api/find-wines';
import { getWineMerges } from './api/get-wine-merges';
import { activateConnection, listRequestedConnections } from './api/importer-connections';
import { mergeWines } from './api/merge-wines';
import { MergeWinesPage } from './merge-wines-page';

vi.mock('./api/find-wines', () => ({ findWines: vi.fn() }));
vi.mock('./api/get-wine-merges', () => ({ getWineMerges: vi.fn() }));
vi.mock('./api/merge-wines', () => ({ mergeWines: vi.fn() }));
vi.mock('./api/importer-connections', () => ({
  listRequestedConnections: vi.fn(),
  activateConnection: vi.fn(),
}));

function row(id: string, name: string): WineRow {
  return {
    id,
    name,
    vintage: 2019,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    rating: null,
    expertRating: null,
    expertCount: 0,
    communityRating: null,
    communityCount: 0,
  };
}

function signIn(role: User['role']) {
  const user = { id: 'a1', email: 'admin@example.com', fullName: 'Ada Admin', role } as User;
  act(() => startSession({ access_token: 'header.e30.signature', user }));
}

describe('the wine merge tool', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.mocked(findWines).mockResolvedValue({
      rows: [row('w1', 'Rioja Reserva'), row('w2', 'Rioja Reserva (dup)')],
      count: 2,
      facets: {} as never,
    });
    vi.mocked(getWineMerges).mockResolvedValue({ rows: [], count: 0 });
    vi.mocked(listRequestedConnections).mockResolvedValue({ rows: [], count: 0 });
    vi.mocked(mergeWines).mockResolvedValue({
      id: 'm1',
      survivorId: 'w2',
      duplicateIds: ['w1'],
      movedTastings: 3,
      movedExternalIds: 1,
      mergedBy: 'a1',
      mergedAt: '2025-05-01T10:00:00Z',
    });
  });

  afterEach(() => {
    act(() => {
      clearToasts();
      endSession();
    });
    vi.clearAllMocks();
  });

  it('tells anyone but an admin that permission is denied', async () => {
    signIn('user');
    renderWithProviders(<MergeWinesPage />, { route: '/admin/merge-wines' });

    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeTruthy();
    expect(findWines).not.toHaveBeenCalled();
  });

  it('merges the chosen duplicates into the chosen survivor', async () => {
    signIn('admin');
    renderWithProviders(<MergeWinesPage />, { route: '/admin/merge-wines' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wines' }), { target: { value: 'rioja' } });
    await waitFor(() => expect(findWines).toHaveBeenCalledWith('rioja', expect.anything()));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Rioja Reserva 2019' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rioja Reserva (dup) 2019' }));

    fireEvent.click(screen.getByRole('radio', { name: 'Rioja Reserva (dup) 2019' }));
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge these wines?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm merge' }));

    await waitFor(() => expect(mergeWines).toHaveBeenCalledWith({ survivorId: 'w2', duplicateIds: ['w1'] }));
    expect(await screen.findByText('3 tasting notes moved')).toBeTruthy();
    expect(screen.getByText('1 external id moved')).toBeTruthy();
    await waitFor(() => expect(getWineMerges).toHaveBeenCalledTimes(2));
  });

  it('warns that a rosé is not the white of the same name and merges only once MERGE is typed', async () => {
    vi.mocked(findWines).mockResolvedValue({
      rows: [
        { ...row('w1', 'Provence'), mainCategoryId: 'white', producer: 'Domaine A' },
        { ...row('w2', 'Provence'), mainCategoryId: 'rose', producer: 'Domaine A', vintage: 2020 },
      ],
      count: 2,
      facets: {} as never,
    });
    signIn('admin');
    renderWithProviders(<MergeWinesPage />, { route: '/admin/merge-wines' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wines' }), {
      target: { value: 'provence' },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Provence 2019' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Provence 2020' }));
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge these wines?' });

    expect(within(dialog).getByText('These wines are not the same wine')).toBeTruthy();
    expect(
      within(dialog).getByText('Provence 2020 differs from the wine you keep in style or colour, vintage.'),
    ).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm merge' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const phrase = within(dialog).getByLabelText('Confirmation');
    fireEvent.change(phrase, { target: { value: 'MERG' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(phrase, { target: { value: 'MERGE' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    await waitFor(() =>
      expect(mergeWines).toHaveBeenCalledWith({
        survivorId: 'w1',
        duplicateIds: ['w2'],
        confirmation: 'MERGE',
      }),
    );
  });

  it('names the wines and the admin in the merge history', async () => {
    vi.mocked(getWineMerges).mockResolvedValue({
      rows: [
        {
          id: 'm1',
          survivorId: '01JWINEKEPT',
          duplicateIds: ['01JWINEGONE'],
          movedTastings: 2,
          movedExternalIds: 0,
          mergedBy: 'a1',
          mergedAt: '2025-05-01T10:00:00Z',
          wineNames: { '01JWINEKEPT': 'Barolo Cannubi 2016', '01JWINEGONE': 'Barolo Canubi 2016' },
          mergedByName: 'Ada Admin',
        },
      ],
      count: 1,
    });
    signIn('admin');
    renderWithProviders(<MergeWinesPage />, { route: '/admin/merge-wines' });

    const history = await screen.findByRole('table');
    expect(within(history).getByRole('link', { name: 'Barolo Cannubi 2016' })).toBeTruthy();
    expect(within(history).getByText('Barolo Canubi 2016')).toBeTruthy();
    expect(within(history).getByRole('link', { name: 'Ada Admin' })).toBeTruthy();
    expect(history.textContent).not.toContain('01JWINE');
  });

  it('activates an importer connection a cellar asked for', async () => {
    const waiting = {
      ownerId: 'demo-restaurant',
      importer: 'Vinimport AS',
      wines: 0,
      status: 'requested' as const,
      requestedAt: '2025-05-01T10:00:00Z',
    };
    vi.mocked(listRequestedConnections)
      .mockResolvedValueOnce({ rows: [waiting], count: 1 })
      .mockResolvedValue({ rows: [], count: 0 });
    vi.mocked(activateConnection).mockResolvedValue({ ...waiting, status: 'active' });
    signIn('admin');
    renderWithProviders(<MergeWinesPage />, { route: '/admin/merge-wines' });

    fireEvent.click(await screen.findByRole('button', { name: 'Activate Vinimport AS for demo-restaurant' }));

    await waitFor(() => expect(activateConnection).toHaveBeenCalledWith('demo-restaurant', 'Vinimport AS'));
    expect(await screen.findByText('No connection is waiting for activation.')).toBeTruthy();
  });
});
