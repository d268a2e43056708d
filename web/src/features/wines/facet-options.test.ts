import type { FacetValue } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { vocabularyLabel, vocabularyLabelOfId } from '../../lib/vocabulary';
import { type Facets, facetLabel, facetOptions, type VocabularyLabel } from './facet-options';
import { DEFAULT_FILTERS } from './wine-filters';

beforeAll(async () => {
  await i18n.loadLanguages(['en', 'nb']);
});

const labelIn =
  (language: string): VocabularyLabel =>
  (field, value) =>
    vocabularyLabel(field, value, language);

const value = (id: string, name: string, extra: Partial<FacetValue> = {}): FacetValue => ({
  id,
  name,
  count: 3,
  ...extra,
});

/** Facets as the API answers: neutral ids, Vinmonopolet's stored names. */
const FACETS: Facets = {
  countries: [value('france', 'Frankrike'), value('italy', 'Italia')],
  regions: [value('france.burgundy', 'Burgund'), value('italy.other', 'Øvrige', { parent: 'Italia' })],
  food: [value('lyst-kjott', 'Lyst kjøtt'), value('fisk', 'Fisk')],
  stores: [value('butikkategori-3', 'Butikkategori 3')],
};

function labels(facet: 'countries' | 'regions' | 'food' | 'stores', language: string): [string, string][] {
  const filter = facet === 'countries' || facet === 'regions' ? 'origins' : facet;
  const t = i18n.getFixedT(language);
  return facetOptions(facet, filter, FACETS, DEFAULT_FILTERS, t, new Date(), labelIn(language)).map(
    (option) => [option.id, option.label],
  );
}

describe('facet labels', () => {
  it('name each id in English for an English reader', () => {
    expect(labels('countries', 'en')).toEqual([
      ['france', 'France'],
      ['italy', 'Italy'],
    ]);
    expect(labels('regions', 'en')).toEqual([
      ['france.burgundy', 'Burgundy'],
      ['italy.other', 'Other (Italy)'],
    ]);
    expect(labels('food', 'en')).toEqual([
      ['lyst-kjott', 'White meat'],
      ['fisk', 'Fish'],
    ]);
    expect(labels('stores', 'en')).toEqual([['butikkategori-3', 'Store category 3']]);
  });

  it('name the same ids in Bokmål for a Norwegian reader', () => {
    expect(labels('countries', 'nb')).toEqual([
      ['france', 'Frankrike'],
      ['italy', 'Italia'],
    ]);
    expect(labels('regions', 'nb')).toEqual([
      ['france.burgundy', 'Burgund'],
      ['italy.other', 'Øvrige (Italia)'],
    ]);
    expect(labels('food', 'nb')).toEqual([
      ['lyst-kjott', 'Lyst kjøtt'],
      ['fisk', 'Fisk'],
    ]);
  });

  it('name an active filter chip the same way', () => {
    const t = i18n.getFixedT('en');
    expect(facetLabel('origins', 'france.burgundy', FACETS, t, labelIn('en'))).toBe('Burgundy');
    expect(facetLabel('food', 'lyst-kjott', FACETS, t, labelIn('en'))).toBe('White meat');
    expect(facetLabel('origins', 'france.burgundy', FACETS, i18n.getFixedT('nb'), labelIn('nb'))).toBe(
      'Burgund',
    );
  });

  it('name a chosen value the answer no longer holds from its id alone', () => {
    const ofId = (language: string) => (field: Parameters<VocabularyLabel>[0], id: string) =>
      vocabularyLabelOfId(field, id, language);
    const t = i18n.getFixedT('en');
    expect(facetLabel('food', 'storfe', {}, t, labelIn('en'), ofId('en'))).toBe('Beef');
    expect(facetLabel('food', 'storfe', {}, i18n.getFixedT('nb'), labelIn('nb'), ofId('nb'))).toBe('Storfe');
    expect(facetLabel('stores', 'butikkategori-6', {}, t, labelIn('en'), ofId('en'))).toBe(
      'Store category 6',
    );
    expect(facetLabel('origins', 'spain', {}, t, labelIn('en'), ofId('en'))).toBe('Spain');
    expect(facetLabel('origins', 'spania', {}, i18n.getFixedT('nb'), labelIn('nb'), ofId('nb'))).toBe(
      'Spania',
    );
    expect(facetLabel('origins', 'france.burgundy', {}, t, labelIn('en'), ofId('en'))).toBe('Burgundy');
    // A proper name the vocabulary does not hold reads from the id.
    expect(facetLabel('origins', 'france.bordeaux', {}, t, labelIn('en'), ofId('en'))).toBe('Bordeaux');
  });
});
