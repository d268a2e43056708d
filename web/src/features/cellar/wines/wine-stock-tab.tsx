import { type CellarLocation, type CellarWine, UNCATEGORIZED } from '@kork/shared';
import { Button, Fieldset, Group, NumberInput, Stack, Table } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './cellar-wines-page.module.css';
import { OutOfStockBadge } from './inventory-cell';
import { inputNumber } from './money';
import { treeOptions } from './tree-options';
import { TreeSelect } from './tree-select';
import type { DetailForm } from './wine-detail-tabs';

interface StockTabProps {
  form: DetailForm;
  /** The wine as last saved: its placements, and the total a typed quantity is compared with. */
  wine: CellarWine;
  locations: CellarLocation[];
  onMove: () => void;
}

/**
 * Quantity and locations: where the bottles are, the total, and — once the total is changed — which
 * location the difference is taken from or added to. Bottles move between locations in the move dialog.
 */
export function StockTab({ form, wine, locations, onMove }: StockTabProps) {
  const { t } = useTranslation();
  const names = useMemo(
    () => new Map(locations.map((location) => [location.id, location.name])),
    [locations],
  );
  const typed = inputNumber(form.values.quantity);
  const difference = typed == null ? 0 : typed - wine.quantity;

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
                  <Table.Td className={classes.numeric}>{placement.quantity}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <NumberInput
          label={t('cellarWines.fields.quantity')}
          description={t('cellarWines.detail.quantityHint')}
          allowNegative={false}
          allowDecimal={false}
          {...form.getInputProps('quantity')}
        />
        {difference !== 0 && (
          <LocationChoice form={form} wine={wine} locations={locations} difference={difference} />
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
      </Stack>
    </Fieldset>
  );
}

/** Where a new total's difference goes; says how many bottles that is, and what happens if it runs short. */
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
  const options = useMemo(() => treeOptions(locations), [locations]);
  const leading = useMemo(() => [{ value: UNCATEGORIZED, label: t('cellarWines.add.uncategorized') }], [t]);
  const field = form.getInputProps('locationId');
  const chosen = form.values.locationId;
  const here =
    wine.placements.find((placement) => (placement.locationId ?? UNCATEGORIZED) === chosen)?.quantity ?? 0;
  const taking = -difference;

  let description: string;
  if (difference > 0) description = t('cellarWines.detail.addTo', { count: difference });
  else if (here >= taking) description = t('cellarWines.detail.takeFromHere', { count: taking });
  else if (here === 0) description = t('cellarWines.detail.takeNoneHere');
  else description = t('cellarWines.detail.takeShortfall', { here });

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
