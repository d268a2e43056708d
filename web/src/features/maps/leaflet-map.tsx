/**
 * The map itself: Leaflet with the configured raster tiles and one pin. This module (and Leaflet with
 * it) is loaded only when a map is shown (map-frame.tsx), never with the app's first code.
 */
import type { MapConfig } from '@kork/shared';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { LatLng } from './directions';
import classes from './map.module.css';

export interface LeafletMapProps {
  config: MapConfig;
  /** Where the map looks first when there is no pin. */
  center: LatLng;
  zoom: number;
  pin?: LatLng;
  /** The pin's accessible name and tooltip. */
  pinLabel: string;
  /** Given: a click on the map places the pin there, and the pin can be dragged. */
  onPick?: (position: LatLng) => void;
  /** Changes when the map should look at the pin again (a search moved it, say). */
  focusKey?: number;
  /** The tiles did not load: the frame shows the text instead. */
  onFail: () => void;
  /** The first tile was drawn. */
  onTiles?: () => void;
}

/** How long the first tile may take before the map is given up on (a tile service that never answers). */
const FIRST_TILE_TIMEOUT_MS = 12_000;

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="42" viewBox="0 0 32 42" aria-hidden="true">' +
  '<path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#8b1e3f" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>';

function pinIcon(): L.DivIcon {
  return L.divIcon({
    html: PIN_SVG,
    className: classes.pin,
    iconSize: [32, 42],
    iconAnchor: [16, 41],
  });
}

export default function LeafletMap({
  config,
  center,
  zoom,
  pin,
  pinLabel,
  onPick,
  focusKey,
  onFail,
  onTiles,
}: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map>(undefined);
  const markerRef = useRef<L.Marker>(undefined);
  // The latest callbacks, for Leaflet's listeners set up once.
  const handlers = useRef({ onPick, onFail, onTiles });
  handlers.current = { onPick, onFail, onTiles };
  const picking = Boolean(onPick);

  // The map and its tiles, once per container.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view and pin follow in the effects below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      center: pin ?? center,
      zoom: pin ? zoom : Math.min(zoom, 5),
      maxZoom: config.maxZoom,
      // The page scrolls over the map on a phone; two fingers (or the buttons) zoom it.
      scrollWheelZoom: false,
      attributionControl: true,
    });
    map.attributionControl.setPrefix(false);
    let loaded = false;
    let failed = false;
    const fail = () => {
      if (loaded || failed) return;
      failed = true;
      handlers.current.onFail();
    };
    const timer = window.setTimeout(fail, FIRST_TILE_TIMEOUT_MS);
    L.tileLayer(config.tileUrl, {
      maxZoom: config.maxZoom,
      attribution: escapeText(config.attribution),
      crossOrigin: false,
    })
      .on('tileload', () => {
        if (loaded) return;
        loaded = true;
        window.clearTimeout(timer);
        element.dataset.tiles = 'loaded';
        handlers.current.onTiles?.();
      })
      // Until one tile has loaded, a tile that fails means the tiles cannot be had.
      .on('tileerror', fail)
      .addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => handlers.current.onPick?.(event.latlng));
    mapRef.current = map;
    return () => {
      window.clearTimeout(timer);
      map.remove();
      mapRef.current = undefined;
      markerRef.current = undefined;
    };
  }, [config.tileUrl, config.maxZoom, config.attribution]);

  // The pin: placed, moved or taken away as the values change.
  const pinLat = pin?.lat;
  const pinLng = pin?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    let marker = markerRef.current;
    const at = pinLat !== undefined && pinLng !== undefined ? L.latLng(pinLat, pinLng) : undefined;
    if (!at) {
      marker?.remove();
      markerRef.current = undefined;
      return;
    }
    if (!marker) {
      marker = L.marker(at, {
        icon: pinIcon(),
        draggable: picking,
        autoPan: true,
        keyboard: true,
        title: pinLabel,
        alt: pinLabel,
      }).addTo(map);
      marker.on('dragend', () => {
        const at = markerRef.current?.getLatLng();
        if (at) handlers.current.onPick?.({ lat: at.lat, lng: at.lng });
      });
      markerRef.current = marker;
    } else {
      marker.setLatLng(at);
    }
    marker.getElement()?.setAttribute('aria-label', pinLabel);
  }, [pinLat, pinLng, pinLabel, picking]);

  // Looks at the pin again when asked (a search placed it), close enough to see the street.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new focus key moves the view.
  useEffect(() => {
    if (!focusKey || !pin) return;
    mapRef.current?.setView(pin, Math.max(zoom, 14));
  }, [focusKey]);

  return <div ref={container} className={classes.map} data-testid="leaflet-map" />;
}

/** The attribution is configuration text: shown as text, never as markup. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
