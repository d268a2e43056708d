import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { RegistrationPage } from './registration-page';
import { holdCredentialForSignUp } from './social-sign-in';

function field(label: RegExp) {
  return screen.getByLabelText(label);
}

function type(label: RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

function stepHeading() {
  return document.getElementById('registration-step-title')?.textContent;
}

function errorOf(label: RegExp): string | null {
  const input = field(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('registration, step 1', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', vi.fn());
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does not move on while fields are missing, and says which', () => {
    renderWithProviders(<RegistrationPage />, { route: '/registration' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(stepHeading()).toBe('Step 1 of 4: Basic info');
    for (const label of [
      /^Email/,
      /^Password/,
      /^Repeat password/,
      /^First name/,
      /^Last name/,
      /^Date of birth/,
    ]) {
      expect(errorOf(label)).toBe('Required');
    }
  });

  it('names every step for a screen reader, also where a phone hides the labels', () => {
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    for (const name of ['Basic info', 'Account type', 'Confirm email'])
      expect(screen.getByRole('button', { name })).toBeDefined();
  });

  it('gives the shared rules’ messages for values that break them', () => {
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    type(/^Email/, 'anna@');
    type(/^Password/, 'abcdef');
    type(/^Repeat password/, 'abcdeg');
    type(/^First name/, 'Anna');
    type(/^Last name/, 'Berg');
    type(/^Date of birth/, `${new Date().getFullYear() - 10}-01-01`);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(stepHeading()).toBe('Step 1 of 4: Basic info');
    expect(errorOf(/^Email/)).toBe('Invalid email');
    expect(errorOf(/^Password/)).toBe(
      'At least 6 characters with a digit, an uppercase and a lowercase letter',
    );
    expect(errorOf(/^Repeat password/)).toBe('Passwords do not match');
    expect(errorOf(/^Date of birth/)).toBe('You must be at least 18 years old');
    expect(errorOf(/^First name/)).toBeNull();
  });

  it('speaks Norwegian to a Norwegian visitor', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    type(/^E-post/, 'anna@');

    fireEvent.click(screen.getByRole('button', { name: 'Neste' }));

    expect(errorOf(/^E-post/)).toBe('Ugyldig e-postadresse');
    expect(errorOf(/^Fornavn/)).toBe('Påkrevd');
  });

  it('opens the account type step once the basic info is valid, and keeps it when going back', () => {
    renderWithProviders(<RegistrationPage />, { route: '/registration' });
    type(/^Email/, 'anna@example.com');
    type(/^Password/, 'Abc12345');
    type(/^Repeat password/, 'Abc12345');
    type(/^First name/, 'Anna');
    type(/^Last name/, 'Berg');
    type(/^Date of birth/, '1990-05-17');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepHeading()).toBe('Step 2 of 4: Account type');
    expect(within(screen.getByRole('radiogroup')).getAllByRole('radio')).toHaveLength(8);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading()).toBe('Step 1 of 4: Basic info');
    expect((field(/^Email/) as HTMLInputElement).value).toBe('anna@example.com');
  });
});

describe('registration with Google after a sign-in that found no account', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', vi.fn());
  });

  afterEach(() => {
    holdCredentialForSignUp(undefined);
    vi.unstubAllGlobals();
  });

  it('starts from the Google account: its address and name, no password, three steps', () => {
    const claims = btoa(
      JSON.stringify({ email: 'ingrid@example.no', given_name: 'Ingrid', family_name: 'Berg' }),
    );
    holdCredentialForSignUp({ provider: 'google', idToken: `h.${claims.replace(/=+$/, '')}.s` });

    renderWithProviders(<RegistrationPage />, { route: '/registration' });

    expect(
      screen.getByText('Your Kork account will use ingrid@example.no, confirmed by Google.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect((field(/^First name/) as HTMLInputElement).value).toBe('Ingrid');
    expect(stepHeading()).toBe('Step 1 of 3: Basic info');

    // The other way back: an address and a password, and the mail to confirm it.
    fireEvent.click(screen.getByRole('button', { name: 'Use email and password instead' }));
    expect(field(/^Password/)).toBeTruthy();
    expect(stepHeading()).toBe('Step 1 of 4: Basic info');
  });
});
