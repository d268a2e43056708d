import { type CellarLocation, type CellarWine, UNCATEGORIZED } from '@kork/shared';
import { Button, Fieldset, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import { lazy, Suspense, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { formatCount } from '../../../lib/format-number';
import { useBusinessCellar } from '../cellar-menu';
import classes from './cellar-wines-page.module.css';
import { OutOfStockBadge } from './inventory-cell';
import { bottlesWithOpen, openBottleSuffix } from './open-bottle';
import { treeOptions } from './tree-options';
import { TreeSelect } from './tree-select';
import type { DetailForm } from './wine-detail-tabs';
import { type StockMode, totalAfter } from './wine-edit-values';

/** A business wine's par level and reorder point: its own chunk, with the reorder figures it reads. */
const ReorderLevels = lazy(() =>
  import('../../reorder/reorder-levels').then((module) => ({ default: module.ReorderLevels })),
);

interface StockTabProps {
  form: DetailForm;
  /** The wine as last saved: its placements, and the total a change is counted from. */
  wine: CellarWine;
  locations: CellarLocation[];
  onMove: () => void;
}

/**
 * Quantity and locations: where the bottles are and how many in all, and a change to them — either bottles
 * added (or taken, with a minus), counted on the total the wine has when the save arrives, so two people
 * adding at once both count; or a new total. Once there is a difference, the owner picks the location it
 * is taken from or added to. Bottles move between locations in the move dialog.
 */
export function StockTab({ form, wine, locations, onMove }: StockTabProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const modeLabel = useId();
  const names = useMemo(
    () => new Map(locations.map((location) => [location.id, location.name])),
    [locations],
  );
  const business = useBusinessCellar() === true;
  const mode = form.values.stockMode;
  const total = totalAfter(form.values, wine, locale);
  const difference = total == null ? 0 : total - wine.quantity;

  // Switching keeps the other field as it was when the save would send it: the change starts from nothing.
  const chooseMode = (next: string) => {
    form.setFieldValue('stockMode', next as StockMode);
    form.setFieldValue('addQuantity', '');
    form.setFieldValue('quantity', String(wine.quantity));
  };

  return (
    <Fieldset legend={t('cellarWines.detail.stock')} radius="md">
      <Stack gap="sm">
        {wine.quantity === 0 && <OutOfStockBadge />}
        {wine.placements.length > 0 && (
          <Table withRowBorders={false} verticalSpacing={4} aria-label={t('cellarWines.detail.placements')}>
            <Table.Tbody>
              {wine.placements.map((placement) => (
                <Table.Tr key={placement.locationId ?? UNCATEGORIZED}>
                  <Table.Td>
                    {placement.locationId === null
                      ? t('cellarWines.add.uncategorized')
                      : (names.get(placement.locationId) ?? placement.locationId)}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{formatCount(placement.quantity, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm">
          {t('cellarWines.detail.stockNow', {
            count: bottlesWithOpen(wine, locale).full,
            formatted: bottlesWithOpen(wine, locale).fullText,
          })}
          {openBottleSuffix(t, wine, locale)}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={modeLabel}>
            {t('cellarWines.detail.stockMode')}
          </Text>
          <SegmentedControl
            aria-labelledby={modeLabel}
            value={mode}
            onChange={chooseMode}
            data={[
              { value: 'add', label: t('cellarWines.detail.stockModeAdd') },
              { value: 'set', label: t('cellarWines.detail.stockModeSet') },
            ]}
            fullWidth
          />
        </Stack>
        {mode === 'add' ? (
          <NumberField
            key="add"
            label={t('cellarWines.detail.addQuantity')}
            description={t('cellarWines.detail.addQuantityHint')}
            decimals={0}
            {...form.getInputProps('addQuantity')}
          />
        ) : (
          <NumberField
            key="set"
            label={t('cellarWines.detail.newTotal')}
            description={t('cellarWines.detail.newTotalHint')}
            decimals={0}
            {...form.getInputProps('quantity')}
          />
        )}
        {difference !== 0 && total !== null && total >= 0 && (
          <>
            <Text size="sm" aria-live="polite">
              {t('cellarWines.detail.totalAfter', {
                count: total,
                formatted: formatCount(total, locale),
              })}
            </Text>
            <LocationChoice form={form} wine={wine} locations={locations} difference={difference} />
          </>
        )}
        <Group>
          <Button
            variant="default"
            radius="xl"
            leftSection={<IconArrowsMove size={16} aria-hidden />}
            onClick={onMove}
            disabled={wine.quantity === 0}
          >
            {t('cellarWines.detail.moveBottles')}
          </Button>
        </Group>
        {business && (
          <Suspense fallback={null}>
            <ReorderLevels wine={wine} inputProps={(field) => form.getInputProps(field)} />
          </Suspense>
        )}
      </Stack>
    </Fieldset>
  );
}

/** Where a change's bottles go; says how many bottles that is, and what happens if it runs short. */
function LocationChoice({
  form,
  wine,
  locations,
  difference,
}: {
  form: DetailForm;
  wine: CellarWine;
  locations: CellarLocation[];
  difference: number;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const options = useMemo(() => treeOptions(locations), [locations]);
  const leading = useMemo(() => [{ value: UNCATEGORIZED, label: t('cellarWines.add.uncategorized') }], [t]);
  const field = form.getInputProps('locationId');
  const chosen = form.values.locationId;
  const here =
    wine.placements.find((placement) => (placement.locationId ?? UNCATEGORIZED) === chosen)?.quantity ?? 0;
  const taking = -difference;

  let description: string;
  if (difference > 0)
    description = t('cellarWines.detail.addTo', {
      count: difference,
      formatted: formatCount(difference, locale),
    });
  else if (here >= taking)
    description = t('cellarWines.detail.takeFromHere', {
      count: taking,
      formatted: formatCount(taking, locale),
    });
  else if (here === 0) description = t('cellarWines.detail.takeNoneHere');
  else description = t('cellarWines.detail.takeShortfall', { here: formatCount(here, locale) });

  return (
    <TreeSelect
      label={t('cellarWines.detail.location')}
      description={description}
      leading={leading}
      options={options}
      allowDeselect={false}
      searchable
      value={chosen}
      onChange={(value) => field.onChange(value ?? UNCATEGORIZED)}
      error={field.error}
    />
  );
}
