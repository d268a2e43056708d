import type { CellarWine, WineDetail } from '@kork/shared';
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  useMatches,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { QueryProvider } from '../../../lib/query-client';
import { cellarKeys } from '../../cellar/api/cellar-queries';
import { AddWineModal } from '../../cellar/wines/add-wine-modal';
import { WineDetailDrawer } from '../../cellar/wines/wine-detail-drawer';
import { WineHistory } from '../../cellar/wines/wine-history-tab';
import { toWineRow, useCellarContext, useCellarCopy } from './use-cellar-copy';
import { PricingSummary, QuantitySummary, WineListSummary } from './wine-cellar-panels';
import { WineDetails } from './wine-details';
import { WineLocationsModal } from './wine-locations-modal';

/** The wine profile's tabs in SPEC order: the four about the viewer's own bottles, then the catalogue's details. */
export const WINE_TABS = ['pricing', 'quantity', 'history', 'wineList', 'details'] as const;
type WineTab = (typeof WINE_TABS)[number];
type CellarTab = Exclude<WineTab, 'details'>;

/** Up to this many copies are chosen between with a segmented control; more get a select. */
const SEGMENTS_AT_MOST = 4;

/**
 * Brings the chosen tab fully into view when the row of tabs scrolls sideways (on a phone), moving only
 * the row, never the page.
 */
function revealTab(list: HTMLElement | null, value: WineTab) {
  const active = list?.querySelector<HTMLElement>(`[data-tab="${value}"]`);
  if (!list || !active) return;
  const row = list.getBoundingClientRect();
  const tab = active.getBoundingClientRect();
  if (tab.left < row.left) list.scrollLeft -= row.left - tab.left;
  else if (tab.right > row.right) list.scrollLeft += tab.right - row.right;
}

interface WineCellarTabsProps {
  wine: WineDetail;
  /** The viewer; undefined while the session is still being checked. */
  userId: string | undefined;
}

/**
 * A signed-in person's tabs on a wine's page: pricing, quantity and locations, history and wine list
 * show their own cellar copy of the wine (read-only, with "Edit in cellar" opening the cellar's drawer
 * right here), then the catalogue's details. A held wine opens on pricing, any other on the details;
 * a wine not held says so in each cellar tab and can be added from there.
 */
export function WineCellarTabs(props: WineCellarTabsProps) {
  return (
    <QueryProvider>
      <CellarTabs {...props} />
    </QueryProvider>
  );
}

function CellarTabs({ wine, userId }: WineCellarTabsProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const copies = useCellarCopy(userId, wine.id);
  const rows = copies.data;
  const held = rows !== undefined && rows.length > 0;
  const [chosenTab, setChosenTab] = useState<WineTab>();
  const [chosenCopy, setChosenCopy] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CellarWine>();
  const [showingLocations, setShowingLocations] = useState(false);
  const context = useCellarContext(userId, held || adding);
  const locations = context.locations.data ?? [];
  const initialWine = useMemo(() => toWineRow(wine), [wine]);
  const tabList = useRef<HTMLDivElement>(null);

  const copy = rows?.find((row) => row.id === chosenCopy) ?? rows?.[0];
  // Until the person picks a tab, the one that fits: their own prices when they hold the wine.
  const tab: WineTab = chosenTab ?? (held ? 'pricing' : 'details');
  // Also the tab a held wine opens on once its copies are known.
  useEffect(() => {
    revealTab(tabList.current, tab);
  }, [tab]);

  // The cellar changed from here: the copies again, and the cellar's own lists when next shown.
  const reloadCopies = (viewerId: string) =>
    void client.invalidateQueries({ queryKey: cellarKeys.cellarWines(viewerId) });

  const showLocations = () => {
    // Locations may have been added or renamed elsewhere since they were fetched.
    void context.locations.refetch();
    setShowingLocations(true);
  };

  const panel = (name: CellarTab, body: (copy: CellarWine, userId: string) => ReactNode) => {
    if (!userId || (!rows && !copies.isError)) {
      return (
        <Skeleton
          height={160}
          radius="md"
          role="status"
          aria-busy="true"
          aria-label={t('wine.cellar.loading')}
        />
      );
    }
    if (!rows) {
      return (
        <Alert color="red" variant="light" radius="md" role="alert" title={t('wine.cellar.loadError')}>
          <Button size="xs" radius="xl" variant="light" color="red" onClick={() => void copies.refetch()}>
            {t('wine.cellar.retry')}
          </Button>
        </Alert>
      );
    }
    if (!copy) {
      return (
        <Stack gap="sm" align="flex-start">
          <Text fw={700}>{t('wine.cellar.notHeld.title')}</Text>
          <Text c="dimmed">{t(`wine.cellar.notHeld.${name}`)}</Text>
          <Button
            radius="xl"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {t('wine.cellar.add')}
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          {rows && rows.length > 1 ? (
            <CopyChooser copies={rows} value={copy.id} onChange={setChosenCopy} />
          ) : (
            <span />
          )}
          <Button
            variant="default"
            radius="xl"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(copy)}
          >
            {t('wine.cellar.edit')}
          </Button>
        </Group>
        {body(copy, userId)}
      </Stack>
    );
  };

  return (
    <>
      <Tabs value={tab} onChange={(value) => value && setChosenTab(value as WineTab)} keepMounted={false}>
        <Tabs.List ref={tabList} aria-label={t('wine.tabs.label')}>
          {WINE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-tab={value}>
              {t(`wine.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="pricing" pt="md">
          {panel('pricing', (shown) => (
            <PricingSummary wine={shown} cellar={context.cellar} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="quantity" pt="md">
          {panel('quantity', (shown) => (
            <QuantitySummary wine={shown} onShowLocations={showLocations} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {panel('history', (shown, viewerId) => (
            <WineHistory
              userId={viewerId}
              wine={shown}
              locations={locations}
              baseCurrency={context.cellar?.baseCurrency}
            />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="wineList" pt="md">
          {panel('wineList', (shown, viewerId) => (
            <WineListSummary wine={shown} categories={context.categories} userId={viewerId} />
          ))}
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          <WineDetails wine={wine} />
        </Tabs.Panel>
      </Tabs>

      {copy && (
        <WineLocationsModal
          opened={showingLocations}
          onClose={() => setShowingLocations(false)}
          wine={copy}
          locations={context.locations}
        />
      )}
      {userId && (
        <>
          <WineDetailDrawer
            userId={userId}
            wine={editing}
            onClose={() => setEditing(undefined)}
            onSaved={() => {
              setEditing(undefined);
              reloadCopies(userId);
            }}
            // A move keeps the drawer open on the wine's new placements.
            onMoved={(fresh) => {
              setEditing(fresh);
              reloadCopies(userId);
            }}
            cellar={context.cellar}
            locations={locations}
          />
          <AddWineModal
            userId={userId}
            opened={adding}
            onClose={() => setAdding(false)}
            onAdded={(created) => {
              setAdding(false);
              if (created?.wineId === wine.id) setChosenCopy(created.id);
              reloadCopies(userId);
            }}
            currency={context.cellar?.baseCurrency ?? 'NOK'}
            locations={locations}
            defaultLocation={undefined}
            initialWine={initialWine}
          />
        </>
      )}
    </>
  );
}

/** Which of the viewer's copies of the wine the tabs show, when they hold it more than once. */
function CopyChooser({
  copies,
  value,
  onChange,
}: {
  copies: CellarWine[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const date = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' });
  const data = copies.map((copy) => ({
    value: copy.id,
    label: t('wine.cellar.copies.option', {
      date: date.format(new Date(copy.createdAt)),
      count: copy.quantity,
    }),
  }));
  const label = t('wine.cellar.copies.label');
  // Below the tablet width the purchases stand one above the other: side by side they would not fit.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  if (copies.length > SEGMENTS_AT_MOST) {
    return (
      <Select
        label={label}
        data={data}
        value={value}
        allowDeselect={false}
        onChange={(id) => id && onChange(id)}
      />
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        data={data}
        value={value}
        onChange={onChange}
        orientation={orientation}
        aria-labelledby={labelId}
      />
    </Stack>
  );
}
