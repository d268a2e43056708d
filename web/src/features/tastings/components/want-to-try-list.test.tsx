import type { WantToTryEntry } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { getWantToTry, removeWantToTry } from '../api/want-to-try';
import { WantToTryList } from './want-to-try-list';

vi.mock('../api/want-to-try', () => {
  const getWantToTry = vi.fn();
  const list = (userId: string) => ['want-to-try', userId];
  return {
    getWantToTry,
    removeWantToTry: vi.fn(),
    wantToTryKeys: { list },
    wantToTryQuery: (userId: string) => ({ queryKey: list(userId), queryFn: () => getWantToTry(userId) }),
  };
});

const ENTRY: WantToTryEntry = {
  wineId: 'w1',
  addedAt: '2026-02-03T10:00:00Z',
  wine: { id: 'w1', name: 'Barolo Cannubi', producer: 'Brezza', vintage: 2016, mainCategoryId: 'red' },
};

describe('the Want to try list on a profile', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    vi.mocked(getWantToTry).mockResolvedValue({ rows: [ENTRY], count: 1 });
  });

  it("shows another person's wines, with no way to change their list", async () => {
    renderWithProviders(<WantToTryList userId="u1" name="Kari" own={false} />);
    const link = await screen.findByRole('link', { name: /Brezza Barolo Cannubi/ });
    expect(link.getAttribute('href')).toBe('/wines/w1');
    expect(screen.getByText(/^2016 · Added .*2026$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('lets the owner take a wine off the list', async () => {
    vi.mocked(removeWantToTry).mockResolvedValue(undefined);
    renderWithProviders(<WantToTryList userId="u9" name="Ola" own />);
    const remove = await screen.findByRole('button', {
      name: 'Remove Brezza Barolo Cannubi from Want to try',
    });
    vi.mocked(getWantToTry).mockResolvedValue({ rows: [], count: 0 });
    fireEvent.click(remove);
    await waitFor(() => expect(removeWantToTry).toHaveBeenCalledWith('u9', 'w1'));
    expect(await screen.findByText(/Nothing here yet/)).toBeTruthy();
  });

  it('says so in Norwegian when the list is empty', async () => {
    await i18n.changeLanguage('nb');
    vi.mocked(getWantToTry).mockResolvedValue({ rows: [], count: 0 });
    renderWithProviders(<WantToTryList userId="u1" name="Kari" own={false} />);
    expect(await screen.findByText('Kari har ingen viner på listen ennå.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Vil smake' })).toBeTruthy();
  });
});
