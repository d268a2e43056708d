import { EVENT_CATEGORIES } from '@kork/shared';
import { Button, NativeSelect, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EventFilters, isFiltered, SEARCH_MAX } from './event-filters';
import classes from './events.module.css';

interface EventFiltersBarProps {
  filters: EventFilters;
  /** The places the API lists (the cities of public events). */
  cities: string[];
  /** Changes some filters; any change but paging goes back to page 1. */
  onChange: (change: Partial<EventFilters>) => void;
}

/** Upcoming or past, a search box and the category, place and date filters of /events. */
export function EventFiltersBar({ filters, cities, onChange }: EventFiltersBarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(filters.search);
  const [debounced] = useDebouncedValue(text.trim().slice(0, SEARCH_MAX), 300);
  const committed = useRef(filters.search);

  // A search from elsewhere (back and forward, "Clear filters") shows in the box.
  useEffect(() => {
    if (filters.search !== committed.current) {
      committed.current = filters.search;
      setText(filters.search);
    }
  }, [filters.search]);

  useEffect(() => {
    if (debounced === committed.current) return;
    committed.current = debounced;
    onChange({ search: debounced });
  }, [debounced, onChange]);

  // A place from a shared address is kept in the list even when the API no longer names it.
  const places = filters.place && !cities.includes(filters.place) ? [filters.place, ...cities] : cities;

  return (
    <search className={classes.filterArea} aria-label={t('wineEvents.filters.title')}>
      <SegmentedControl
        aria-label={t('wineEvents.when.label')}
        value={filters.when}
        onChange={(value) => onChange({ when: value === 'past' ? 'past' : 'upcoming' })}
        data={[
          { value: 'upcoming', label: t('wineEvents.when.upcoming') },
          { value: 'past', label: t('wineEvents.when.past') },
        ]}
        className={classes.when}
      />
      <div className={classes.filters}>
        <TextInput
          type="search"
          className={classes.search}
          label={t('wineEvents.filters.search')}
          placeholder={t('wineEvents.filters.searchPlaceholder')}
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <NativeSelect
          label={t('wineEvents.filters.category')}
          value={filters.category ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({
              category: (EVENT_CATEGORIES as readonly string[]).includes(value)
                ? (value as EventFilters['category'])
                : undefined,
            });
          }}
          data={[
            { value: '', label: t('wineEvents.filters.anyCategory') },
            ...EVENT_CATEGORIES.map((category) => ({
              value: category,
              label: t(`wineEvents.categories.${category}`),
            })),
          ]}
        />
        <NativeSelect
          label={t('wineEvents.filters.place')}
          value={filters.place ?? ''}
          onChange={(event) => onChange({ place: event.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('wineEvents.filters.anyPlace') },
            ...places.map((city) => ({ value: city, label: city })),
          ]}
        />
        <TextInput
          type="date"
          label={t('wineEvents.filters.from')}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={t('wineEvents.filters.to')}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
        />
        {isFiltered(filters) && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => {
              setText('');
              onChange({ search: '', category: undefined, place: undefined, from: undefined, to: undefined });
            }}
          >
            {t('wineEvents.filters.clear')}
          </Button>
        )}
      </div>
    </search>
  );
}
