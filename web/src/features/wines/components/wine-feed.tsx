import {
  type FacetValue,
  LIMITS,
  resolveCurrency,
  SORT_COLUMNS,
  SORT_DIRECTIONS,
  type SortColumn,
  type SortDirection,
} from '@kork/shared';
import { Alert, Badge, Button, NativeSelect, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertTriangle, IconSearch, IconX } from '@tabler/icons-react';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../../lib/currency';
import { QueryProvider } from '../../../lib/query-client';
import { useIsLoggedIn, useViewer } from '../../../lib/session';
import { formatPrice, useVocabulary, useVocabularyOfId } from '../../../lib/wine-text';
import { CatalogueRateNote } from '../../config/components/catalogue-rate-note';
import {
  lengthLimitNote,
  searchRefusal,
  WINE_SEARCH_MAX_LENGTH,
  wineSearchProblem,
} from '../../search/search-rules';
import { FEED_PAGE_SIZE } from '../api/wine-queries';
import { facetLabel } from '../facet-options';
import { useWineFilters } from '../use-wine-filters';
import { useWineSearch } from '../use-wine-search';
import {
  type ActiveFilter,
  activeFilters,
  clearWineFilters,
  type FilterAbilities,
  ranksByMatch,
  removeActiveFilter,
  type WineFilters,
  wineSearchParams,
} from '../wine-filters';
import { EmptyResults, type SearchOutcomeProps, UnratedMatches } from './search-outcome';
import { WineCard } from './wine-card';
import { WineCardSkeleton } from './wine-card-skeleton';
import classes from './wine-feed.module.css';
import { FEED_WIDE_QUERY } from './wine-feed-layout';
import { WineFilterPanel } from './wine-filter-panel';

const SEARCH_DELAY_MS = 250;
// The phone's filter drawer is fetched when someone reaches for the Filters button.
const loadFilterDrawer = () => import('./wine-filter-drawer');
const WineFilterDrawer = lazy(loadFilterDrawer);
/** Placeholder cards while the first page loads, and fewer while the next one does. */
const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
const NEXT_PAGE_SKELETONS = 3;

const SORT_OPTIONS: { column: SortColumn; direction: SortDirection }[] = SORT_COLUMNS.flatMap((column) =>
  [...SORT_DIRECTIONS]
    // Best first for ratings and the newest first for dates and additions, cheapest first for prices.
    .sort((a, b) => (column === 'price' || column === 'name' ? (a < b ? -1 : 1) : a < b ? 1 : -1))
    .map((direction) => ({ column, direction })),
);

export interface WineFeedProps {
  /**
   * The main categories' wine counts for the current filters, the category filter itself left out
   * (the answer's `categories` facet), each time an answer brings them; `null` when the wines could
   * not be loaded at all.
   */
  onCategoryCounts?: (counts: readonly FacetValue[] | null) => void;
}

/**
 * The catalogue on the home page: search, sort, filters (a side column on wide screens, a drawer on
 * phones), the active filters as chips and an endless list of wine cards. Everything chosen lives in
 * the page URL.
 */
/** The page around the feed (the home page's category strip) changing leaves the feed as it is. */
export const WineFeed = memo(function WineFeed(props: WineFeedProps = {}) {
  return (
    <QueryProvider>
      <Feed {...props} />
    </QueryProvider>
  );
});

function Feed({ onCategoryCounts }: WineFeedProps) {
  const { t, i18n } = useTranslation();
  const vocabulary = useVocabulary();
  const vocabularyOfId = useVocabularyOfId();
  const [filters, setFilters] = useWineFilters();
  const loggedIn = useIsLoggedIn();
  const viewer = useViewer();
  const currency = useCurrency();
  const wide = useMediaQuery(FEED_WIDE_QUERY, false, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from its first opening on, so it can animate closed afterwards.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const business = viewer ? viewer.accountType === 2 || viewer.isBusiness : false;
  const abilities = useMemo<FilterAbilities>(() => ({ loggedIn, business }), [loggedIn, business]);

  const params = useMemo(() => {
    const { page: _page, ...rest } = wineSearchParams(filters, abilities, 1, FEED_PAGE_SIZE);
    return rest;
  }, [filters, abilities]);
  const result = useWineSearch(params, `${currency}|${i18n.resolvedLanguage}|${loggedIn}`);
  const facets = result.facets ?? {};
  const onCountsRef = useRef(onCategoryCounts);
  onCountsRef.current = onCategoryCounts;
  const failedWithoutFacets = result.facets === null && result.status === 'error';
  useEffect(() => {
    if (result.facets) onCountsRef.current?.(result.facets.categories);
    else if (failedWithoutFacets) onCountsRef.current?.(null);
  }, [result.facets, failedWithoutFacets]);
  const active = activeFilters(filters, abilities);
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.resolvedLanguage), [i18n.resolvedLanguage]);

  const update = (change: (current: WineFilters) => WineFilters) => setFilters(change);
  const clearAll = () => setFilters(clearWineFilters);

  const chipLabel = (filter: ActiveFilter): string => {
    switch (filter.kind) {
      case 'search':
        return t('wineSearch.chips.search', { text: filter.value });
      case 'list':
        return facetLabel(filter.key, filter.value, facets, t, vocabulary, vocabularyOfId);
      case 'price':
        return t(`wineSearch.chips.${filter.key}`, {
          price: formatPrice(filter.value, currency, i18n.resolvedLanguage),
        });
      case 'boolean':
        return t(`wineSearch.chips.${filter.key}`);
    }
  };

  const panel = (
    <WineFilterPanel
      filters={filters}
      facets={facets}
      abilities={abilities}
      currency={currency}
      onChange={update}
    />
  );

  return (
    <div className={classes.feed}>
      <div className={classes.toolbar}>
        <SearchBox
          value={filters.search}
          onSearch={(search, replace) => setFilters((f) => ({ ...f, search }), { replace })}
        />
        <NativeSelect
          label={t('wineSearch.sortBy')}
          className={classes.sort}
          value={`${filters.sortColumn}:${filters.sortDirection}`}
          onChange={(event) => {
            const [column, direction] = event.currentTarget.value.split(':') as [SortColumn, SortDirection];
            setFilters((current) => ({ ...current, sortColumn: column, sortDirection: direction }));
          }}
          data={SORT_OPTIONS.map(({ column, direction }) => ({
            value: `${column}:${direction}`,
            // With text to match, the default sort lists the best matches first (the API ranks them so):
            // that option says so, since that is what choosing it gives.
            label: ranksByMatch({ search: filters.search, sortColumn: column, sortDirection: direction })
              ? t('wineSearch.sort.bestMatch')
              : t(`wineSearch.sort.${column}.${direction}`),
          }))}
        />
        {!wide && (
          <Button
            variant="default"
            radius="xl"
            className={classes.filtersButton}
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            rightSection={
              active.length > 0 ? (
                <Badge size="sm" circle color="wine.7" aria-hidden>
                  {active.length}
                </Badge>
              ) : undefined
            }
            onClick={() => {
              setDrawerWanted(true);
              drawer.open();
            }}
            onPointerEnter={() => void loadFilterDrawer()}
            onFocus={() => void loadFilterDrawer()}
            aria-expanded={drawerOpened}
            aria-controls="kork-wine-filters"
            aria-label={
              active.length > 0 ? t('feed.filtersWithCount', { count: active.length }) : t('feed.filters')
            }
          >
            {t('feed.filters')}
          </Button>
        )}
      </div>

      {active.length > 0 && (
        <ul className={classes.chips} aria-label={t('wineSearch.activeFilters')}>
          {active.map((filter) => {
            const label = chipLabel(filter);
            return (
              <li key={`${filter.kind}:${'key' in filter ? filter.key : ''}:${String(filter.value)}`}>
                <button
                  type="button"
                  className={classes.chip}
                  onClick={() => setFilters((current) => removeActiveFilter(current, filter))}
                  aria-label={t('wineSearch.chips.remove', { label })}
                >
                  <span>{label}</span>
                  <IconX size={14} aria-hidden />
                </button>
              </li>
            );
          })}
          <li>
            <button type="button" className={classes.clearAll} onClick={clearAll}>
              {t('wineSearch.clearAll')}
            </button>
          </li>
        </ul>
      )}

      <div className={classes.columns} data-wide={wide || undefined}>
        {wide && (
          <section className={classes.side} aria-labelledby="wine-filters-heading">
            <h3 id="wine-filters-heading" className={classes.sideTitle}>
              {t('feed.filters')}
            </h3>
            {panel}
          </section>
        )}

        <div className={classes.results}>
          <Results
            result={result}
            loggedIn={loggedIn}
            business={business}
            currency={currency}
            hasFilters={active.length > 0}
            onClear={clearAll}
            formatCount={(count) => t('wineSearch.count', { count, formatted: numbers.format(count) })}
            outcome={{
              search: filters.search,
              expertOnly: filters.isRatedByExpert,
              withoutExpertRating: result.withoutExpertRating,
              hasFilters: active.length > 0,
              onIncludeUnrated: () => setFilters((current) => ({ ...current, isRatedByExpert: false })),
              onClear: clearAll,
              formatNumber: (count) => numbers.format(count),
            }}
          />
        </div>
      </div>

      {!wide && drawerWanted && (
        <Suspense fallback={null}>
          <WineFilterDrawer opened={drawerOpened} onClose={drawer.close}>
            {panel}
            <div className={classes.drawerFooter}>
              {active.length > 0 && (
                <Button variant="subtle" onClick={clearAll}>
                  {t('wineSearch.clearAll')}
                </Button>
              )}
              <Button onClick={drawer.close} radius="xl" className={classes.showResults}>
                {result.count === null
                  ? t('feed.showResultsPending')
                  : t('feed.showResults', { count: result.count, formatted: numbers.format(result.count) })}
              </Button>
            </div>
          </WineFilterDrawer>
        </Suspense>
      )}
    </div>
  );
}

/**
 * The search box: the list follows a quarter of a second after typing stops, or at once on Enter. It
 * takes no more text than the API does and names the bound once it is reached; a text the API would
 * refuse anyway (pasted past the bound, broken characters) is not searched and the box says why.
 */
function SearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (search: string, replace: boolean) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const committed = useRef(value);

  // A search from elsewhere (the navbar, back/forward, a removed chip) shows in the box.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  const problem = wineSearchProblem(text);
  const limitNote = problem === undefined ? lengthLimitNote(text, WINE_SEARCH_MAX_LENGTH) : undefined;

  const commit = (next: string) => {
    const search = next.trim();
    if (search === committed.current || wineSearchProblem(search) !== undefined) return;
    // Refining a search replaces the history entry; starting or ending one adds an entry.
    const replace = committed.current !== '' && search !== '';
    committed.current = search;
    onSearch(search, replace);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing schedules a search.
  useEffect(() => {
    const timer = setTimeout(() => commit(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextInput
      type="search"
      label={t('wineSearch.searchLabel')}
      placeholder={t('wineSearch.searchPlaceholder')}
      className={classes.search}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      enterKeyHint="search"
      maxLength={WINE_SEARCH_MAX_LENGTH}
      error={problem}
      description={limitNote}
      // Above the field: it stays in line with the sort menu beside it.
      inputWrapperOrder={['label', 'description', 'error', 'input']}
    />
  );
}

interface ResultsProps {
  result: ReturnType<typeof useWineSearch>;
  loggedIn: boolean;
  business: boolean;
  currency: string;
  hasFilters: boolean;
  onClear: () => void;
  formatCount: (count: number) => string;
  /** What the list says when the search finds nothing, or more than the filters let through. */
  outcome: SearchOutcomeProps;
}

function Results({
  result,
  loggedIn,
  business,
  currency,
  hasFilters,
  onClear,
  formatCount,
  outcome,
}: ResultsProps) {
  const { t } = useTranslation();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const { hasMore, status, loadMore, rows } = result;

  // The next page is fetched while the end of the list is still 200 px away (SPEC prefetch margin:
  // rootMargin '200px'). The list itself is watched too: a jump past its end (the End key, a dragged
  // scrollbar) skips the sentinel without it ever intersecting, but the list then leaves the view upwards.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    const grid = gridRef.current;
    if (!sentinel || !hasMore || status !== 'idle' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const reached = entries.some(
          (entry) =>
            (entry.target === sentinel && entry.isIntersecting) ||
            (!entry.isIntersecting && entry.boundingClientRect.bottom < (entry.rootBounds?.top ?? 0)),
        );
        if (reached) loadMore();
      },
      { rootMargin: `${LIMITS.prefetchMarginPx}px` },
    );
    observer.observe(sentinel);
    if (grid) observer.observe(grid);
    return () => observer.disconnect();
  }, [hasMore, status, loadMore]);

  // The API refused the search (a filter or the text breaks a rule): its own words say which, and
  // asking again would not help. Anything else (5xx, offline) is worth another try.
  const refusal = status === 'error' ? searchRefusal(result.error) : undefined;

  if (status === 'error' && result.failedPage === 1) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={refusal ? t('wineSearch.refusedTitle') : t('wineSearch.errorTitle')}
        role="alert"
      >
        <p className={classes.alertText}>{refusal ?? t('wineSearch.errorText')}</p>
        {refusal && hasFilters ? (
          <Button variant="default" size="sm" onClick={onClear}>
            {t('wineSearch.clearFilters')}
          </Button>
        ) : (
          <Button variant="default" size="sm" onClick={result.retry}>
            {t('wineSearch.retry')}
          </Button>
        )}
      </Alert>
    );
  }

  const loadingFirst = status === 'loading';

  return (
    <>
      <div className={classes.countRow}>
        <p className={classes.count} aria-live="polite" aria-atomic="true">
          {result.count === null ? (
            <span className={classes.countPending}>{t('wineSearch.loading')}</span>
          ) : (
            <span data-testid="wine-count">{formatCount(result.count)}</span>
          )}
        </p>
        {outcome.expertOnly && outcome.withoutExpertRating > 0 && (result.count ?? 0) > 0 && (
          <UnratedMatches {...outcome} />
        )}
        {loggedIn && (result.count ?? 0) > 0 && <CatalogueRateNote currency={resolveCurrency(currency)} />}
      </div>

      {result.count === 0 && status === 'idle' ? (
        <EmptyResults {...outcome} />
      ) : (
        <div ref={gridRef} className={classes.grid} aria-busy={loadingFirst || status === 'loadingMore'}>
          {rows.map((wine) => (
            <WineCard key={wine.id} wine={wine} loggedIn={loggedIn} business={business} currency={currency} />
          ))}
          {loadingFirst && SKELETONS.map((key) => <WineCardSkeleton key={key} />)}
          {status === 'loadingMore' &&
            SKELETONS.slice(0, NEXT_PAGE_SKELETONS).map((key) => <WineCardSkeleton key={key} />)}
        </div>
      )}

      {status === 'error' && result.failedPage !== null && result.failedPage > 1 && (
        <div className={classes.moreError} role="alert">
          <span>{refusal ?? t('wineSearch.moreError')}</span>
          <Button variant="default" size="xs" onClick={result.retry}>
            {t('wineSearch.retry')}
          </Button>
        </div>
      )}

      <div ref={sentinelRef} className={classes.sentinel} aria-hidden="true" />
      {hasMore && status !== 'error' && (
        <div className={classes.more}>
          <Button
            variant="default"
            radius="xl"
            onClick={loadMore}
            loading={status === 'loadingMore'}
            disabled={status !== 'idle'}
          >
            {t('wineSearch.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
