import { MESSAGES } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { requestCredential } from '../provider-sdk';
import { SocialSignInButtons } from './social-sign-in-buttons';

vi.mock('../provider-sdk', () => ({ requestCredential: vi.fn() }));

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const CONFIG = {
  signIn: { google: { clientId: 'web.apps' }, apple: { clientId: 'no.kork.web' }, emulator: '/_dev/oidc' },
};
const SIGNED_IN = {
  access_token: 'token',
  user: { id: 'u1', email: 'ingrid@example.no', fullName: 'Ingrid Berg', viewCurrency: 'NOK' },
};

describe('the Google and Apple buttons', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let signInAnswers: Response[];

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    signInAnswers = [];
    fetchMock = vi.fn(async (url: string) =>
      url === '/api/config' ? answer(200, { payload: CONFIG }) : (signInAnswers.shift() ?? answer(500, {})),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function press(name: string) {
    renderWithProviders(<SocialSignInButtons />, { route: '/sign-in' });
    const button = screen.getByRole('button', { name });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(button);
  }

  it('asks a deactivated account whether to reactivate it, and signs it in on yes', async () => {
    vi.mocked(requestCredential).mockResolvedValue({ provider: 'google', idToken: 'x'.repeat(40) });
    signInAnswers.push(
      answer(403, { error: { code: 'ACCOUNT_DEACTIVATED', message: MESSAGES.accountDeactivated.en } }),
      answer(200, { payload: SIGNED_IN }),
    );

    await press('Continue with Google');
    const dialog = await screen.findByRole('alertdialog', { name: 'Reactivate your account?' });
    fireEvent.click(within(dialog, 'Reactivate'));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const [url, init] = fetchMock.mock.calls[2] as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-in/google');
    expect(JSON.parse(String(init.body))).toEqual({ idToken: 'x'.repeat(40), reactivate: true });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says Apple’s own message when the Apple window is closed without signing in', async () => {
    vi.mocked(requestCredential).mockResolvedValue(undefined);

    await press('Continue with Apple');

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.appleLoginFailed.en);
  });

  it('says nothing when the API refuses with 403', async () => {
    vi.mocked(requestCredential).mockResolvedValue({ provider: 'google', idToken: 'x'.repeat(40) });
    signInAnswers.push(answer(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } }));

    await press('Continue with Google');

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-in/google', expect.anything()),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

function within(container: HTMLElement, name: string): HTMLElement {
  const button = [...container.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!button) throw new Error(`no ${name} button`);
  return button;
}
