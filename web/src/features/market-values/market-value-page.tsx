import { type MarketValueAnswer, UNCATEGORIZED } from '@kork/shared';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Loader,
  MultiSelect,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { PlanCard, planKeys, planQueryOptions, UpgradeCard } from '../billing';
import { categoriesQuery, locationsQuery } from '../cellar/api/cellar-queries';
import { ConvertedNote } from '../config/components/converted-note';
import { pathOptions } from '../pricing/tree-names';
import { useFormats } from '../sales-analytics/formats';
import { useGroupNames } from '../sales-analytics/names';
import { localToday } from '../sales-analytics/period';
import analytics from '../sales-analytics/sales-analytics.module.css';
import {
  isPlanRequired,
  type MarketValueFilter,
  marketValueKeys,
  marketValueQuery,
  marketValueSampleQuery,
} from './api/market-value';
import { DemoNotice, KeyFigures } from './key-figures';
import classes from './market-value.module.css';
import { TopMovers, WinesTable } from './wine-tables';

/** The charts (and the chart library under them) download after the page's own code. */
const ValueCharts = lazy(() => import('./value-charts').then((module) => ({ default: module.ValueCharts })));

export const MARKET_VALUE_PATH = '/wine-cellar/analytics';

/**
 * The cellar's market value (SPEC §2 /wine-cellar/analytics): what it is worth today, how it moved over
 * the §9 window and since purchase, where the value sits, and each wine's value with its source and age.
 * A plan without market value is shown a sample on demo data and the way to upgrade.
 */
export function MarketValuePage() {
  return (
    <QueryProvider>
      <MarketValueScreen />
    </QueryProvider>
  );
}

function MarketValueScreen() {
  const { t } = useTranslation();
  usePageTitle(t('marketValuePage.title'));
  const session = useSession();
  return (
    <div className={analytics.page}>
      <header className={analytics.intro}>
        <Title order={1} className={analytics.title}>
          {t('marketValuePage.title')}
        </Title>
        <Text size="lg" className={analytics.lead}>
          {t('marketValuePage.intro')}
        </Text>
      </header>
      {session.status === 'loading' && <PageSkeleton />}
      {session.status === 'anonymous' && (
        <Text>
          {t('marketValuePage.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(MARKET_VALUE_PATH)}`}>
            {t('marketValuePage.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' && (
        <MarketValueView key={session.user.id} userId={session.user.id} />
      )}
    </div>
  );
}

/**
 * Back from the payment provider's checkout (`?checkout=success`): the plan and the figures are read
 * again, and the person is told it worked. The mark leaves the address so a reload does not repeat it.
 */
function useCheckoutReturn(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const returned = params.get('checkout') === 'success';
  const [notice, setNotice] = useState(returned);
  useEffect(() => {
    if (!returned) return;
    setNotice(true);
    void client.invalidateQueries({ queryKey: planKeys.mine });
    void client.invalidateQueries({ queryKey: marketValueKeys.all });
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [returned, client, params, setParams]);
  return [notice, () => setNotice(false)];
}

function MarketValueView({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<MarketValueFilter>({ locationIds: [], categoryIds: [] });
  const [checkedOut, dismissCheckout] = useCheckoutReturn();
  const value = useQuery(marketValueQuery(userId, filter));
  const planRequired = isPlanRequired(value.error);
  const sample = useQuery({ ...marketValueSampleQuery(), enabled: planRequired });
  const plan = useQuery({ ...planQueryOptions(), enabled: value.isSuccess || planRequired });
  const failed = value.isError && !planRequired;

  return (
    <Stack gap="lg">
      {checkedOut && (
        <Alert
          color="green"
          variant="light"
          radius="md"
          role="status"
          icon={<IconCircleCheck size={18} aria-hidden />}
          withCloseButton={false}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{t('marketValuePage.checkoutSuccess')}</Text>
            <CloseButton size="sm" aria-label={t('marketValuePage.closeNotice')} onClick={dismissCheckout} />
          </Group>
        </Alert>
      )}

      {planRequired ? (
        <>
          <Alert
            variant="light"
            color="blue"
            radius="md"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={t('marketValuePage.sample.title')}
          >
            {t('marketValuePage.sample.text')}
          </Alert>
          <UpgradeCard plan={plan.data} />
          {sample.data && <Results data={sample.data} userId={userId} />}
          {sample.isPending && <PageSkeleton />}
          {sample.isError && <LoadError onRetry={() => sample.refetch()} />}
        </>
      ) : (
        <>
          <div className={analytics.panel}>
            <Filters userId={userId} filter={filter} onChange={setFilter} />
          </div>
          {failed && <LoadError onRetry={() => value.refetch()} />}
          {!value.data && value.isPending && <PageSkeleton />}
          {value.data && (
            <div aria-busy={value.isFetching} className={analytics.results}>
              {value.isFetching && (
                <Group justify="flex-end" className={analytics.busy}>
                  <Loader size="xs" aria-label={t('marketValuePage.loading')} />
                </Group>
              )}
              <Results data={value.data} userId={userId} />
            </div>
          )}
          {value.data && plan.data && plan.data.plan !== 'free' && (
            <div className={classes.plan}>
              <PlanCard plan={plan.data} />
            </div>
          )}
        </>
      )}
    </Stack>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" radius="md" role="alert" title={t('marketValuePage.loadError')}>
      <Button size="xs" radius="xl" variant="light" color="red" onClick={onRetry}>
        {t('marketValuePage.retry')}
      </Button>
    </Alert>
  );
}

/** Location and wine list category, from the same sources as the inventory's filters. */
function Filters({
  userId,
  filter,
  onChange,
}: {
  userId: string;
  filter: MarketValueFilter;
  onChange: (filter: MarketValueFilter) => void;
}) {
  const { t } = useTranslation();
  const locations = useQuery(locationsQuery(userId)).data;
  const categories = useQuery(categoriesQuery(userId)).data;
  const locationOptions = useMemo(
    () => [
      ...pathOptions(locations ?? []),
      { value: UNCATEGORIZED, label: t('marketValuePage.filters.uncategorized') },
    ],
    [locations, t],
  );
  const categoryOptions = useMemo(
    () => [
      ...pathOptions(categories ?? []),
      { value: UNCATEGORIZED, label: t('marketValuePage.filters.withoutCategory') },
    ],
    [categories, t],
  );
  return (
    <fieldset className={classes.filters}>
      <legend className={analytics.visuallyHidden}>{t('marketValuePage.filters.label')}</legend>
      <MultiSelect
        className={classes.filter}
        label={t('marketValuePage.filters.locations')}
        placeholder={filter.locationIds.length ? undefined : t('marketValuePage.filters.allLocations')}
        data={locationOptions}
        value={[...filter.locationIds]}
        onChange={(locationIds) => onChange({ ...filter, locationIds })}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        className={classes.filter}
        label={t('marketValuePage.filters.categories')}
        placeholder={filter.categoryIds.length ? undefined : t('marketValuePage.filters.allCategories')}
        data={categoryOptions}
        value={[...filter.categoryIds]}
        onChange={(categoryIds) => onChange({ ...filter, categoryIds })}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    </fieldset>
  );
}

/**
 * A category group's name: the cellar's wine list category, "Without a category", or (the sample, whose
 * wines are grouped by style) a main category.
 */
function useCategoryName(userId: string | undefined): (key: string) => string {
  const { t } = useTranslation();
  const { categoryName } = useGroupNames();
  const categories = useQuery({ ...categoriesQuery(userId ?? ''), enabled: userId !== undefined }).data;
  const names = useMemo(() => new Map((categories ?? []).map((c) => [c.id, c.name])), [categories]);
  return useCallback(
    (key: string) =>
      key === UNCATEGORIZED
        ? t('marketValuePage.filters.withoutCategory')
        : (names.get(key) ?? categoryName(key)),
    [names, categoryName, t],
  );
}

/** Every part of the answer, the person's own or the sample, in the viewer's currency. */
function Results({ data, userId }: { data: MarketValueAnswer; userId: string }) {
  const { t } = useTranslation();
  const categoryName = useCategoryName(data.sample ? undefined : userId);
  const { formats, view } = useFormats(data.currency);
  const [today] = useState(localToday);
  return (
    <Stack gap="lg">
      {data.demo && <DemoNotice />}
      <KeyFigures data={data} formats={formats} />
      <ConvertedNote money={view} />
      <Suspense fallback={<Skeleton height={320} radius="lg" aria-busy="true" />}>
        <ValueCharts data={data} formats={formats} categoryName={categoryName} />
      </Suspense>
      <TopMovers data={data} formats={formats} />
      <WinesTable
        title={t('marketValuePage.mostValuable')}
        wines={data.mostValuable}
        formats={formats}
        today={today}
        sample={data.sample}
      />
      <WinesTable
        title={t('marketValuePage.table.title')}
        wines={data.wines}
        formats={formats}
        today={today}
        sample={data.sample}
        exportIn={data.currency}
      />
    </Stack>
  );
}

function PageSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={96} radius="md" />
      <Skeleton height={280} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}
