import type { GeocodePlace } from '@kork/shared';
import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { parseNumberText } from '../../lib/number-text';
import { QueryProvider } from '../../lib/query-client';
import { geocodeQuery } from './api/geocode';
import { isPosition, type LatLng, round } from './directions';
import { MapFrame } from './map-frame';

export interface PinPickerProps {
  /** The latitude and longitude fields' texts, as typed (the pin follows them). */
  latText: string | number;
  lngText: string | number;
  /** The address field's text: searched when the search box is empty. */
  address: string;
  /** The place's name, for the pin's label. */
  name: string;
  /** A new position from the map (click or drag) or a search: rounded to six decimals. */
  onPick: (position: LatLng) => void;
}

function numberOf(text: string | number): number | undefined {
  if (typeof text === 'number') return text;
  const value = parseNumberText(text, currentLocale());
  return typeof value === 'number' ? value : undefined;
}

/**
 * Where a place is: a search (postal code, town or address, through `GET /api/geocode`) that moves the
 * pin, and a map to click or drag the pin on. The latitude and longitude fields beside it stay the
 * precise way in; the pin follows what is typed there.
 */
export function PinPicker(props: PinPickerProps) {
  return (
    <QueryProvider>
      <Picker {...props} />
    </QueryProvider>
  );
}

function Picker({ latText, lngText, address, name, onPick }: PinPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [focusKey, setFocusKey] = useState(0);
  const [chosen, setChosen] = useState<GeocodePlace>();
  const search = useQuery({ ...geocodeQuery(query), enabled: query.length > 0 });
  const applied = useRef<unknown>(undefined);

  const lat = numberOf(latText);
  const lng = numberOf(lngText);
  const pin = isPosition(lat, lng) ? { lat: lat as number, lng: lng as number } : undefined;
  const place = name.trim() || t('maps.thisPlace');

  const choose = (found: GeocodePlace) => {
    setChosen(found);
    onPick({ lat: round(found.lat), lng: round(found.lng) });
    setFocusKey((key) => key + 1);
  };

  // A new answer places the pin at its best match once; the others stay offered below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer places the pin.
  useEffect(() => {
    if (!search.data || applied.current === search.data) return;
    applied.current = search.data;
    const [best] = search.data.places;
    if (best) choose(best);
    else setChosen(undefined);
  }, [search.data]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const words = (text.trim() || address.trim()).slice(0, 120);
    if (words.length < 2) return;
    applied.current = undefined;
    setQuery(words);
    // The same words again: their kept answer places the pin again.
    if (words === query && search.data) {
      const [best] = search.data.places;
      if (best) choose(best);
    }
  };

  // A search box inside the registration form: Enter searches instead of submitting the form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };

  const places = search.data?.places ?? [];
  const others = places.filter((p) => p !== chosen);
  const error =
    search.error instanceof ApiError ? search.error.message : search.error ? String(search.error) : '';

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          label={t('maps.search.label')}
          placeholder={t('maps.search.placeholder')}
          description={t('maps.search.useAddress')}
          value={text}
          maxLength={120}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconSearch size={16} aria-hidden />}
          onClick={() => submit()}
          loading={search.isFetching}
          loaderProps={{ type: 'dots' }}
        >
          {t('maps.search.button')}
        </Button>
      </Group>
      <div aria-live="polite">
        {search.isSuccess && chosen && (
          <Text size="sm" data-testid="geocode-found">
            {t(chosen.approximate ? 'maps.search.foundApproximate' : 'maps.search.found', {
              place: chosen.label,
            })}
          </Text>
        )}
        {search.isSuccess && places.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('maps.search.none', { query })}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {t('maps.search.failed', { message: error })}
          </Text>
        )}
      </div>
      {search.isSuccess && others.length > 0 && (
        <Group gap={6} aria-label={t('maps.search.others')} role="group">
          <Text size="xs" c="dimmed">
            {t('maps.search.others')}:
          </Text>
          {others.map((other) => (
            <UnstyledButton
              key={`${other.label}-${other.lat}-${other.lng}`}
              onClick={() => choose(other)}
              fz="sm"
              c="wine.8"
              td="underline"
            >
              {other.label}
            </UnstyledButton>
          ))}
        </Group>
      )}
      <MapFrame
        label={t('maps.pickerLabel')}
        pin={pin}
        pinLabel={t('maps.pinLabel', { place })}
        onPick={(position) => {
          setChosen(undefined);
          onPick({ lat: round(position.lat), lng: round(position.lng) });
        }}
        focusKey={focusKey}
        fallback={t('maps.unavailableHint')}
        caption={
          <Text size="xs" c="dimmed" mt={6}>
            {t('maps.pickHint')}
          </Text>
        }
      />
    </Stack>
  );
}
