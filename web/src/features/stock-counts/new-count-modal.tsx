import { COUNT_NO_LOCATION, STOCK_COUNT_LIMITS, type StockCount, StockCountInput } from '@kork/shared';
import { Button, Checkbox, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, type FieldErrors, schemaErrors } from '../../lib/form-schema';
import { notify } from '../../lib/notify';
import {
  buildLocationTree,
  flattenTree,
  locationPath,
  PATH_SEPARATOR,
} from '../cellar/locations/location-tree';
import { countLocationsQuery } from './api/count-locations';
import { useCreateStockCount } from './api/stock-counts';
import { today } from './count-format';

interface Props {
  userId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (count: StockCount) => void;
}

/**
 * Starting a count: its day (not after today), an optional name, optional locations (Uncategorized too),
 * and whether it is blind ("Expected" hidden from the counters until it is finished).
 */
export function NewCountModal({ userId, opened, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateStockCount(userId);
  const locations = useQuery({ ...countLocationsQuery(userId), enabled: opened });
  const [date, setDate] = useState(today());
  const [name, setName] = useState('');
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [blind, setBlind] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!opened) return;
    setDate(today());
    setName('');
    setLocationIds([]);
    setBlind(false);
    setErrors({});
  }, [opened]);

  const options = useMemo(() => {
    const rows = locations.data?.rows ?? [];
    return [
      ...flattenTree(buildLocationTree(rows)).map((node) => ({
        value: node.location.id,
        label: locationPath(rows, node.location.id).join(PATH_SEPARATOR),
      })),
      { value: COUNT_NO_LOCATION, label: t('stockCounts.sheet.uncategorized') },
    ];
  }, [locations.data, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: StockCountInput = {
      ...(date && date !== today() ? { date } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(locationIds.length > 0 ? { locationIds } : {}),
      ...(blind ? { blind: true } : {}),
    };
    const found = schemaErrors(StockCountInput, input);
    if (date > today()) found.date = t('stockCounts.create.dateFuture');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(input, {
      onSuccess: onCreated,
      onError: (error) => {
        const fields = apiFieldErrors(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0) notify.error(errorMessage(error));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('stockCounts.create.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            type="date"
            label={t('stockCounts.create.date')}
            description={t('stockCounts.create.dateHint')}
            value={date}
            max={today()}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={errors.date}
          />
          <TextInput
            label={t('stockCounts.create.name')}
            placeholder={t('stockCounts.create.namePlaceholder')}
            value={name}
            maxLength={STOCK_COUNT_LIMITS.nameMax + 20}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <MultiSelect
            label={t('stockCounts.create.locations')}
            description={t('stockCounts.create.locationsHint')}
            placeholder={locationIds.length === 0 ? t('stockCounts.create.locationsPlaceholder') : undefined}
            data={options}
            value={locationIds}
            onChange={setLocationIds}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            error={errors.locationIds}
          />
          <Checkbox
            label={t('stockCounts.create.blind')}
            description={t('stockCounts.create.blindHint')}
            checked={blind}
            onChange={(event) => setBlind(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" radius="xl" onClick={onClose}>
              {t('stockCounts.cancel')}
            </Button>
            <Button type="submit" radius="xl" loading={create.isPending}>
              {t('stockCounts.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
