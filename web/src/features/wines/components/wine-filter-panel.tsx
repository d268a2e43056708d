import { WineSearchQuery } from '@kork/shared';
import { Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { schemaErrors } from '../../../lib/form-schema';
import { NOT_A_NUMBER, parseNumberText } from '../../../lib/number-text';
import { useVocabulary, useVocabularyOfId } from '../../../lib/wine-text';
import { FACET_GROUPS, type Facets, facetOptions } from '../facet-options';
import {
  BOOLEAN_FILTERS,
  type BooleanFilter,
  type FilterAbilities,
  type ListFilter,
  offersBooleanFilter,
  offersListFilter,
  toggleOrigin,
  type WineFilters,
} from '../wine-filters';
import { FacetGroup } from './facet-group';
import classes from './wine-filters.module.css';

interface WineFilterPanelProps {
  filters: WineFilters;
  facets: Facets;
  abilities: FilterAbilities;
  /** The viewer's currency: the price bounds are in it. */
  currency: string;
  onChange: (update: (current: WineFilters) => WineFilters) => void;
}

/** The feed's filters: facet lists, the price range for members and the yes/no switches. */
export function WineFilterPanel({ filters, facets, abilities, currency, onChange }: WineFilterPanelProps) {
  const { t } = useTranslation();
  const label = useVocabulary();
  const labelOfId = useVocabularyOfId();

  const toggle = (filter: ListFilter, id: string) =>
    onChange((current) => ({
      ...current,
      [filter]:
        filter === 'origins'
          ? toggleOrigin(current.origins, id)
          : current[filter].includes(id)
            ? current[filter].filter((value) => value !== id)
            : [...current[filter], id],
    }));

  const setBoolean = (key: BooleanFilter, value: boolean) =>
    onChange((current) => ({ ...current, [key]: value }));

  return (
    <div className={classes.panel}>
      <fieldset className={classes.group}>
        <legend className={classes.legend}>{t('wineSearch.show')}</legend>
        <div className={classes.switches}>
          {BOOLEAN_FILTERS.filter((key) => offersBooleanFilter(key, abilities)).map((key) => (
            <Switch
              key={key}
              checked={filters[key]}
              onChange={(event) => setBoolean(key, event.currentTarget.checked)}
              label={t(`wineSearch.switches.${key}`)}
              color="wine.7"
            />
          ))}
        </div>
      </fieldset>

      {abilities.loggedIn && (
        <fieldset className={classes.group}>
          <legend className={classes.legend}>{t('wineSearch.price', { currency })}</legend>
          <div className={classes.priceRow}>
            <PriceInput
              name="minPrice"
              label={t('wineSearch.minPrice')}
              value={filters.minPrice}
              onCommit={(value) => onChange((current) => ({ ...current, minPrice: value }))}
            />
            <PriceInput
              name="maxPrice"
              label={t('wineSearch.maxPrice')}
              value={filters.maxPrice}
              onCommit={(value) => onChange((current) => ({ ...current, maxPrice: value }))}
            />
          </div>
        </fieldset>
      )}

      {FACET_GROUPS.map(({ facet, filter }) => {
        if (!offersListFilter(filter, abilities)) return null;
        const options = facetOptions(facet, filter, facets, filters, t, undefined, label, labelOfId);
        if (options.length === 0) return null;
        return (
          <FacetGroup
            key={facet}
            legend={t(`wineSearch.facets.${facet}.legend`)}
            searchLabel={t(`wineSearch.facets.${facet}.search`)}
            options={options}
            selected={filters[filter]}
            onToggle={(id) => toggle(filter, id)}
          />
        );
      })}
    </div>
  );
}

type PriceName = 'minPrice' | 'maxPrice';

/**
 * The price as the API's query takes it, read in the page's language as the app's number field reads
 * it ("99,90" in Norwegian, "1,299.50" in English); text that is no number goes to the schema as typed.
 */
function priceText(text: string): string {
  const parsed = parseNumberText(text, currentLocale());
  if (parsed === null) return '';
  return parsed === NOT_A_NUMBER ? text.trim() : String(parsed);
}

/** Why the API would refuse this bound, from its own query schema (a number, up to its largest amount). */
function priceProblem(name: PriceName, text: string): string | undefined {
  const value = priceText(text);
  return value ? schemaErrors(WineSearchQuery, { [name]: value })[name] : undefined;
}

/** The bound a field holds: `null` when empty, `undefined` when it is no bound the API takes. */
function parsePrice(name: PriceName, text: string): number | null | undefined {
  const value = priceText(text);
  if (!value) return null;
  return priceProblem(name, text) === undefined ? Number(value) : undefined;
}

const PRICE_DELAY_MS = 600;

/**
 * A price bound, applied a moment after typing stops, on leaving the field, or on Enter. A text the
 * API would refuse is not applied: the field says what it takes instead. A text field, so the mouse
 * wheel scrolls the page rather than changing the amount (SPEC §5).
 */
function PriceInput({
  name,
  label,
  value,
  onCommit,
}: {
  name: PriceName;
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));

  // Back/forward or a removed chip changes the bound from outside.
  useEffect(() => {
    setText((current) =>
      parsePrice(name, current) === value ? current : value === null ? '' : String(value),
    );
  }, [name, value]);

  const commit = (next: string) => {
    const parsed = parsePrice(name, next);
    if (parsed !== undefined && parsed !== value) onCommit(parsed);
  };

  // Only typing schedules a commit; the bound and the callback change with every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    const timer = setTimeout(() => commit(text), PRICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <NumberField
      label={label}
      size="sm"
      value={text}
      error={priceProblem(name, text)}
      onChange={setText}
      onBlur={(event) => commit(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
    />
  );
}
