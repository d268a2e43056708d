import { MESSAGES } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { SignInForm } from './sign-in-form';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function failure(status: number, code: string, message: string): Response {
  return answer(status, { error: { code, message } });
}

describe('the sign-in form', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function signIn(email: string, password: string, route = '/sign-in') {
    renderWithProviders(<SignInForm />, { route });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('shows the server’s message for a wrong password', async () => {
    fetchMock.mockResolvedValue(failure(401, 'UNAUTHORIZED', MESSAGES.loginFailed.en));

    signIn('anna@example.com', 'Wrong1234');

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Password or email you entered is incorrect',
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/log-in');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'anna@example.com', password: 'Wrong1234' });
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('offers to send the verification link again when the address is not confirmed', async () => {
    fetchMock.mockResolvedValueOnce(failure(403, 'EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified.en));
    fetchMock.mockResolvedValueOnce(answer(200, { payload: null }));

    signIn('new@example.com', 'Secret123');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.emailNotVerified.en);
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/auth/verification-mail');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'new@example.com' });
  });

  it('asks a deactivated account "Reactivate your account?" and reactivates it on confirmation', async () => {
    fetchMock.mockResolvedValueOnce(failure(403, 'ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated.en));
    const user = { id: 'u1', email: 'anna@example.com', fullName: 'Anna Berg', status: 'active' };
    fetchMock.mockResolvedValueOnce(answer(200, { payload: { access_token: 'token', user } }));

    signIn('anna@example.com', 'Secret123');

    const question = await screen.findByRole('alertdialog', { name: 'Reactivate your account?' });
    expect(question.textContent).toContain('This account is deactivated.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/auth/log-in');
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: 'anna@example.com',
      password: 'Secret123',
      reactivate: true,
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('leaves a deactivated account as it is when the person says not now', async () => {
    await i18n.changeLanguage('nb');
    fetchMock.mockResolvedValueOnce(failure(403, 'ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated.nb));
    renderWithProviders(<SignInForm />, { route: '/sign-in' });
    fireEvent.change(screen.getByLabelText(/E-post/), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Passord/), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Logg inn' }));

    await screen.findByRole('alertdialog', { name: 'Vil du aktivere kontoen din igjen?' });
    fireEvent.click(screen.getByRole('button', { name: 'Ikke nå' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes on a redirect_uri only when it is a path of this app', async () => {
    fetchMock.mockResolvedValue(failure(401, 'UNAUTHORIZED', MESSAGES.loginFailed.en));

    signIn('anna@example.com', 'Wrong1234', '/sign-in?redirect_uri=https%3A%2F%2Fevil.example%2F');
    await screen.findByRole('alert');
    const [, foreign] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(foreign.body))).not.toHaveProperty('redirect_uri');
  });

  it('sends a redirect_uri of this app as a path', async () => {
    fetchMock.mockResolvedValue(failure(401, 'UNAUTHORIZED', MESSAGES.loginFailed.en));

    signIn(
      'anna@example.com',
      'Wrong1234',
      `/sign-in?redirect_uri=${encodeURIComponent(`${location.origin}/events?x=1`)}`,
    );
    await screen.findByRole('alert');
    const [, own] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(own.body))).toMatchObject({ redirect_uri: '/events?x=1' });
  });

  it('checks the fields with the shared schema before asking the server', async () => {
    signIn('not-an-email', '');

    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
