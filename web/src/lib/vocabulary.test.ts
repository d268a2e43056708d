import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { vocabularyLabel } from './vocabulary';

beforeAll(async () => {
  await i18n.loadLanguages(['en', 'nb']);
});

describe('vocabularyLabel', () => {
  it("gives a stored Norwegian value in the reader's language", () => {
    expect(vocabularyLabel('country', 'Frankrike', 'en')).toBe('France');
    expect(vocabularyLabel('country', 'Frankrike', 'nb')).toBe('Frankrike');
    expect(vocabularyLabel('country', 'Dominik. rep.', 'en')).toBe('Dominican Republic');
    expect(vocabularyLabel('country', 'Dominik. rep.', 'nb')).toBe('Den dominikanske republikk');
    expect(vocabularyLabel('food', 'Storfe', 'en')).toBe('Beef');
    expect(vocabularyLabel('style', 'Musserende Vin', 'nb')).toBe('Musserende vin');
    expect(vocabularyLabel('cork', 'Skrukapsel', 'en-GB')).toBe('Screw cap');
    expect(vocabularyLabel('region', 'Øvrige', 'en')).toBe('Other');
    expect(vocabularyLabel('storingGrade', 'Drikkeklar, ikke egnet for lagring', 'en')).toBe(
      'Ready to drink, not for cellaring',
    );
  });

  it('says Unknown for Vinmonopolet\'s "Ukjent" in any field', () => {
    expect(vocabularyLabel('cork', 'Ukjent', 'en')).toBe('Unknown');
    expect(vocabularyLabel('country', 'ukjent', 'nb')).toBe('Ukjent');
  });

  it('shows free text and values it does not know as written, and never throws', () => {
    expect(vocabularyLabel('method', 'Tradisjonell vinifikasjon.', 'en')).toBe('Tradisjonell vinifikasjon.');
    expect(vocabularyLabel('region', 'Piemonte', 'en')).toBe('Piedmont');
    expect(vocabularyLabel('region', 'Mosel', 'en')).toBe('Mosel');
    expect(vocabularyLabel('country', 'Atlantis', 'en')).toBe('Atlantis');
    expect(vocabularyLabel('country', 'toString', 'en')).toBe('toString');
    expect(vocabularyLabel('country', 'Frankrike', 'de')).toBe('Frankrike');
    expect(vocabularyLabel('country', null, 'en')).toBe('');
    expect(vocabularyLabel('country', undefined, 'en')).toBe('');
    expect(vocabularyLabel('country', '  ', 'en')).toBe('');
  });
});
