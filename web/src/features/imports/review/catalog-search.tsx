import type { MatchCandidate } from '@kork/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { importCatalogSearchQuery } from '../api/import-reads';
import { candidateName, candidateOfRow } from './review-model';
import { bottleSizeText } from './review-text';

/** Results one search shows. */
const RESULTS = 20;

/**
 * "Search the catalogue": a search box over the whole catalogue, sold-out wines too (`GET /api/wines
 * ?search=…`); choosing a wine makes it the line's match. Opened by the line's button, it takes the focus.
 */
export function CatalogSearch({
  initial,
  onPick,
}: {
  /** What the search starts from: the line's wine name. */
  initial: string;
  onPick: (wine: MatchCandidate) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [search, setSearch] = useState(initial);
  const [term] = useDebouncedValue(search.trim(), 250);
  const found = useQuery({ ...importCatalogSearchQuery(term, RESULTS), enabled: term.length > 0 });
  const byId = useMemo(
    () => new Map((found.data?.rows ?? []).map((row) => [row.id, candidateOfRow(row)])),
    [found.data],
  );
  const data = useMemo(
    () =>
      [...byId.values()].map((wine) => ({
        value: wine.wineId,
        label: `${candidateName(wine)} · ${bottleSizeText(wine.bottleSize, locale)}`,
      })),
    [byId, locale],
  );
  return (
    <Select
      label={t('importsPage.review.searchLabel')}
      placeholder={t('importsPage.review.searchPlaceholder')}
      searchable
      autoFocus
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const wine = id ? byId.get(id) : undefined;
        if (wine) onPick(wine);
      }}
      nothingFoundMessage={
        found.isFetching ? t('importsPage.review.searching') : t('importsPage.review.nothingFound')
      }
      filter={({ options }) => options}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
