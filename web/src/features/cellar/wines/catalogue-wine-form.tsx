import {
  type CellarLocation,
  type CellarWine,
  type CurrencyCode,
  containerFromPackaging,
  type DutyRatesResponse,
  NewCellarWineInput,
  QUANTITY_MAX,
  UNCATEGORIZED,
  type WineRow,
  wineDisplayName,
  withBounds,
} from '@kork/shared';
import { Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors, errorMessage, schemaErrors, translateMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { NOT_A_NUMBER, parseNumberText } from '../../../lib/number-text';
import { QueryProvider } from '../../../lib/query-client';
import { producerBesideName } from '../../../lib/wine-text';
import { catalogueSearchQuery, wineQuery } from '../../wines/api/wine-queries';
import { cellarCopiesOfQuery } from '../api/cellar-queries';
import { createCellarWine } from '../api/create-cellar-wine';
import { getCellarWine } from '../api/get-cellar-wine';
import { updateCellarWine } from '../api/update-cellar-wine';
import { dutyRatesQuery } from '../api/wine-cost-queries';
import {
  dutyPriceErrors,
  initialStock,
  LocationSelect,
  StockFields,
  type StockValues,
  stockInput,
  toFormErrors,
  type WineDutyBasis,
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
 *
 * A catalogue wine is in a cellar once: one already there says so ("In your cellar (13 bottles)") in the
 * results and on its form, and the form adds the bottles to that wine instead of making a second one.
 */
export function CatalogueWineForm(props: FormProps & { initialWine?: WineRow }) {
  return (
    <QueryProvider>
      <CatalogueWine {...props} />
    </QueryProvider>
  );
}

function CatalogueWine({ initialWine, ...props }: FormProps & { initialWine?: WineRow }) {
  const [wine, setWine] = useState<WineRow | undefined>(initialWine);
  // The cellar's wine of the chosen one as the search or a refused add told it: undefined when it did not.
  const [known, setKnown] = useState<CellarWine | null | undefined>(undefined);
  const [raced, setRaced] = useState(false);
  const { t } = useTranslation();
  const { userId } = props;
  const check = useQuery({
    ...cellarCopiesOfQuery(userId, wine ? [wine.id] : []),
    enabled: wine !== undefined && known === undefined,
  });
  // Undefined while not known yet, null when there is none. A failed check counts as none: the server
  // still refuses a second row, and the form then turns to the one there.
  const copy =
    known !== undefined
      ? known
      : check.isError
        ? null
        : check.data && wine
          ? (check.data.get(wine.id) ?? null)
          : undefined;
  const setCopy = setKnown;

  const changeWine = () => {
    setWine(undefined);
    setCopy(undefined);
    setRaced(false);
  };
  if (!wine)
    return (
      <CatalogueSearch
        userId={userId}
        onChoose={(chosen, found) => {
          setWine(chosen);
          setCopy(found);
        }}
      />
    );
  if (copy === undefined)
    return <Loader size="sm" role="status" aria-label={t('cellarWines.add.checking')} />;
  if (copy)
    return <ExistingWineForm {...props} wine={wine} copy={copy} raced={raced} onChangeWine={changeWine} />;
  return (
    <CatalogueStockForm
      {...props}
      wine={wine}
      onChangeWine={changeWine}
      onAlreadyThere={(found) => {
        setRaced(true);
        setCopy(found);
      }}
    />
  );
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
/** A catalogue wine's name as its card shows it (the producer once). */
function nameOf(wine: WineRow): string {
  return wineDisplayName({ wineName: wine.name, producerName: wine.producer });
}

/** The line under the name: the producer where the name does not already say it, vintage and size. */
function wineFacts(wine: WineRow, nv: string): string {
  const producer = producerBesideName(nameOf(wine), wine.producer);
  return [producer, wine.vintage ?? nv, bottleSizeText(wine.bottleSize)].filter(Boolean).join(' · ');
}

/**
 * The whole catalogue, not only what is for sale or rated by experts: a cellar holds old vintages too
 * (`isAvailable=false&isRatedByExpert=false`).
 */
function CatalogueSearch({
  userId,
  onChoose,
}: {
  userId: string;
  onChoose: (wine: WineRow, copy: CellarWine | null | undefined) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const searching = search.length >= MIN_SEARCH;
  const found = useQuery({ ...catalogueSearchQuery(search, RESULTS), enabled: searching });
  const state: SearchState = !searching
    ? { status: 'idle' }
    : found.data
      ? { status: 'ready', rows: found.data.rows }
      : found.isError
        ? { status: 'error' }
        : { status: 'loading' };
  // Which results are in the cellar already: asked for the whole page of results in one call. Not
  // known when it fails: the chosen wine is looked up again on its form.
  const resultIds = state.status === 'ready' ? state.rows.map((wine) => wine.id) : [];
  const copies = useQuery({
    ...cellarCopiesOfQuery(userId, resultIds),
    enabled: resultIds.length > 0,
  }).data;

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
          {state.rows.map((wine) => {
            const copy = copies?.get(wine.id);
            return (
              <li key={wine.id}>
                <UnstyledButton
                  className={classes.result}
                  onClick={() => onChoose(wine, copies ? (copy ?? null) : undefined)}
                >
                  <Text fw={600} size="sm">
                    {nameOf(wine)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {wineFacts(wine, t('wine.nv'))}
                  </Text>
                  {copy && <InCellarBadge bottles={copy.quantity} />}
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}

/** "In your cellar (13 bottles)". */
/** The catalogue wine picked, with the way back to the search, and its bottles when it is in the cellar. */
function ChosenWine({
  wine,
  onChange,
  bottlesInCellar,
}: {
  wine: WineRow;
  onChange: () => void;
  bottlesInCellar?: number;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" aria-label={t('cellarWines.add.chosen')} component="section">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text fw={600}>{nameOf(wine)}</Text>
          <Text size="sm" c="dimmed">
            {wineFacts(wine, t('wine.nv'))}
          </Text>
          {bottlesInCellar !== undefined && <InCellarBadge bottles={bottlesInCellar} />}
        </div>
        <Button variant="subtle" size="compact-sm" onClick={onChange}>
          {t('cellarWines.add.change')}
        </Button>
      </Group>
    </Paper>
  );
}

function InCellarBadge({ bottles }: { bottles: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="wine" radius="sm" tt="none" mt={4}>
      {t('cellarWines.add.inCellar', { count: bottles })}
    </Badge>
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
  onAlreadyThere,
}: FormProps & {
  wine: WineRow;
  onChangeWine: () => void;
  /** The wine turned out to be in the cellar (added meanwhile, from another device): its row. */
  onAlreadyThere: (copy: CellarWine) => void;
}) {
  const { t } = useTranslation();
  // Today's duty rates, asked for once a price is typed without duties; the checks read the latest.
  const rates = useRef<DutyRatesResponse>(undefined);
  // The catalogue's alcohol and packaging, asked for with the rates: a price typed without duties needs
  // no alcohol typed when the catalogue knows it.
  const catalogue = useRef<Pick<WineDutyBasis, 'alcohol' | 'container'>>({});
  // Read when used: the form's checks outlive the render they were made in.
  const basis = (): WineDutyBasis => ({
    bottleSize: wine.bottleSize,
    category: wine.mainCategoryId,
    ...catalogue.current,
  });
  const toInput = (values: StockValues) => ({
    source: 'KORK' as const,
    wineId: wine.id,
    ...stockInput(values, currency, basis(), rates.current),
  });
  const form = useForm<StockValues>({
    mode: 'controlled',
    initialValues: initialStock(defaultLocation),
    // The API's rule for a new wine (at least one bottle), checked as it is typed.
    validate: (values) =>
      toFormErrors({
        ...schemaErrors(NewCellarWineInput, toInput(values)),
        ...dutyPriceErrors(values, currency, basis(), rates.current, t),
      }),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });

  const ratesQuery = useQuery({ ...dutyRatesQuery(), enabled: !form.values.includesDuties });
  rates.current = ratesQuery.data;
  const detail = useQuery({
    ...wineQuery(wine.id, { anonymous: false, currency }),
    enabled: !form.values.includesDuties,
  });
  catalogue.current = {
    alcohol: detail.data?.alcohol ?? undefined,
    container: detail.data ? containerFromPackaging(detail.data.packaging) : undefined,
  };

  const submit = form.onSubmit(async (values) => {
    // `source` may be left out for a catalogue wine: the body is the documented `{wineId, quantity, …}`.
    const { source: _source, ...input } = toInput(values);
    try {
      const created = await createCellarWine(
        userId,
        withoutEmpty({ ...input, quantity: input.quantity ?? 1 }),
      );
      notify.success(t('cellarWines.add.added', { name: created?.wineDisplayName ?? wine.name }));
      onAdded(created);
    } catch (error) {
      const there = error instanceof ApiError && error.status === 409 ? error.fields.ownWineId : undefined;
      if (there) {
        // Never a second row: the form turns to adding the bottles to the wine that is there.
        const copy = await getCellarWine(userId, there).catch(() => undefined);
        if (copy) {
          onAlreadyThere(copy);
          return;
        }
      }
      form.setErrors(toFormErrors(apiFieldErrors(error)));
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ChosenWine wine={wine} onChange={onChangeWine} />
        <StockFields
          form={form}
          locations={locations}
          currency={currency}
          basis={basis()}
          rates={ratesQuery.data}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            radius="xl"
            loading={form.submitting}
            disabled={Object.values(form.errors).some(Boolean)}
          >
            {t('cellarWines.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The bottles typed to add: a whole number from 1 up to what the wine can still take, or the rule it breaks. */
function bottlesToAdd(text: string, present: number): { value: number } | { error: string } {
  const value = parseNumberText(text, currentLocale());
  if (value === null) return { error: translateMessage('required') };
  if (value === NOT_A_NUMBER || !Number.isInteger(value))
    return { error: translateMessage('mustBeWholeNumber') };
  if (value < 1) return { error: translateMessage(withBounds('atLeast', { min: 1 })) };
  if (value > QUANTITY_MAX - present)
    return { error: translateMessage(withBounds('atMost', { max: QUANTITY_MAX - present })) };
  return { value };
}

/**
 * A catalogue wine already in the cellar: the bottles are added to it (`addQuantity`, counted on the
 * bottles there when it is saved) in the location chosen, so it stays one wine.
 */
function ExistingWineForm({
  userId,
  locations,
  defaultLocation,
  onAdded,
  wine,
  copy,
  raced,
  onChangeWine,
}: FormProps & { wine: WineRow; copy: CellarWine; raced: boolean; onChangeWine: () => void }) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState('1');
  const [location, setLocation] = useState(
    defaultLocation ?? copy.placements[0]?.locationId ?? UNCATEGORIZED,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = bottlesToAdd(quantity, copy.quantity);
    if ('error' in checked) {
      setErrors({ addQuantity: checked.error });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const updated = await updateCellarWine(userId, copy.id, {
        addQuantity: checked.value,
        locationId: location === UNCATEGORIZED ? null : location,
      });
      notify.success(
        t('cellarWines.add.bottlesAdded', {
          count: checked.value,
          name: updated.wineDisplayName,
          total: updated.quantity,
        }),
      );
      onAdded(updated);
    } catch (error) {
      setErrors(apiFieldErrors(error));
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ChosenWine wine={wine} onChange={onChangeWine} bottlesInCellar={copy.quantity} />
        <Text size="sm" role={raced ? 'status' : undefined}>
          {t(raced ? 'cellarWines.add.addedMeanwhile' : 'cellarWines.add.existingHint')}
        </Text>
        <NumberField
          label={t('cellarWines.add.bottlesToAdd')}
          decimals={0}
          min={1}
          required
          value={quantity}
          onChange={setQuantity}
          error={errors.addQuantity ?? errors.quantity}
          data-autofocus
        />
        <LocationSelect
          locations={locations}
          value={location}
          onChange={setLocation}
          error={errors.locationId}
        />
        <Group justify="flex-end">
          <Button type="submit" radius="xl" loading={busy}>
            {t('cellarWines.add.addToExisting')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
