import { HISTORY_ACTIONS, type HistoryAction } from '@kork/shared';
import { Box, Button, Group, MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryFilters, SetHistoryFiltersOptions } from './use-history-filters';
import { hasActiveFilters } from './use-history-filters';

/** Long enough to type a word without a request per key, short enough to feel immediate. */
const SEARCH_DELAY_MS = 350;

interface HistoryFiltersBarProps {
  filters: HistoryFilters;
  onChange: (changes: Partial<HistoryFilters>, options?: SetHistoryFiltersOptions) => void;
}

/** The search box keeps its own text and writes it to the URL once typing pauses. */
function SearchField({ value, onChange }: { value: string; onChange: HistoryFiltersBarProps['onChange'] }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DELAY_MS);

  // Only a new pause writes; a URL change from elsewhere is taken in by the effect below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a pause in typing only.
  useEffect(() => {
    // Each pause replaces the URL entry, so Back does not step through every word typed.
    if (debounced.trim() !== value) onChange({ search: debounced }, { replace: true });
  }, [debounced]);

  useEffect(() => {
    // Back/forward or "Clear filters" changed the URL: show what it says now.
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      type="search"
      label={t('cellarReview.history.filters.search')}
      placeholder={t('cellarReview.history.filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}

/** Action, text and date range filters; every change is kept in the URL by the parent. */
export function HistoryFiltersBar({ filters, onChange }: HistoryFiltersBarProps) {
  const { t } = useTranslation();
  const actionOptions = HISTORY_ACTIONS.map((action) => ({
    value: action,
    label: t(`cellarReview.actions.${action}`),
  }));

  return (
    <Box role="search" aria-label={t('cellarReview.history.filters.label')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <MultiSelect
          label={t('cellarReview.history.filters.actions')}
          placeholder={
            filters.actions.length === 0 ? t('cellarReview.history.filters.allActions') : undefined
          }
          data={actionOptions}
          value={filters.actions}
          onChange={(actions) => onChange({ actions: actions as HistoryAction[] })}
          clearable
          clearButtonProps={{ 'aria-label': t('cellarReview.history.filters.clearActions') }}
        />
        <SearchField value={filters.search} onChange={onChange} />
        <TextInput
          type="date"
          label={t('cellarReview.history.filters.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('cellarReview.history.filters.to')}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.currentTarget.value })}
        />
      </SimpleGrid>
      {hasActiveFilters(filters) && (
        <Group justify="flex-end" mt="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onChange({ actions: [], search: '', from: '', to: '' })}
          >
            {t('cellarReview.history.filters.clear')}
          </Button>
        </Group>
      )}
    </Box>
  );
}
