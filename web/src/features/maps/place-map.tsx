import { Button, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconRoute } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../lib/query-client';
import { geocodeQuery } from './api/geocode';
import { directionsUrl, isPosition, type LatLng } from './directions';
import { MapFrame } from './map-frame';

export interface PlaceMapProps {
  /** The place's name, for the map's and the link's labels. */
  name: string;
  address?: string;
  /** The pin, when the place has one; else the address is looked up. */
  lat?: number;
  lng?: number;
}

/**
 * Where a place is, on its profile (a restaurant, an event): a map with its pin and a "Directions" link.
 * A place without coordinates is looked up by its address; one that cannot be found gets the link to
 * its address only (the page shows the address). Without tiles, "Map cannot be loaded" and the address.
 */
export function PlaceMap(props: PlaceMapProps) {
  return (
    <QueryProvider>
      <Place {...props} />
    </QueryProvider>
  );
}

function Place({ name, address = '', lat, lng }: PlaceMapProps) {
  const { t } = useTranslation();
  const known = isPosition(lat, lng) ? { lat: lat as number, lng: lng as number } : undefined;
  const words = address.trim().slice(0, 120);
  const lookup = useQuery({ ...geocodeQuery(words), enabled: !known && words.length >= 2 });
  const found = lookup.data?.places[0];
  const position: LatLng | undefined = known ?? (found ? { lat: found.lat, lng: found.lng } : undefined);
  const directions = directionsUrl({ position, address: words });
  const searching = !known && lookup.isPending && lookup.fetchStatus !== 'idle';

  if (!position && !words) return null;
  return (
    <Stack gap="sm">
      {/* A place not found has no map: the page shows its address, and the link still leads there. */}
      {position && (
        <MapFrame
          label={t('maps.label', { place: name })}
          pin={position}
          pinLabel={t('maps.pinLabel', { place: name })}
          height={280}
          caption={
            !known &&
            found?.approximate && (
              <Text size="xs" c="dimmed" mt={6}>
                {t('maps.approximate')}
              </Text>
            )
          }
          fallback={
            address && (
              <Text component="address" fs="normal" size="sm">
                {address}
              </Text>
            )
          }
        />
      )}
      {directions && !searching && (
        <Button
          component="a"
          href={directions}
          target="_blank"
          rel="noopener noreferrer"
          radius="xl"
          variant="light"
          w="fit-content"
          leftSection={<IconRoute size={18} aria-hidden />}
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label={t('maps.directionsLabel', { place: name })}
        >
          {t('maps.directions')}
        </Button>
      )}
    </Stack>
  );
}
