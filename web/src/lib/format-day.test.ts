import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { formatDay } from './format-day';

describe('a day as people read it', () => {
  it('writes a calendar day the Norwegian and the English way', () => {
    expect(formatDay('2025-01-13', 'nb')).toBe('13. jan. 2025');
    expect(formatDay('2025-01-13', 'en')).toBe('13 Jan 2025');
  });

  it('follows the language of the page when none is given', async () => {
    await i18n.changeLanguage('nb');
    expect(formatDay('2025-03-03')).toBe('3. mars 2025');
    await i18n.changeLanguage('en');
    expect(formatDay('2025-03-03')).toBe('3 Mar 2025');
  });

  it('writes a moment as its day', () => {
    expect(formatDay('2025-06-01T12:14:00Z', 'en')).toBe('1 Jun 2025');
  });

  it('shows a value that is no date as it is', () => {
    expect(formatDay('soon', 'en')).toBe('soon');
  });
});
