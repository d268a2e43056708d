import { type FacetName, type FacetValue, isMainCategory, vintageFilterYears } from '@kork/shared';
import type { TFunction } from 'i18next';
import type { VocabularyField } from '../../lib/vocabulary';
import type { FacetOption } from './components/facet-group';
import type { ListFilter, WineFilters } from './wine-filters';

/** The facets of an answer: the catalogue's, and the marketplace's suppliers for business accounts. */
export type FeedFacetName = FacetName | 'nbsSuppliers';

/** The filter panel's groups in the order they show, and the filter each one sets. */
export const FACET_GROUPS: readonly { facet: FeedFacetName; filter: ListFilter }[] = [
  { facet: 'categories', filter: 'mainCategoryId' },
  { facet: 'countries', filter: 'origins' },
  { facet: 'regions', filter: 'origins' },
  { facet: 'subRegions', filter: 'origins' },
  { facet: 'grapes', filter: 'grapes' },
  { facet: 'food', filter: 'food' },
  { facet: 'manufacturers', filter: 'manufacturers' },
  { facet: 'nbsSuppliers', filter: 'nbsSuppliers' },
  { facet: 'vintages', filter: 'vintages' },
  { facet: 'bottleSizes', filter: 'bottleSizes' },
  { facet: 'stores', filter: 'stores' },
  { facet: 'experts', filter: 'ratedById' },
];

export type Facets = Partial<Record<FeedFacetName, FacetValue[]>>;

/** A stored catalogue value in the reader's language (`useVocabulary`): "Frankrike" → "France". */
export type VocabularyLabel = (field: VocabularyField, value: string) => string;
/** A controlled value known only by its id, in the reader's language (`useVocabularyOfId`). */
export type VocabularyLabelOfId = (field: VocabularyField, id: string) => string | undefined;

/** The vocabulary field of the facets whose values are controlled words; the others are proper names. */
const FACET_FIELDS: Partial<Record<FeedFacetName, VocabularyField>> = {
  countries: 'country',
  regions: 'region',
  subRegions: 'region',
  food: 'food',
  stores: 'storeCategory',
};

/**
 * A facet value's name in the reader's language, with its parent where the list holds namesakes
 * ("Other (Burgundy)", "Øvrige (Burgund)").
 */
function valueLabel(facet: FeedFacetName, value: FacetValue, label: VocabularyLabel | undefined): string {
  const field = FACET_FIELDS[facet];
  if (!field || !label) return value.name;
  const name = label(field, value.name);
  if (!value.parent) return name;
  return `${name} (${label(facet === 'regions' ? 'country' : field, value.parent)})`;
}

const NON_VINTAGE = 'NV';
const ORIGIN_FACETS: FeedFacetName[] = ['countries', 'regions', 'subRegions'];

/** How deep an origin id is: 0 a country, 1 a region, 2 a sub-region. */
function originDepth(id: string): number {
  return id.split('.').length - 1;
}

/** Vintages offered as filters: the last 50 years and non-vintage (SPEC §9). */
export function isOfferedVintage(id: string, today: Date = new Date()): boolean {
  return id === NON_VINTAGE || vintageFilterYears(today).includes(Number(id));
}

/** "cotes-du-rhone" → "Cotes du rhone": a readable stand-in for a value the answer did not name. */
function fallbackLabel(id: string): string {
  const last = id.split('.').pop() ?? id;
  const words = last.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The name of a filter value: the translated category, "NV", or the facet's own name in the reader's
 * language (through `label`, the vocabulary).
 */
export function facetLabel(
  filter: ListFilter,
  id: string,
  facets: Facets,
  t: TFunction,
  label?: VocabularyLabel,
  labelOfId?: VocabularyLabelOfId,
): string {
  if (filter === 'mainCategoryId' && isMainCategory(id)) return t(`wineSearch.categories.${id}`);
  if (filter === 'vintages' && id === NON_VINTAGE) return t('wineSearch.card.nonVintage');
  const names = FACET_GROUPS.filter((group) => group.filter === filter).map((group) => group.facet);
  for (const name of names) {
    const value = facets[name]?.find((item) => item.id === id);
    if (value) return valueLabel(name, value, label);
  }
  const field =
    filter === 'origins'
      ? originDepth(id) === 0
        ? 'country'
        : 'region'
      : names.map((name) => FACET_FIELDS[name]).find(Boolean);
  return (field && labelOfId?.(field, id)) || fallbackLabel(id);
}

/** Whether an origin id belongs in a group's list, given the countries and regions already chosen. */
function originInScope(facet: FeedFacetName, id: string, chosen: readonly string[]): boolean {
  const depth = ORIGIN_FACETS.indexOf(facet);
  if (originDepth(id) !== depth) return false;
  if (depth === 0) return true;
  // Regions of the chosen countries (all when none is chosen); sub-regions of the chosen regions, else
  // of the chosen countries.
  for (let parentDepth = depth - 1; parentDepth >= 0; parentDepth--) {
    const parents = chosen.filter((other) => originDepth(other) === parentDepth);
    if (parents.length > 0) return parents.some((parent) => id.startsWith(`${parent}.`));
  }
  return true;
}

/** The checkboxes of one group: the answer's values with their counts, and chosen values it lacks. */
export function facetOptions(
  facet: FeedFacetName,
  filter: ListFilter,
  facets: Facets,
  filters: WineFilters,
  t: TFunction,
  today: Date = new Date(),
  label?: VocabularyLabel,
  labelOfId?: VocabularyLabelOfId,
): FacetOption[] {
  const chosen = filters[filter];
  let values = facets[facet] ?? [];
  const isOrigin = filter === 'origins';
  if (isOrigin) values = values.filter((value) => originInScope(facet, value.id, chosen));
  if (filter === 'vintages') values = values.filter((value) => isOfferedVintage(value.id, today));

  const options: FacetOption[] = values.map((value) => ({
    id: value.id,
    label:
      filter === 'mainCategoryId' || (filter === 'vintages' && value.id === NON_VINTAGE)
        ? facetLabel(filter, value.id, facets, t)
        : valueLabel(facet, value, label),
    count: value.count,
  }));

  const listed = new Set(options.map((option) => option.id));
  const missing = chosen.filter(
    (id) => !listed.has(id) && (!isOrigin || originDepth(id) === ORIGIN_FACETS.indexOf(facet)),
  );
  return [
    ...missing.map((id) => ({ id, label: facetLabel(filter, id, facets, t, label, labelOfId), count: null })),
    ...options,
  ];
}
