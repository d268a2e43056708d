import { COUNT_NO_LOCATION, type StockCountLine, type StockCountSheet } from '@kork/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconBarcode,
  IconCamera,
  IconDownload,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-schema';
import { formatDay } from '../../lib/format-day';
import { notify } from '../../lib/notify';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { ReorderLink } from '../reorder/reorder-link';
import { reportFileName, useStockCountPdf, useStockCountSheet } from './api/stock-counts';
import { CountBadges, CountFigures } from './count-badges';
import { countTitle } from './count-format';
import { STOCK_COUNTS_PATH } from './paths';
import { applyQueue, barcodeDigits, matchesBarcode } from './queue/queue-logic';
import { type CountQueue, useCountQueue } from './queue/use-count-queue';
import { AddExtraModal } from './sheet/add-extra-modal';
import { BarcodeCamera, cameraScanSupported } from './sheet/barcode-camera';
import { sheetStatus, type UnsavedKind } from './sheet/count-entry';
import { CountLine } from './sheet/count-line';
import { FinishModal } from './sheet/finish-modal';
import { SheetGlance } from './sheet/sheet-glance';
import classes from './stock-counts.module.css';

/**
 * One count's sheet (SPEC §3 Stock count), made for a phone in a cold cellar: every figure goes to this
 * device's queue first and is sent from there, so counting goes on without a network.
 */
export function CountSheetPage() {
  return (
    <QueryProvider>
      <CountSheetScreen />
    </QueryProvider>
  );
}

function CountSheetScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const { countId = '' } = useParams();
  return (
    <div className={classes.page}>
      {session.status === 'loading' && <Skeleton height={200} aria-busy="true" />}
      {session.status === 'anonymous' && (
        <Text>
          {t('stockCounts.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(`${STOCK_COUNTS_PATH}/${countId}`)}`}>
            {t('stockCounts.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' && (
        <SheetLoader key={`${session.user.id}/${countId}`} userId={session.user.id} countId={countId} />
      )}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={STOCK_COUNTS_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('stockCounts.sheet.back')}
      </Group>
    </Anchor>
  );
}

function SheetLoader({ userId, countId }: { userId: string; countId: string }) {
  const { t } = useTranslation();
  const query = useStockCountSheet(userId, countId);
  const queue = useCountQueue(userId, countId, t('stockCounts.sheet.sendFailed'));
  usePageTitle(t('stockCounts.title'));

  if (query.isPending || !queue.loaded)
    return (
      <Stack gap="sm" aria-busy="true">
        <BackLink />
        <Skeleton height={36} width="60%" />
        <Skeleton height={72} />
        <Skeleton height={120} />
      </Stack>
    );
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="sm">
        <BackLink />
        <Title order={1} className={classes.title}>
          {t('stockCounts.title')}
        </Title>
        <Alert color={missing ? 'gray' : 'red'} variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {missing
                ? t('stockCounts.sheet.notFound')
                : queue.online
                  ? errorMessage(query.error)
                  : t('stockCounts.sheet.notSaved')}
            </Text>
            {!missing && (
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {t('stockCounts.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <Sheet userId={userId} sheet={query.data.sheet} fromDevice={query.data.offline} queue={queue} />;
}

function locationLabel(sheet: StockCountSheet, id: string, uncategorized: string): string {
  if (id === COUNT_NO_LOCATION) return uncategorized;
  const location = sheet.locations.find((item) => item.id === id);
  if (!location) return '';
  return location.path.length > 0 ? location.path.join(' › ') : location.name;
}

function Sheet({
  userId,
  sheet: serverSheet,
  fromDevice,
  queue,
}: {
  userId: string;
  sheet: StockCountSheet;
  fromDevice: boolean;
  queue: CountQueue;
}) {
  const { t } = useTranslation();
  const sheet = useMemo(() => applyQueue(serverSheet, queue.queued), [serverSheet, queue.queued]);
  const readOnly = sheet.status === 'finished';
  const uncategorized = t('stockCounts.sheet.uncategorized');
  const title = countTitle(sheet, (date) => t('stockCounts.unnamed', { date }));
  const [locationFilter, setLocationFilter] = useState<string | null>(null);
  const [uncountedOnly, setUncountedOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [barcode, setBarcode] = useState('');
  const [focusPair, setFocusPair] = useState<string>();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [addingExtra, setAddingExtra] = useState<{ ownWineId?: string } | undefined>();
  const [camera, setCamera] = useState(false);
  const [finishing, setFinishing] = useState(false);
  /** Lines whose field shows a figure not saved yet (typed, or refused), by wine and location. */
  const [unsaved, setUnsaved] = useState<ReadonlyMap<string, UnsavedKind>>(new Map());
  const barcodeInput = useRef<HTMLInputElement>(null);
  const pdf = useStockCountPdf(userId);

  const locationOptions = useMemo(() => {
    const ids = new Set(sheet.lines.map((line) => line.locationId));
    for (const location of sheet.locations) ids.add(location.id);
    return [
      { value: '', label: t('stockCounts.sheet.allLocations') },
      ...[...ids].map((id) => ({ value: id, label: locationLabel(sheet, id, uncategorized) || id })),
    ];
  }, [sheet, t, uncategorized]);

  const visible = useMemo(() => {
    const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
    return sheet.lines.filter((line) => {
      if (locationFilter && line.locationId !== locationFilter) return false;
      // A line counted while the filter is on stays until the filter changes: it does not vanish mid-typing.
      const pair = `${line.ownWineId}|${line.locationId}`;
      if (uncountedOnly && line.counted !== undefined && pair !== focusPair && !touched.has(pair))
        return false;
      if (words.length === 0) return true;
      const haystack =
        `${line.wineDisplayName} ${line.vintage ?? ''} ${line.vinmonopoletNumber ?? ''} ${line.productId ?? ''}`.toLocaleLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [sheet.lines, locationFilter, uncountedOnly, search, focusPair, touched]);

  const { enter, keep } = queue;
  const onEnter = useCallback(
    (line: StockCountLine, counted: number, leaving?: boolean) => {
      const figure = { ownWineId: line.ownWineId, locationId: line.locationId, counted };
      if (leaving) {
        keep(figure);
        return;
      }
      const pair = `${line.ownWineId}|${line.locationId}`;
      setTouched((seen) => (seen.has(pair) ? seen : new Set(seen).add(pair)));
      void enter(figure).catch((error: unknown) => notify.error(errorMessage(error)));
    },
    [enter, keep],
  );
  const onUnsaved = useCallback((pair: string, kind: UnsavedKind | undefined) => {
    setUnsaved((known) => {
      if (known.get(pair) === kind) return known;
      const next = new Map(known);
      if (kind) next.set(pair, kind);
      else next.delete(pair);
      return next;
    });
  }, []);
  const backToBarcode = useCallback(() => {
    setFocusPair(undefined);
    barcodeInput.current?.focus();
  }, []);

  const lookUp = (code: string) => {
    const digits = barcodeDigits(code);
    if (!digits) return;
    const pool = sheet.lines.filter((line) => matchesBarcode(line, digits));
    const line = pool.find((item) => visible.includes(item)) ?? pool[0];
    if (line) {
      if (!visible.includes(line)) {
        setLocationFilter(null);
        setSearch('');
      }
      setFocusPair(`${line.ownWineId}|${line.locationId}`);
      setBarcode('');
      return;
    }
    const wine = sheet.eligibleWines.find((item) => matchesBarcode(item, digits));
    if (wine && !readOnly) {
      setAddingExtra({ ownWineId: wine.ownWineId });
      setBarcode('');
      return;
    }
    notify.error(t('stockCounts.sheet.barcodeNotFound', { code: digits }));
  };

  const onCameraCode = useCallback((code: string) => {
    setCamera(false);
    setBarcode(code);
    // The lookup needs the latest lines: it runs once the modal is closed, from the field.
    setTimeout(() => barcodeInput.current?.form?.requestSubmit(), 0);
  }, []);

  const status = sheetStatus(
    unsaved,
    queue.queued.map((entry) => `${entry.ownWineId}|${entry.locationId}`),
    queue.syncing,
  );

  return (
    <>
      <Stack gap={4} mb="xs">
        <BackLink />
        <Group gap={6} wrap="wrap" align="center">
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <CountBadges count={sheet} />
        </Group>
        <Text size="sm" c="dimmed">
          {formatDay(sheet.date)}
          {sheet.finishedAt &&
            ` · ${t('stockCounts.sheet.finishedOn', { date: formatDay(sheet.finishedAt), name: sheet.finishedByName ?? '' })}`}
        </Text>
      </Stack>

      <SheetGlance
        summary={sheet.summary}
        readOnly={readOnly}
        offline={!queue.online || fromDevice}
        status={status}
      />

      {readOnly && (
        <Stack gap="xs" mb="md">
          <Title order={2} size="h4">
            {t('stockCounts.sheet.report')}
          </Title>
          <CountFigures summary={sheet.summary} currency={sheet.currency} />
          <Group>
            <Button
              radius="xl"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={pdf.isPending}
              onClick={() =>
                pdf.mutate(
                  { countId: sheet.id, fileName: reportFileName(sheet, t('stockCounts.title')) },
                  { onError: (error) => notify.error(errorMessage(error)) },
                )
              }
            >
              {t('stockCounts.sheet.pdf')}
            </Button>
            <ReorderLink />
          </Group>
        </Stack>
      )}

      {!readOnly && (sheet.blind || sheet.countTenths) && (
        <Text size="xs" c="dimmed" mb="xs">
          {sheet.blind && t('stockCounts.sheet.blindHint')}
          {sheet.blind && sheet.countTenths && ' '}
          {sheet.countTenths && t('stockCounts.sheet.tenthsHint')}
        </Text>
      )}

      {!readOnly && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            lookUp(barcode);
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap" mb="xs">
            <TextInput
              ref={barcodeInput}
              style={{ flex: 1, minWidth: 0 }}
              label={t('stockCounts.sheet.barcode')}
              description={t('stockCounts.sheet.barcodeHint')}
              leftSection={<IconBarcode size={18} aria-hidden />}
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint="search"
              value={barcode}
              onChange={(event) => setBarcode(event.currentTarget.value)}
            />
            {cameraScanSupported() && (
              <ActionIcon
                size={44}
                radius="md"
                variant="default"
                aria-label={t('stockCounts.sheet.camera')}
                onClick={() => setCamera(true)}
              >
                <IconCamera size={22} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </form>
      )}

      <div className={classes.filters}>
        <Select
          label={t('stockCounts.sheet.location')}
          data={locationOptions}
          value={locationFilter ?? ''}
          onChange={(value) => setLocationFilter(value || null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('stockCounts.sheet.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
        />
        <Switch
          label={t('stockCounts.sheet.uncountedOnly')}
          checked={uncountedOnly}
          onChange={(event) => {
            setUncountedOnly(event.currentTarget.checked);
            setTouched(new Set());
          }}
          size="md"
        />
      </div>

      {visible.length === 0 ? (
        <Text c="dimmed" my="md">
          {t('stockCounts.sheet.noLines')}
        </Text>
      ) : (
        <ul className={`${classes.rows} ${classes.sheetRows}`} aria-label={t('stockCounts.sheet.linesLabel')}>
          {visible.map((line) => {
            const pair = `${line.ownWineId}|${line.locationId}`;
            return (
              <CountLine
                key={pair}
                line={line}
                locationName={locationLabel(sheet, line.locationId, uncategorized)}
                readOnly={readOnly}
                tenths={sheet.countTenths}
                focused={focusPair === pair}
                onEnter={onEnter}
                onUnsaved={onUnsaved}
                onDone={backToBarcode}
              />
            );
          })}
        </ul>
      )}

      {!readOnly && (
        <Stack gap="sm" mt="lg">
          <Button
            radius="xl"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAddingExtra({})}
          >
            {t('stockCounts.sheet.addExtra')}
          </Button>
          <Button
            radius="xl"
            size="md"
            onClick={() => {
              void queue.syncNow();
              setFinishing(true);
            }}
          >
            {t('stockCounts.sheet.finish')}
          </Button>
        </Stack>
      )}

      {!readOnly && (
        <AddExtraModal
          opened={Boolean(addingExtra)}
          initialWineId={addingExtra?.ownWineId}
          sheet={sheet}
          locationLabel={(id) => locationLabel(sheet, id, uncategorized)}
          defaultLocation={locationFilter ?? undefined}
          onClose={() => setAddingExtra(undefined)}
          onAdd={(figure) => {
            setAddingExtra(undefined);
            void enter(figure)
              .then(() => setFocusPair(`${figure.ownWineId}|${figure.locationId}`))
              .catch((error: unknown) => notify.error(errorMessage(error)));
          }}
        />
      )}
      {!readOnly && (
        <FinishModal
          opened={finishing}
          onClose={() => setFinishing(false)}
          userId={userId}
          sheet={sheet}
          queue={queue}
          refused={status.key === 'invalid' ? status.count : 0}
        />
      )}
      {cameraScanSupported() && (
        <BarcodeCamera opened={camera} onClose={() => setCamera(false)} onCode={onCameraCode} />
      )}
    </>
  );
}
