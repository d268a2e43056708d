import {
  type CellarLocation,
  type CellarWine,
  type Locale,
  MOVE_MAX,
  type MoveInput,
  UNCATEGORIZED,
  withBounds,
} from '@kork/shared';
import { Alert, Button, Fieldset, Group, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, translateMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { NOT_A_NUMBER, numberText, parseNumberText } from '../../../lib/number-text';
import { QueryProvider } from '../../../lib/query-client';
import { locationsQuery } from '../api/cellar-queries';
import { moveCellarWines } from '../api/move-cellar-wines';
import { buildLocationTree, flattenTree, locationPath, PATH_SEPARATOR } from './location-tree';

export interface MoveWinesModalProps {
  userId: string;
  wines: CellarWine[];
  opened: boolean;
  onClose: () => void;
  /** Called once bottles moved, so the caller can fetch the wines and counts again. */
  onMoved: () => void;
}

type Move = MoveInput['moves'][number];

/** A placement's location as a select value: the API's null (Uncategorized) becomes `UNCATEGORIZED`. */
function keyOf(locationId: string | null): string {
  return locationId ?? UNCATEGORIZED;
}

function idOf(key: string): string | null {
  return key === UNCATEGORIZED ? null : key;
}

/** Where the quantity the person typed for one placement of one wine is kept. */
function fieldKey(wineId: string, locationId: string | null): string {
  return `${wineId}|${keyOf(locationId)}`;
}

/**
 * The bottles a field asks to move from a placement holding `available`, or the rule it breaks. The
 * text is read as typed, never clamped: 10 of 4 is refused with "Only 4 bottles there", an empty
 * field moves nothing from there.
 */
export function bottlesToMove(
  text: string,
  available: number,
  locale: Locale,
): { quantity: number; error?: undefined } | { quantity?: undefined; error: string } {
  const value = parseNumberText(text, locale);
  if (value === null) return { quantity: 0 };
  if (value === NOT_A_NUMBER || !Number.isInteger(value))
    return { error: translateMessage('mustBeWholeNumber') };
  if (value < 0) return { error: translateMessage('mustNotBeNegative') };
  if (value > available)
    return { error: translateMessage(withBounds('bottlesAvailable', { count: available })) };
  return { quantity: value };
}

/** The text a placement's field holds: what the person typed, else all of its bottles. */
function textOf(
  chosen: Readonly<Record<string, string>>,
  wineId: string,
  placement: CellarWine['placements'][number],
  locale: Locale,
) {
  return chosen[fieldKey(wineId, placement.locationId)] ?? numberText(placement.quantity, locale);
}

/** Placements bottles can leave from: holding some, and not the destination. */
function sources(wine: CellarWine, destination: string): CellarWine['placements'] {
  return wine.placements.filter(
    (placement) => placement.quantity > 0 && keyOf(placement.locationId) !== destination,
  );
}

/** The fields whose text breaks a rule, by field key, with the message to show beside each. */
export function moveErrors(
  wines: readonly CellarWine[],
  destination: string,
  chosen: Readonly<Record<string, string>>,
  locale: Locale,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const wine of wines)
    for (const placement of sources(wine, destination)) {
      const { error } = bottlesToMove(textOf(chosen, wine.id, placement, locale), placement.quantity, locale);
      if (error) errors[fieldKey(wine.id, placement.locationId)] = error;
    }
  return errors;
}

/**
 * The moves to send: from every placement that is not the destination, what the person typed or, by
 * default, all of its bottles. Zero quantities are left out (the API turns them down), and so is a field
 * whose text breaks a rule (moveErrors names it; the dialog sends nothing while there is one).
 */
export function movesFor(
  wines: readonly CellarWine[],
  destination: string,
  chosen: Readonly<Record<string, string>>,
  locale: Locale,
): Move[] {
  const toLocationId = idOf(destination);
  return wines.flatMap((wine) =>
    sources(wine, destination)
      .map((placement) => ({
        ownWineId: wine.id,
        fromLocationId: placement.locationId,
        toLocationId,
        quantity:
          bottlesToMove(textOf(chosen, wine.id, placement, locale), placement.quantity, locale).quantity ?? 0,
      }))
      .filter((move) => move.quantity > 0),
  );
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Move bottles of one or more wines to another location. Every placement shows how many bottles it
 * holds and how many to take from it (all by default), so "move two bottles from the fridge" is one
 * number. More than `MOVE_MAX` moves go as several requests, one after the other.
 */
export function MoveWinesModal({ userId, wines, opened, onClose, onMoved }: MoveWinesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cellarPlaces.move.title', { count: wines.length })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('cellarPlaces.move.close') }}
    >
      {/* Mounted only while open, so each opening starts from the defaults. */}
      {opened && (
        <QueryProvider>
          <MoveWinesForm userId={userId} wines={wines} onClose={onClose} onMoved={onMoved} />
        </QueryProvider>
      )}
    </Modal>
  );
}

type LocationsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; locations: CellarLocation[] };

/** The locations, fetched afresh each time the dialog opens (they may have changed elsewhere). */
function useLocations(userId: string): { state: LocationsState; retry: () => void } {
  const query = useQuery({ ...locationsQuery(userId), refetchOnMount: 'always' });
  const fresh = !query.isFetching || query.isFetchedAfterMount;
  const state: LocationsState =
    query.isError && !query.isFetching
      ? { status: 'error' }
      : query.data && fresh
        ? { status: 'ready', locations: query.data }
        : { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}

type FormProps = Omit<MoveWinesModalProps, 'opened'>;

function MoveWinesForm({ userId, wines, onClose, onMoved }: FormProps) {
  const { t } = useTranslation();
  const { state, retry } = useLocations(userId);

  if (state.status === 'loading') {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={58} radius="md" />
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  }
  if (state.status === 'error') {
    return (
      <Stack gap="sm" align="flex-start" role="alert">
        <Text size="sm">{t('cellarPlaces.move.loadError')}</Text>
        <Button radius="xl" variant="light" onClick={retry}>
          {t('cellarPlaces.move.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <MoveFields
      userId={userId}
      wines={wines}
      locations={state.locations}
      onClose={onClose}
      onMoved={onMoved}
    />
  );
}

interface MoveFieldsProps extends FormProps {
  locations: CellarLocation[];
}

function MoveFields({ userId, wines, locations, onClose, onMoved }: MoveFieldsProps) {
  const { t } = useTranslation();
  const [destination, setDestination] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const locale = currentLocale();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const nodes = useMemo(() => flattenTree(buildLocationTree(locations)), [locations]);
  const nameOf = (locationId: string | null) =>
    locationId === null
      ? t('cellarPlaces.panel.uncategorized')
      : locationPath(locations, locationId).join(PATH_SEPARATOR) || locationId;

  // The label is the whole path, so "Shelf 1" in two racks can be told apart once chosen; the list
  // itself shows each name indented under its parent.
  const options = [
    { value: UNCATEGORIZED, label: t('cellarPlaces.panel.uncategorized') },
    ...nodes.map((node) => ({ value: node.location.id, label: nameOf(node.location.id) })),
  ];
  const nodeById = new Map(nodes.map((node) => [node.location.id, node]));

  const moves = destination ? movesFor(wines, destination, chosen, locale) : [];
  const errors = destination ? moveErrors(wines, destination, chosen, locale) : {};
  const invalid = Object.keys(errors).length > 0;
  const total = moves.reduce((sum, move) => sum + move.quantity, 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A field that asks for more than is there is refused beside it, before any request.
    if (!destination || moves.length === 0 || invalid) return;
    setBusy(true);
    setFailure(undefined);
    let sent = 0;
    try {
      for (const part of chunks(moves, MOVE_MAX)) {
        await moveCellarWines(userId, part);
        sent += part.length;
      }
      notify.success(t('cellarPlaces.move.done', { count: total, location: nameOf(idOf(destination)) }));
      onMoved();
      onClose();
    } catch (error) {
      // Requests that went through are committed: the caller shows the wines where they are now.
      if (sent > 0) onMoved();
      // The rule the server named (bottles taken meanwhile: "Only 2 bottles there"), else its message.
      const said = (error instanceof ApiError && Object.values(error.fields)[0]) || errorMessage(error);
      setFailure(sent > 0 ? `${said} ${t('cellarPlaces.move.partlyMoved')}` : said);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('cellarPlaces.move.destination')}
          placeholder={t('cellarPlaces.move.destinationPlaceholder')}
          data={options}
          value={destination}
          onChange={setDestination}
          searchable
          required
          allowDeselect={false}
          nothingFoundMessage={t('cellarPlaces.move.nothingFound')}
          data-autofocus
          renderOption={({ option }) => {
            const node = nodeById.get(option.value);
            return (
              <span style={{ paddingInlineStart: `${(node?.depth ?? 0) * 16}px` }}>
                {node ? node.location.name : option.label}
              </span>
            );
          }}
        />
        {wines.map((wine) => (
          <WinePlacements
            key={wine.id}
            wine={wine}
            destination={destination}
            chosen={chosen}
            errors={errors}
            locale={locale}
            nameOf={nameOf}
            onChange={(locationId, value) =>
              setChosen((current) => ({ ...current, [fieldKey(wine.id, locationId)]: value }))
            }
          />
        ))}
        {failure && (
          <Alert color="wine" variant="light" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" radius="xl" onClick={onClose} disabled={busy}>
            {t('cellarPlaces.move.cancel')}
          </Button>
          <Button type="submit" radius="xl" loading={busy} disabled={!destination || total === 0 || invalid}>
            {total > 0
              ? t('cellarPlaces.move.submit', { count: total })
              : t('cellarPlaces.move.nothingToMove')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface WinePlacementsProps {
  wine: CellarWine;
  destination: string | null;
  chosen: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  locale: Locale;
  nameOf: (locationId: string | null) => string;
  onChange: (locationId: string | null, text: string) => void;
}

/**
 * One wine: a field per placement for how many of its bottles to move (named by the wine's legend). A
 * field asking for more than the placement holds says how many there are and offers to move them all.
 */
function WinePlacements({
  wine,
  destination,
  chosen,
  errors,
  locale,
  nameOf,
  onChange,
}: WinePlacementsProps) {
  const { t } = useTranslation();
  const placements = wine.placements.filter((placement) => placement.quantity > 0);

  return (
    <Fieldset legend={wine.wineDisplayName} radius="md" variant="filled">
      {placements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cellarPlaces.move.noBottles')}
        </Text>
      ) : (
        <Stack gap="xs">
          {placements.map((placement) => {
            const name = nameOf(placement.locationId);
            const here = keyOf(placement.locationId) === destination;
            const key = fieldKey(wine.id, placement.locationId);
            const text = textOf(chosen, wine.id, placement, locale);
            const value = parseNumberText(text, locale);
            const tooMany = typeof value === 'number' && value > placement.quantity;
            return here ? (
              <Text key={keyOf(placement.locationId)} size="sm" c="dimmed">
                {t('cellarPlaces.move.alreadyThere', { location: name })} ·{' '}
                {t('cellarPlaces.move.available', { count: placement.quantity })}
              </Text>
            ) : (
              <Stack key={keyOf(placement.locationId)} gap={4}>
                <NumberField
                  label={t('cellarPlaces.move.quantity', { location: name })}
                  description={t('cellarPlaces.move.available', { count: placement.quantity })}
                  decimals={0}
                  value={text}
                  error={errors[key]}
                  onChange={(next) => onChange(placement.locationId, next)}
                />
                {tooMany && (
                  <Group>
                    <Button
                      size="compact-sm"
                      variant="light"
                      radius="xl"
                      onClick={() => onChange(placement.locationId, numberText(placement.quantity, locale))}
                    >
                      {t('cellarPlaces.move.moveAll', { count: placement.quantity })}
                    </Button>
                  </Group>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Fieldset>
  );
}
