import type { LoginResult, User } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { notify } from '../../../lib/notify';
import { getSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { DangerZone } from './danger-zone';

const user = { id: 'u1', email: 'kari@example.no', fullName: 'Kari Nordmann' } as User;

describe('deleting the account from the profile', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    startSession({ access_token: 'token', user } as LoginResult);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  for (const [language, phrase, open, confirm, told] of [
    [
      'en',
      'DELETE',
      'Delete',
      'Delete account',
      'Your account is being deleted; we will e-mail you when it is done. You are logged out.',
    ],
    [
      'nb',
      'SLETT',
      'Slett',
      'Slett kontoen',
      'Kontoen din blir slettet; vi sender deg en e-post når det er gjort. Du er logget ut.',
    ],
  ] as const) {
    it(`accepts the deletion, says a mail will follow and signs out (${language})`, async () => {
      await i18n.changeLanguage(language);
      const success = vi.spyOn(notify, 'success');
      renderWithProviders(<DangerZone user={user} />, { route: '/profile' });

      fireEvent.click(screen.getByRole('button', { name: open }));
      fireEvent.change(screen.getByRole('textbox'), { target: { value: phrase } });
      fireEvent.click(screen.getByRole('button', { name: confirm }));

      await waitFor(() => expect(success).toHaveBeenCalledWith(told));
      expect(getSession().status).toBe('anonymous');
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/users/u1');
      expect(init.method).toBe('DELETE');
      expect(JSON.parse(String(init.body))).toEqual({ action: 'delete', confirmation: phrase });
    });
  }
});
