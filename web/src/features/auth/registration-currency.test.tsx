import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { RegistrationPage } from './registration-page';

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function currency(): string {
  return (screen.getByRole('combobox', { name: 'Currency for prices' }) as HTMLInputElement).value;
}

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** To the restaurant's profile step, with nothing chosen about money yet. */
function toRestaurantProfile() {
  renderWithProviders(<RegistrationPage />, { route: '/registration' });
  type(/^Email/, 'kari@example.no');
  type(/^Password/, 'Abc12345');
  type(/^Repeat password/, 'Abc12345');
  type(/^First name/, 'Kari');
  type(/^Last name/, 'Nordmann');
  type(/^Date of birth/, '1990-05-17');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.click(screen.getByRole('radio', { name: /^Restaurant/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe("registration: a business's currency", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', vi.fn());
    // The profile step's autosizing text area listens for fonts loading, which the test DOM lacks.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: vi.fn(), removeEventListener: vi.fn() },
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('becomes NOK when the business is in Norway, and EUR again when the country is unknown', async () => {
    toRestaurantProfile();
    expect(currency()).toMatch(/^EUR/);
    await choose('Country', 'Norway');
    expect(currency()).toMatch(/^NOK/);
    await choose('Country', 'Germany');
    expect(currency()).toMatch(/^EUR/);
  });

  it('keeps the currency the person picked, whatever the country', async () => {
    toRestaurantProfile();
    await choose('Currency for prices', 'SEK · kr');
    await choose('Country', 'Norway');
    expect(currency()).toMatch(/^SEK/);
  });
});
