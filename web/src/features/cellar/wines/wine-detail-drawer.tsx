import {
  type Cellar,
  type CellarLocation,
  type CellarWine,
  type DutyRatesResponse,
  defaultVats,
  isCustomSource,
  type MainCategory,
} from '@kork/shared';
import { Button, Drawer, Group, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { QueryProvider } from '../../../lib/query-client';
import { categoriesQuery } from '../api/cellar-queries';
import { getCellarWine } from '../api/get-cellar-wine';
import { updateCellarWine } from '../api/update-cellar-wine';
import { dutyRatesQuery } from '../api/wine-cost-queries';
import { useBusinessCellar } from '../cellar-menu';
import { MoveWinesModal } from '../locations/move-wines-modal';
import classes from './cellar-wines-page.module.css';
import drawerClasses from './wine-detail-drawer.module.css';
import {
  NotesSection,
  PosSection,
  PricesSection,
  WineListSection,
  WineSection,
} from './wine-detail-sections';
import {
  DETAIL_TABS,
  type DetailTab,
  type DetailValues,
  detailChangesOf,
  detailErrors,
  detailValuesOf,
  mostBottlesLocation,
  tabsWithErrors,
  tabToReveal,
} from './wine-detail-tabs';
import { WineHistory } from './wine-history-tab';

/** The wine's market value (valuations and their sources) comes with the market value feature's code. */
const WineValuations = lazy(() =>
  import('../../market-values/wine-valuations').then((module) => ({ default: module.WineValuations })),
);

/** A business wine's cost with its duties: its own chunk, read when the pricing tab shows it. */
const WineCostSection = lazy(() =>
  import('./wine-cost-section').then((module) => ({ default: module.WineCostSection })),
);

import { StockTab } from './wine-stock-tab';

interface WineDetailDrawerProps {
  userId: string;
  /** The wine to show; none closes the drawer. */
  wine: CellarWine | undefined;
  onClose: () => void;
  /** The wine as the API now has it, when no `onMoved` is given. */
  onSaved: (wine: CellarWine) => void;
  /**
   * The wine as the API now has it after a save or a move from the drawer, which stays open on it: the
   * caller refreshes its list and hands the wine back in. Without it, `onSaved` hears of both.
   */
  onMoved?: (wine: CellarWine) => void;
  cellar: Cellar | undefined;
  locations: CellarLocation[];
}

/**
 * A wine's details, every field the owner may change, opened by clicking its row. The fields are spread
 * over tabs (SPEC: pricing, quantity and locations, history, wine list, details) but are one form with one
 * save button, so a change in one tab is kept while another is open. A save keeps the drawer open on the
 * wine as saved; a refused one keeps what was typed.
 */
export function WineDetailDrawer(props: WineDetailDrawerProps) {
  return (
    <QueryProvider>
      <DetailDrawer {...props} />
    </QueryProvider>
  );
}

function DetailDrawer({ wine, onClose, onSaved, onMoved = onSaved, userId, ...rest }: WineDetailDrawerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [moving, setMoving] = useState(false);
  // The wine as fetched after a move, until the caller hands in one at least as new.
  const [fetched, setFetched] = useState<CellarWine>();
  const current =
    wine && fetched && fetched.id === wine.id && fetched.updatedAt >= wine.updatedAt ? fetched : wine;

  // The wine as saved or fetched is shown at once, and handed on so the caller's list follows.
  const changed = (fresh: CellarWine) => {
    setFetched(fresh);
    onMoved(fresh);
  };

  const refresh = async (id: string) => {
    try {
      changed(await getCellarWine(userId, id));
    } catch (error) {
      notify.error(`${t('cellarWines.detail.refreshError')} ${errorMessage(error)}`);
    }
  };

  return (
    <>
      <Drawer
        opened={wine !== undefined}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={current?.wineDisplayName}
        closeButtonProps={{ 'aria-label': t('cellarWines.detail.close') }}
      >
        {/* Keyed by the wine so its form starts from that wine's saved values. */}
        {current && (
          <WineEditForm
            key={current.id}
            userId={userId}
            wine={current}
            onSaved={changed}
            onMove={() => setMoving(true)}
            {...rest}
          />
        )}
      </Drawer>
      {/* Beside the drawer rather than in it, so closing the dialog never closes the drawer too. */}
      {current && (
        <MoveWinesModal
          userId={userId}
          wines={[current]}
          opened={moving}
          onClose={() => setMoving(false)}
          onMoved={() => void refresh(current.id)}
        />
      )}
    </>
  );
}

interface WineEditFormProps extends Omit<WineDetailDrawerProps, 'onClose' | 'wine' | 'onMoved'> {
  /** The wine as last saved; a move replaces it with the fetched one without resetting the form. */
  wine: CellarWine;
  onMove: () => void;
}

/** A field's message from the API, kept while the field still holds what was sent. */
interface ServerError {
  message: string;
  value: unknown;
}

function WineEditForm({ userId, wine, onSaved, onMove, cellar, locations }: WineEditFormProps) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery(userId)).data;
  const business = useBusinessCellar() === true;
  const [tab, setTab] = useState<DetailTab>('pricing');
  // The history is fetched when its tab is first opened, and kept while other tabs are.
  const [historyOpened, setHistoryOpened] = useState(false);
  const tabsId = useId();
  const locale = currentLocale();
  const form = useForm<DetailValues>({
    mode: 'controlled',
    initialValues: detailValuesOf(wine, locale),
    validate: (values) => detailErrors(values, wine, locale, dutyRates.current),
  });
  // Today's duty rates, asked for once the price ex VAT is typed without duties; the checks read the latest.
  const dutyRates = useRef<DutyRatesResponse>(undefined);
  const rates = useQuery({ ...dutyRatesQuery(), enabled: !form.values.includesDuties }).data;
  dutyRates.current = rates;
  // Every change is checked at once with the API's own rules: the message shows beside the field, and
  // the save waits until none is left.
  const invalid = useMemo(
    () => detailErrors(form.values, wine, locale, rates),
    [form.values, wine, locale, rates],
  );
  const serverErrors = useRef<Record<string, ServerError>>({});
  const { setErrors } = form;
  useEffect(() => {
    const standing: FieldErrors = {};
    for (const [field, error] of Object.entries(serverErrors.current)) {
      const current = (form.values as unknown as Record<string, unknown>)[field];
      if (current === error.value) standing[field] = error.message;
    }
    setErrors({ ...standing, ...invalid });
  }, [invalid, form.values, setErrors]);
  const [justSaved, setJustSaved] = useState(false);
  const style = (form.values.mainCategoryId || wine.mainCategoryId) as MainCategory;
  const vat = { ...defaultVats(), ...cellar?.vats }[style];
  const errorTabs = tabsWithErrors(form.errors);

  // After a move the placements changed: the default location follows, unless the owner chose another.
  const defaultLocation = mostBottlesLocation(wine);
  const previousDefault = useRef(defaultLocation);
  useEffect(() => {
    if (previousDefault.current === defaultLocation) return;
    if (form.getValues().locationId === previousDefault.current)
      form.setFieldValue('locationId', defaultLocation);
    previousDefault.current = defaultLocation;
  }, [defaultLocation, form]);

  const open = (value: DetailTab) => {
    setTab(value);
    if (value === 'history') setHistoryOpened(true);
  };

  // A failed save opens the tab holding the error (unless the open one does) and focuses the field.
  const focusTab = useRef<DetailTab>(undefined);
  const [revealed, setRevealed] = useState(0);
  const reveal = (errors: Record<string, unknown>) => {
    const target = tabToReveal(errors, tab);
    if (!target) return;
    open(target);
    focusTab.current = target;
    setRevealed((n) => n + 1);
  };
  useEffect(() => {
    void revealed;
    const target = focusTab.current;
    focusTab.current = undefined;
    if (!target) return;
    const panel = document.getElementById(`${tabsId}-panel-${target}`);
    panel?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [revealed, tabsId]);

  const submit = form.onSubmit(async (values) => {
    const changes = detailChangesOf(values, wine, locale, dutyRates.current);
    if (Object.keys(changes).length === 0) {
      notify.success(t('cellarWines.detail.noChanges'));
      return;
    }
    setJustSaved(false);
    try {
      const saved = await updateCellarWine(userId, wine.id, changes);
      notify.success(t('cellarWines.detail.saved', { name: saved?.wineDisplayName ?? wine.wineDisplayName }));
      // The form starts again from the wine as saved, on the tab that was open.
      serverErrors.current = {};
      form.setInitialValues(detailValuesOf(saved, locale));
      form.reset();
      setJustSaved(true);
      onSaved(saved);
    } catch (error) {
      const fields = apiFieldErrors(error);
      const typed = values as unknown as Record<string, unknown>;
      serverErrors.current = Object.fromEntries(
        Object.entries(fields).map(([field, message]) => [field, { message, value: typed[field] }]),
      );
      form.setErrors({ ...fields, ...invalid });
      reveal(fields);
      notify.error(errorMessage(error));
    }
  }, reveal);
  const showSaved = justSaved && !form.isDirty();

  // The alcohol entered where the cost asked for it is the form's too, as saved: a later save keeps it.
  const alcoholSaved = (saved: CellarWine) => {
    const alcohol = detailValuesOf(saved, locale).alcohol;
    form.setInitialValues({ ...form.getInitialValues(), alcohol });
    form.setFieldValue('alcohol', alcohol);
    onSaved(saved);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Tabs
          id={tabsId}
          className={drawerClasses.tabs}
          value={tab}
          onChange={(value) => value && open(value as DetailTab)}
        >
          <Tabs.List aria-label={t('cellarWines.detail.tabs.label')} mb="md">
            {DETAIL_TABS.map((value) => {
              const invalid = errorTabs.includes(value);
              return (
                <Tabs.Tab
                  key={value}
                  value={value}
                  color={invalid ? 'red' : undefined}
                  rightSection={
                    invalid ? (
                      <>
                        <IconAlertCircle size={14} aria-hidden color="var(--mantine-color-red-7)" />
                        <VisuallyHidden>{t('cellarWines.detail.tabs.hasErrors')}</VisuallyHidden>
                      </>
                    ) : undefined
                  }
                >
                  {t(`cellarWines.detail.tabs.${value}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="pricing">
            <Stack gap="lg">
              <PricesSection form={form} wine={wine} vat={vat} rates={rates} />
              {business && tab === 'pricing' && (
                <Suspense fallback={null}>
                  <WineCostSection userId={userId} wine={wine} onAlcoholSaved={alcoholSaved} />
                </Suspense>
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="stock">
            <StockTab form={form} wine={wine} locations={locations} onMove={onMove} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            {historyOpened && (
              <Stack gap="lg">
                <Suspense fallback={null}>
                  <WineValuations userId={userId} wine={wine} />
                </Suspense>
                <WineHistory
                  userId={userId}
                  wine={wine}
                  locations={locations}
                  baseCurrency={cellar?.baseCurrency}
                />
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="wineList">
            <WineListSection form={form} categories={categories ?? []} />
          </Tabs.Panel>
          <Tabs.Panel value="details">
            <Stack gap="lg">
              {isCustomSource(wine.source) && <WineSection form={form} />}
              <PosSection form={form} />
              <NotesSection form={form} wine={wine} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end" className={classes.drawerActions}>
          <Text size="sm" c="teal.8" role="status" className={drawerClasses.savedNote}>
            {showSaved && (
              <>
                <IconCheck size={16} aria-hidden /> {t('cellarWines.detail.savedHere')}
              </>
            )}
          </Text>
          <Button
            type="submit"
            radius="xl"
            loading={form.submitting}
            disabled={Object.keys(invalid).length > 0}
          >
            {t('cellarWines.detail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
