import { COUNT_NO_LOCATION, STOCK_COUNT_LIMITS, type StockCountSheet } from '@kork/shared';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { translateMessage } from '../../../lib/form-schema';
import { countFieldState } from './count-entry';

interface Props {
  opened: boolean;
  sheet: StockCountSheet;
  /** A wine to start with (a barcode found it among the wines that may be added). */
  initialWineId?: string;
  defaultLocation?: string;
  locationLabel: (id: string) => string;
  onClose: () => void;
  onAdd: (figure: { ownWineId: string; locationId: string; counted: number }) => void;
}

/**
 * A wine found where the sheet did not expect it: chosen among the wines the cellar held at the count's
 * moment only (SPEC §5), with the location it was found in and the bottles found.
 */
export function AddExtraModal({
  opened,
  sheet,
  initialWineId,
  defaultLocation,
  locationLabel,
  onClose,
  onAdd,
}: Props) {
  const { t } = useTranslation();
  const [wine, setWine] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [counted, setCounted] = useState('1');
  const [tried, setTried] = useState(false);

  const locationIds = useMemo(() => {
    const ids = sheet.locations.map((item) => item.id);
    const limited = sheet.locationIds;
    if (!limited || limited.includes(COUNT_NO_LOCATION)) ids.push(COUNT_NO_LOCATION);
    return ids;
  }, [sheet.locations, sheet.locationIds]);

  useEffect(() => {
    if (!opened) return;
    setWine(initialWineId ?? null);
    setLocation(defaultLocation ?? (locationIds.length === 1 ? (locationIds[0] ?? null) : null));
    setCounted('1');
    setTried(false);
  }, [opened, initialWineId, defaultLocation, locationIds]);

  const wines = useMemo(
    () =>
      sheet.eligibleWines.map((item) => ({
        value: item.ownWineId,
        label: item.wineDisplayName,
      })),
    [sheet.eligibleWines],
  );
  const locations = useMemo(
    () => locationIds.map((id) => ({ value: id, label: locationLabel(id) || id })),
    [locationIds, locationLabel],
  );
  // Judged as the sheet's own fields are: the figure exactly as typed, or the rule it breaks.
  const state = countFieldState(counted, undefined, currentLocale());
  const figure = state.kind === 'ready' ? state.counted : undefined;
  const countedError =
    state.kind === 'invalid'
      ? translateMessage(state.message)
      : state.kind === 'saved'
        ? translateMessage('required')
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!wine || !location || figure === undefined) return;
    onAdd({ ownWineId: wine, locationId: location, counted: figure });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('stockCounts.sheet.addExtraTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('stockCounts.sheet.addExtraText')}
          </Text>
          <Select
            label={t('stockCounts.sheet.extraWine')}
            placeholder={t('stockCounts.sheet.extraWineSearch')}
            data={wines}
            value={wine}
            onChange={setWine}
            searchable
            limit={50}
            comboboxProps={{ withinPortal: true }}
            error={tried && !wine ? translateMessage('required') : undefined}
          />
          <Select
            label={t('stockCounts.sheet.extraLocation')}
            data={locations}
            value={location}
            onChange={setLocation}
            comboboxProps={{ withinPortal: true }}
            error={tried && !location ? translateMessage('required') : undefined}
          />
          <NumberField
            label={t('stockCounts.sheet.extraCounted')}
            decimals={0}
            min={0}
            value={counted}
            onChange={setCounted}
            max={STOCK_COUNT_LIMITS.countedMax}
            error={tried || state.kind === 'invalid' ? countedError : undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" radius="xl" onClick={onClose}>
              {t('stockCounts.cancel')}
            </Button>
            <Button type="submit" radius="xl">
              {t('stockCounts.sheet.extraSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
