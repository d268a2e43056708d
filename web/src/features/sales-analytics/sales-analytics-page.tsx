import { ANALYTICS_MAX_DAYS, type SalesAnalytics, withBounds } from '@kork/shared';
import { Alert, Button, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/form-schema';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { ConvertedNote } from '../config/components/converted-note';
import { useSalesAnalytics } from './api/sales-analytics';
import { type CsvHeadings, decimalMarkOf, downloadCsv, periodCsvRows, toCsv, wineCsvRows } from './csv';
import { useFormats } from './formats';
import { KeyFigures } from './key-figures';
import { useGroupNames } from './names';
import { type AnalyticsView, localToday, parseView, periodProblem, writeView } from './period';
import { PeriodPicker } from './period-picker';
import classes from './sales-analytics.module.css';
import { SellerLists, ShrinkageTable, WinesTable } from './wine-tables';

/**
 * The charts (and the chart library under them) download after the page's own code, so the figures and
 * tables are on screen while they come.
 */
const PeriodCharts = lazy(() =>
  import('./period-charts').then((module) => ({ default: module.PeriodCharts })),
);

/** Wine-list engineering comes with its own request, after the page's figures. */
const MenuEngineeringView = lazy(() =>
  import('./menu-engineering-view').then((module) => ({ default: module.MenuEngineeringView })),
);

export const SALES_ANALYTICS_PATH = '/wine-cellar/sales-analytics';

/**
 * The cellar's sales analytics (SPEC §2): revenue, bottles and margin over a period, by category, country
 * and wine, the best and slowest sellers, and shrinkage from stock counts. The period is in the address.
 */
export function SalesAnalyticsPage() {
  return (
    <QueryProvider>
      <SalesAnalyticsScreen />
    </QueryProvider>
  );
}

function SalesAnalyticsScreen() {
  const { t } = useTranslation();
  usePageTitle(t('salesAnalytics.title'));
  const session = useSession();
  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Title order={1} className={classes.title}>
          {t('salesAnalytics.title')}
        </Title>
        <Text size="lg" className={classes.lead}>
          {t('salesAnalytics.intro')}
        </Text>
      </header>
      {session.status === 'loading' && <AnalyticsSkeleton />}
      {session.status === 'anonymous' && (
        <Text>
          {t('salesAnalytics.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(SALES_ANALYTICS_PATH)}`}>
            {t('salesAnalytics.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' && (
        <SalesAnalyticsView key={session.user.id} userId={session.user.id} />
      )}
    </div>
  );
}

/**
 * The view the address asks for, and the way to change it (each change is a new history entry). A change
 * applies to the latest view written, not the last one rendered: the address updates a moment later, and
 * a second quick change (the other end of a period) must not start from the old one.
 */
function useAnalyticsView(
  today: string,
): [AnalyticsView, (update: (view: AnalyticsView) => AnalyticsView) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for the params object.
  const view = useMemo(() => parseView(params, today), [key, today]);
  const latest = useRef({ key, view });
  if (latest.current.key !== key) latest.current = { key, view };
  const setView = useCallback(
    (update: (view: AnalyticsView) => AnalyticsView) => {
      const next = update(latest.current.view);
      const nextParams = writeView(next);
      latest.current = { key: nextParams.toString(), view: next };
      setParams(nextParams, { preventScrollReset: true });
    },
    [setParams],
  );
  return [view, setView];
}

/** The message of a refused period: the server's own words for its fields, or its message. */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.fields.to ?? error.fields.from ?? error.fields.groupBy ?? error.message;
}

function SalesAnalyticsView({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [today] = useState(localToday);
  const [view, setView] = useAnalyticsView(today);
  const problem = periodProblem(view);
  const problemText =
    problem === 'periodTooLong'
      ? translateMessage(withBounds('periodTooLong', { max: ANALYTICS_MAX_DAYS }))
      : problem && translateMessage(problem);
  const analytics = useSalesAnalytics(userId, view, problem === undefined);
  const refused = problem === undefined ? refusal(analytics.error) : undefined;
  const data = problem === undefined && !refused ? analytics.data : undefined;
  const busy = analytics.isFetching;

  return (
    <Stack gap="lg">
      <div className={classes.panel}>
        <PeriodPicker view={view} today={today} onChange={setView} error={problemText ?? refused} />
      </div>

      {refused && view.period !== 'custom' && (
        <Alert color="red" variant="light" radius="md" role="alert">
          {refused}
        </Alert>
      )}

      {analytics.isError && !refused && problem === undefined && (
        <Alert color="red" variant="light" radius="md" role="alert" title={t('salesAnalytics.loadError')}>
          <Button size="xs" radius="xl" variant="light" color="red" onClick={() => analytics.refetch()}>
            {t('salesAnalytics.retry')}
          </Button>
        </Alert>
      )}

      {!data && analytics.isPending && problem === undefined && <AnalyticsSkeleton />}

      {data && (
        <div aria-busy={busy} className={classes.results}>
          {busy && (
            <Group justify="flex-end" className={classes.busy}>
              <Loader size="xs" aria-label={t('salesAnalytics.loading')} />
            </Group>
          )}
          <AnalyticsResults data={data} />
        </div>
      )}

      {problem === undefined && !refused && (
        <Suspense fallback={<Skeleton height={240} radius="lg" aria-busy="true" />}>
          <MenuEngineeringView userId={userId} from={view.from} to={view.to} />
        </Suspense>
      )}
    </Stack>
  );
}

function AnalyticsResults({ data }: { data: SalesAnalytics }) {
  const { t } = useTranslation();
  const { formats, view } = useFormats(data.currency);
  const { categoryName, countryName } = useGroupNames();

  const headings: CsvHeadings = {
    period: t(`salesAnalytics.columns.period.${data.groupBy}`),
    wine: t('salesAnalytics.columns.wine'),
    category: t('salesAnalytics.columns.category'),
    country: t('salesAnalytics.columns.country'),
    revenue: t('salesAnalytics.columns.revenue'),
    revenueWithVat: t('salesAnalytics.columns.revenueWithVat'),
    cost: t('salesAnalytics.columns.cost'),
    margin: t('salesAnalytics.columns.margin'),
    marginPercentage: t('salesAnalytics.columns.marginPercentage'),
    units: t('salesAnalytics.columns.units'),
    glassUnits: t('salesAnalytics.columns.glassUnits'),
    sales: t('salesAnalytics.columns.sales'),
    stock: t('salesAnalytics.columns.stock'),
    turnover: t('salesAnalytics.columns.turnover'),
    daysOfStockLeft: t('salesAnalytics.columns.daysOfStockLeft'),
  };
  const mark = decimalMarkOf(formats.locale);
  const range = `${data.from}_${data.to}`;

  if (data.totals.sales === 0) {
    return (
      <Stack gap="lg">
        <KeyFigures data={data} formats={formats} />
        <ConvertedNote money={view} />
        <Stack align="center" gap="xs" className={classes.empty}>
          <IconChartBar size={36} stroke={1.4} aria-hidden className={classes.emptyIcon} />
          <Text fw={700}>{t('salesAnalytics.empty.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('salesAnalytics.empty.text')}
          </Text>
          <Button component={Link} to="/wine-cellar/sales" radius="xl" mt="xs">
            {t('salesAnalytics.empty.link')}
          </Button>
        </Stack>
        <SellerLists data={data} formats={formats} />
        <ShrinkageTable shrinkage={data.shrinkage} formats={formats} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <KeyFigures data={data} formats={formats} />
      <ConvertedNote money={view} />
      <Suspense fallback={<Skeleton height={320} radius="lg" aria-busy="true" />}>
        <PeriodCharts data={data} formats={formats} />
      </Suspense>
      <Group gap="xs" className={classes.exports}>
        <Button
          variant="default"
          radius="xl"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            downloadCsv(`sales-by-${data.groupBy}-${range}.csv`, toCsv(periodCsvRows(data, headings), mark))
          }
        >
          {t('salesAnalytics.export.periods')}
        </Button>
        <Button
          variant="default"
          radius="xl"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            downloadCsv(
              `sales-by-wine-${range}.csv`,
              toCsv(wineCsvRows(data, headings, categoryName, countryName), mark),
            )
          }
        >
          {t('salesAnalytics.export.wines')}
        </Button>
      </Group>
      <WinesTable data={data} formats={formats} />
      <SellerLists data={data} formats={formats} />
      <ShrinkageTable shrinkage={data.shrinkage} formats={formats} />
    </Stack>
  );
}

function AnalyticsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={96} radius="md" />
      <Skeleton height={280} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}
