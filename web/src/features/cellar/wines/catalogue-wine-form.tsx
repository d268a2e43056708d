import {
  CatalogCellarWineInput,
  type CellarLocation,
  type CellarWine,
  type CurrencyCode,
  type WineRow,
} from '@kork/shared';
import { Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { apiFieldErrors, errorMessage, schemaErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { searchWines } from '../../wines/api/search-wines';
import { createOwnWine } from '../api/create-own-wine';
import {
  initialStock,
  StockFields,
  type StockValues,
  stockInput,
  toFormErrors,
  withoutEmpty,
} from './add-wine-fields';
import classes from './cellar-wines-page.module.css';

const SEARCH_DELAY_MS = 300;
const MIN_SEARCH = 2;
const RESULTS = 10;

interface FormProps {
  userId: string;
  currency: CurrencyCode;
  locations: CellarLocation[];
  defaultLocation: string | undefined;
  onAdded: (wine: CellarWine) => void;
}

/**
 * Adding a wine from the Kork catalogue: find it, then say how many, where and at what price. With
 * `initialWine` (a wine's own page) the search is skipped: the form starts on that wine.
 */
export function CatalogueWineForm({ initialWine, ...props }: FormProps & { initialWine?: WineRow }) {
  const [wine, setWine] = useState<WineRow | undefined>(initialWine);
  if (!wine) return <CatalogueSearch onChoose={setWine} />;
  return <CatalogueStockForm {...props} wine={wine} onChangeWine={() => setWine(undefined)} />;
}

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; rows: WineRow[] };

function bottleSizeText(litres: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'unit', unit: 'liter' }).format(litres);
}

/** One line about a catalogue wine: producer, vintage and bottle size. */
function wineFacts(wine: WineRow, nv: string): string {
  return [wine.producer, wine.vintage ?? nv, bottleSizeText(wine.bottleSize)].filter(Boolean).join(' · ');
}

/**
 * The whole catalogue, not only what is for sale or rated by experts: a cellar holds old vintages too
 * (`isAvailable=false&isRatedByExpert=false`).
 */
function CatalogueSearch({ onChoose }: { onChoose: (wine: WineRow) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [state, setState] = useState<SearchState>({ status: 'idle' });

  useEffect(() => {
    if (search.length < MIN_SEARCH) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchWines(
      { search, isAvailable: false, isRatedByExpert: false, resultsPerPage: RESULTS },
      controller.signal,
    ).then(
      (result) => setState({ status: 'ready', rows: result.rows }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [search]);

  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={t('cellarWines.add.searchLabel')}
        placeholder={t('cellarWines.add.searchPlaceholder')}
        description={t('cellarWines.add.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={state.status === 'loading' ? <Loader size="xs" /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      {state.status === 'error' && (
        <Text c="red" size="sm" role="alert">
          {t('cellarWines.add.searchError')}
        </Text>
      )}
      {state.status === 'ready' && state.rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('cellarWines.add.noResults')}
        </Text>
      )}
      {state.status === 'ready' && state.rows.length > 0 && (
        <ul className={classes.results} aria-label={t('cellarWines.add.results')}>
          {state.rows.map((wine) => (
            <li key={wine.id}>
              <UnstyledButton className={classes.result} onClick={() => onChoose(wine)}>
                <Text fw={600} size="sm">
                  {wine.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {wineFacts(wine, t('wine.nv'))}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

function CatalogueStockForm({
  userId,
  currency,
  locations,
  defaultLocation,
  onAdded,
  wine,
  onChangeWine,
}: FormProps & { wine: WineRow; onChangeWine: () => void }) {
  const { t } = useTranslation();
  const toInput = (values: StockValues) => ({
    source: 'KORK' as const,
    wineId: wine.id,
    ...stockInput(values, currency),
  });
  const form = useForm<StockValues>({
    mode: 'controlled',
    initialValues: initialStock(defaultLocation),
    validate: (values) => toFormErrors(schemaErrors(CatalogCellarWineInput, toInput(values))),
  });

  const submit = form.onSubmit(async (values) => {
    // `source` may be left out for a catalogue wine: the body is the documented `{wineId, quantity, …}`.
    const { source: _source, ...input } = toInput(values);
    try {
      const created = await createOwnWine(userId, withoutEmpty({ ...input, quantity: input.quantity ?? 1 }));
      notify.success(t('cellarWines.add.added', { name: created?.wineDisplayName ?? wine.name }));
      onAdded(created);
    } catch (error) {
      form.setErrors(toFormErrors(apiFieldErrors(error)));
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" aria-label={t('cellarWines.add.chosen')} component="section">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div>
              <Text fw={600}>{wine.name}</Text>
              <Text size="sm" c="dimmed">
                {wineFacts(wine, t('wine.nv'))}
              </Text>
            </div>
            <Button variant="subtle" size="compact-sm" onClick={onChangeWine}>
              {t('cellarWines.add.change')}
            </Button>
          </Group>
        </Paper>
        <StockFields form={form} locations={locations} currency={currency} />
        <Group justify="flex-end">
          <Button type="submit" radius="xl" loading={form.submitting}>
            {t('cellarWines.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
