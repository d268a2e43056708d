import * as z from 'zod/mini';
import { textField } from './schema-primitives';

/** Bounds of an address search: what one person types into the search box. */
export const GEOCODE_LIMITS = {
  queryMin: 2,
  queryMax: 120,
  resultsMax: 5,
} as const;

/** `GET /api/geocode?q=…`: an address, a place or a Norwegian postal code ("0150", "Torggata 5, Oslo"). */
export const GeocodeQuery = z.object({
  q: textField(GEOCODE_LIMITS.queryMax, { min: GEOCODE_LIMITS.queryMin }),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;

/** One place an address search found. */
export interface GeocodePlace {
  /** How the place reads ("0150 Oslo", "Torggata 5, 0181 Oslo, Norway"). */
  label: string;
  lat: number;
  lng: number;
  /**
   * The point stands for an area (a postal code's or a town's middle), not the address itself: the
   * person is asked to move the pin onto the door.
   */
  approximate: boolean;
}

/** What `GET /api/geocode` answers: the places found, best first (none is not an error). */
export interface GeocodeAnswer {
  places: GeocodePlace[];
  /** Who answered: `gazetteer` is the local stand-in's small list of Norwegian places. */
  source: 'gazetteer' | 'amazon-location';
}

/** The map's tiles, from the deployment's configuration (`GET /api/config`). */
export interface MapConfig {
  /** A Leaflet tile address template with `{z}`, `{x}` and `{y}` (and optionally `{s}`). */
  tileUrl: string;
  /** Who the tiles are from, shown in the map's corner (plain text). */
  attribution: string;
  maxZoom: number;
}

/** The fewest and most zoom levels a map may be configured with. */
export const MAP_ZOOM_BOUNDS = { min: 1, max: 22 } as const;

/** Whether a tile template is one the map can use: https (or a path on the app's own origin) with {z}, {x}, {y}. */
export function isTileTemplate(value: string): boolean {
  if (!/\{z\}/.test(value) || !/\{x\}/.test(value) || !/\{y\}/.test(value)) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  return /^https:\/\/[^/\s]+\//.test(value);
}

/** The map settings from the environment's values, or null when no usable tile address is set. */
export function mapConfigOf(values: {
  tileUrl?: string;
  attribution?: string;
  maxZoom?: string;
}): MapConfig | null {
  const tileUrl = values.tileUrl?.trim() ?? '';
  if (!isTileTemplate(tileUrl)) return null;
  const zoom = Number(values.maxZoom);
  return {
    tileUrl,
    attribution: (values.attribution ?? '').trim().slice(0, 300),
    maxZoom: Number.isInteger(zoom) && zoom >= MAP_ZOOM_BOUNDS.min && zoom <= MAP_ZOOM_BOUNDS.max ? zoom : 18,
  };
}
