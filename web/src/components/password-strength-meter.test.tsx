import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test/render';
import { PasswordStrengthMeter } from './password-strength-meter';

// One password per level of the shared rule: below the rule, then 6+, 10+ and 14+ characters with a symbol.
const LEVELS = [
  { password: 'abc', en: 'Weak', nb: 'Svak' },
  { password: 'Abc123', en: 'Medium', nb: 'Middels' },
  { password: 'Abc1234567', en: 'Strong', nb: 'Sterk' },
  { password: 'Abc1234567890!', en: 'Very strong', nb: 'Svært sterk' },
];

describe('the password strength meter', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  for (const { password, en } of LEVELS) {
    it(`calls "${password}" ${en.toLowerCase()}`, () => {
      renderWithProviders(<PasswordStrengthMeter password={password} />);

      expect(screen.getByText(`Password strength: ${en}`)).toBeTruthy();
    });
  }

  it('names every level in Norwegian too', async () => {
    await i18n.changeLanguage('nb');

    for (const { password, nb } of LEVELS) {
      const { unmount } = renderWithProviders(<PasswordStrengthMeter password={password} />);
      expect(screen.getByText(`Passordstyrke: ${nb}`)).toBeTruthy();
      unmount();
    }
  });

  it('says the level in a polite live region and fills one bar per level', () => {
    const { container } = renderWithProviders(<PasswordStrengthMeter password="Abc1234567" />);

    expect(screen.getByText('Password strength: Strong').getAttribute('aria-live')).toBe('polite');
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(3);
  });

  it('shows no level before anything is typed', () => {
    const { container } = renderWithProviders(<PasswordStrengthMeter password="" />);

    expect(screen.queryByText(/Password strength:/)).toBeNull();
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(0);
  });
});
