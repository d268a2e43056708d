import { Skeleton, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/api/get-config';
import type { LatLng } from './directions';
import classes from './map.module.css';

// Leaflet and its styles download only when a map is on the screen.
const LeafletMap = lazy(() => import('./leaflet-map'));

/** How long the app's configuration may take before the map is given up on. */
const CONFIG_TIMEOUT_MS = 10_000;

/** Oslo: where a map without a pin looks first (the product is mainly for Norway). */
export const DEFAULT_CENTER: LatLng = { lat: 59.9139, lng: 10.7522 };

export interface MapFrameProps {
  /** The map's accessible name ("Map: Vinbaren"). */
  label: string;
  pin?: LatLng;
  pinLabel: string;
  onPick?: (position: LatLng) => void;
  focusKey?: number;
  /** Height in pixels. */
  height?: number;
  /** What the fallback says under "Map cannot be loaded": the address, or how to place the pin without a map. */
  fallback: ReactNode;
  /** Shown under the map while there is one (how to use it). */
  caption?: ReactNode;
}

/**
 * A map with a pin, or — when no tile address is configured, the tiles do not load or the map's code
 * fails — SPEC §8's "Map cannot be loaded" with the address as text. Never an empty box.
 */
export function MapFrame({
  label,
  pin,
  pinLabel,
  onPick,
  focusKey,
  height = 260,
  fallback,
  caption,
}: MapFrameProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const [failed, setFailed] = useState(false);
  // The configuration never came (the API is unreachable): the text, not a placeholder for ever.
  useEffect(() => {
    if (config) return;
    const timer = window.setTimeout(() => setFailed(true), CONFIG_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [config]);

  if (failed || (config && !config.map)) return <MapFallback>{fallback}</MapFallback>;
  const placeholder = (
    <Skeleton height={height} radius="md" role="status" aria-busy="true" aria-label={t('maps.loading')} />
  );
  if (!config?.map) return placeholder;
  return (
    <MapErrorBoundary fallback={<MapFallback>{fallback}</MapFallback>}>
      <Suspense fallback={placeholder}>
        <section className={classes.frame} style={{ height }} aria-label={label}>
          <LeafletMap
            config={config.map}
            center={DEFAULT_CENTER}
            zoom={pin ? 15 : 5}
            pin={pin}
            pinLabel={pinLabel}
            onPick={onPick}
            focusKey={focusKey}
            onFail={() => setFailed(true)}
          />
        </section>
        {caption}
      </Suspense>
    </MapErrorBoundary>
  );
}

/** SPEC §8's "Map cannot be loaded", with what stands in for the map under it. */
export function MapFallback({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.fallback} role="note" data-testid="map-unavailable">
      <IconMapOff size={22} stroke={1.5} aria-hidden className={classes.fallbackIcon} />
      <div>
        <Text fw={600} size="sm">
          {t('maps.unavailable')}
        </Text>
        {children && (
          <Text size="sm" c="dimmed" component="div">
            {children}
          </Text>
        )}
      </div>
    </div>
  );
}

/** The map's code failed to download or to run: the fallback, not an error page. */
class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
