import {
  type Cellar,
  type CellarLocation,
  type CellarWine,
  CellarWineUpdate,
  defaultVats,
  type MainCategory,
} from '@kork/shared';
import { Button, Drawer, Group, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, schemaErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { getOwnWine } from '../api/get-own-wine';
import { updateOwnWine } from '../api/update-own-wine';
import { MoveWinesModal } from '../locations/move-wines-modal';
import classes from './cellar-wines-page.module.css';
import { useCategories } from './use-cellar-data';
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
  detailValuesOf,
  mostBottlesLocation,
  tabsWithErrors,
  tabToReveal,
} from './wine-detail-tabs';
import { toUpdate } from './wine-edit-values';
import { WineHistory } from './wine-history-tab';
import { StockTab } from './wine-stock-tab';

interface WineDetailDrawerProps {
  userId: string;
  /** The wine to show; none closes the drawer. */
  wine: CellarWine | undefined;
  onClose: () => void;
  /** The wine as the API now has it, after a save or a move. */
  onSaved: (wine: CellarWine) => void;
  /** The wine after bottles moved from the drawer; without it, `onSaved` hears of moves too. */
  onMoved?: (wine: CellarWine) => void;
  cellar: Cellar | undefined;
  locations: CellarLocation[];
}

/**
 * A wine's details, every field the owner may change, opened by clicking its row. The fields are spread
 * over tabs (SPEC: pricing, quantity and locations, history, wine list, details) but are one form with one
 * save button, so a change in one tab is kept while another is open.
 */
export function WineDetailDrawer({
  wine,
  onClose,
  onSaved,
  onMoved = onSaved,
  userId,
  ...rest
}: WineDetailDrawerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [moving, setMoving] = useState(false);
  // The wine as fetched after a move, until the caller hands in one at least as new.
  const [fetched, setFetched] = useState<CellarWine>();
  const current =
    wine && fetched && fetched.id === wine.id && fetched.updatedAt >= wine.updatedAt ? fetched : wine;

  const refresh = async (id: string) => {
    try {
      const fresh = await getOwnWine(userId, id);
      setFetched(fresh);
      onMoved(fresh);
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
            onSaved={onSaved}
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

function WineEditForm({ userId, wine, onSaved, onMove, cellar, locations }: WineEditFormProps) {
  const { t } = useTranslation();
  const categories = useCategories(userId);
  const [tab, setTab] = useState<DetailTab>('pricing');
  // The history is fetched when its tab is first opened, and kept while other tabs are.
  const [historyOpened, setHistoryOpened] = useState(false);
  const tabsId = useId();
  const form = useForm<DetailValues>({
    mode: 'controlled',
    initialValues: detailValuesOf(wine),
    validate: (values) => schemaErrors(CellarWineUpdate, toUpdate(values, wine)),
  });
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
    const changes = detailChangesOf(values, wine);
    if (Object.keys(changes).length === 0) {
      notify.success(t('cellarWines.detail.noChanges'));
      return;
    }
    try {
      const saved = await updateOwnWine(userId, wine.id, changes);
      notify.success(t('cellarWines.detail.saved', { name: saved?.wineDisplayName ?? wine.wineDisplayName }));
      onSaved(saved);
    } catch (error) {
      const fields = apiFieldErrors(error);
      form.setErrors(fields);
      reveal(fields);
      notify.error(errorMessage(error));
    }
  }, reveal);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Tabs id={tabsId} value={tab} onChange={(value) => value && open(value as DetailTab)}>
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
            <PricesSection form={form} wine={wine} vat={vat} />
          </Tabs.Panel>
          <Tabs.Panel value="stock">
            <StockTab form={form} wine={wine} locations={locations} onMove={onMove} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            {historyOpened && (
              <WineHistory
                userId={userId}
                wine={wine}
                locations={locations}
                baseCurrency={cellar?.baseCurrency}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="wineList">
            <WineListSection form={form} categories={categories ?? []} />
          </Tabs.Panel>
          <Tabs.Panel value="details">
            <Stack gap="lg">
              {wine.source === 'CUSTOM' && <WineSection form={form} />}
              <PosSection form={form} />
              <NotesSection form={form} wine={wine} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end" className={classes.drawerActions}>
          <Button type="submit" radius="xl" loading={form.submitting}>
            {t('cellarWines.detail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
