import type { AdminPlanAnswer, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';
import { clearToasts, notify } from '../../../lib/notify';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { AdminPlansPage, userIdFrom } from './admin-plans-page';

function signIn(role: User['role']) {
  const user = { id: 'a1', email: 'admin@example.com', fullName: 'Ada Admin', role } as User;
  act(() => startSession({ access_token: 'header.e30.signature', user }));
}

const answer: AdminPlanAnswer = {
  userId: 'u-42',
  email: 'pat@example.com',
  fullName: 'Pat Collector',
  plan: 'free',
  audit: [
    {
      at: '2026-10-02T09:00:00Z',
      plan: 'free',
      previousPlan: 'plus',
      reason: 'customer.subscription.deleted',
    },
    {
      at: '2026-09-01T09:00:00Z',
      plan: 'plus',
      previousPlan: 'free',
      reason: 'Trial for the wine fair',
      by: 'a1',
      byName: 'Ada Admin',
    },
  ],
};

describe('setting a plan by hand', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    act(() => {
      clearToasts();
      endSession();
    });
    vi.restoreAllMocks();
  });

  it('reads the user id from a pasted profile address', () => {
    expect(userIdFrom(' u-42 ')).toBe('u-42');
    expect(userIdFrom('https://kork.no/users/u-42?tab=notes')).toBe('u-42');
    expect(userIdFrom('/restaurants/r-7/')).toBe('r-7');
  });

  it('is for administrators only', async () => {
    signIn('user');
    const get = vi.spyOn(api, 'get');
    renderWithProviders(<AdminPlansPage />, { route: '/admin/plans' });
    expect(await screen.findByText('Only administrators can set plans.')).toBeTruthy();
    expect(screen.queryByLabelText(/User/)).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the account’s plan and history, asks for a reason, and saves the chosen plan', async () => {
    signIn('admin');
    const saved: AdminPlanAnswer = {
      ...answer,
      plan: 'pro',
      manual: true,
      audit: [
        { at: '2026-11-29T06:00:00Z', plan: 'pro', previousPlan: 'free', reason: 'Press demo', by: 'a1' },
        ...answer.audit,
      ],
    };
    // The server's answer before the save, and after it.
    const get = vi.spyOn(api, 'get').mockResolvedValueOnce(answer).mockResolvedValue(saved);
    const put = vi.spyOn(api, 'put').mockResolvedValue(saved);
    const announced = vi.spyOn(notify, 'success');
    renderWithProviders(<AdminPlansPage />, { route: '/admin/plans' });

    fireEvent.change(await screen.findByLabelText(/User/), {
      target: { value: 'https://kork.no/users/u-42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));

    expect(await screen.findByText('Pat Collector · pat@example.com')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/admin/users/u-42/plan', expect.anything());
    expect(screen.getByText('Trial for the wine fair')).toBeTruthy();
    expect(screen.getByText('Plus → Free')).toBeTruthy();
    expect(screen.getByText('By: Payment provider')).toBeTruthy();
    expect(screen.getByText('By: Ada Admin')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Pro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    // No reason: the shared schema's message, and nothing sent.
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: '  Press demo ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/admin/users/u-42/plan', {
        body: { plan: 'pro', reason: '  Press demo ' },
      }),
    );
    expect(await screen.findByText('Press demo')).toBeTruthy();
    expect(announced).toHaveBeenCalledWith('The plan is saved.');
    expect(screen.getByText('Set by Kork')).toBeTruthy();
  });

  it('says the reason is too long with the shared schema’s bound', async () => {
    signIn('admin');
    vi.spyOn(api, 'get').mockResolvedValue(answer);
    const put = vi.spyOn(api, 'put');
    renderWithProviders(<AdminPlansPage />, { route: '/admin/plans' });
    fireEvent.change(await screen.findByLabelText(/User/), { target: { value: 'u-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.change(await screen.findByLabelText(/Reason/), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('At most 500 characters')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('says so when no account has the id', async () => {
    signIn('admin');
    const { ApiError } = await import('../../../lib/api-client');
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError('Not found', 404, 'notFound'));
    renderWithProviders(<AdminPlansPage />, { route: '/admin/plans' });
    fireEvent.change(await screen.findByLabelText(/User/), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No account with this id.')).toBeTruthy();
  });
});
