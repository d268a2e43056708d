/**
 * The local origin's map tiles (`/_dev/tiles/{z}/{x}/{y}.png`): a stand-in for a tile service, not a map.
 * Each tile is a plain square in a soft colour with a grid and a darker edge, drawn here and written as a
 * PNG with Node's own zlib, so `npm start` shows where a map goes (and its pin) without reaching any
 * tile service. The cloud's tiles come from the deployment's configuration (`mapTileUrl`).
 */
import { crc32, deflateSync } from 'node:zlib';

export const DEV_TILE_PATH = '/_dev/tiles';
/** What the web is told to fetch locally (Leaflet fills in the numbers). */
export const DEV_TILE_TEMPLATE = `${DEV_TILE_PATH}/{z}/{x}/{y}.png`;
export const DEV_TILE_ATTRIBUTION = 'Local stand-in tiles (no map data)';
export const DEV_TILE_MAX_ZOOM = 18;

const SIZE = 256;
const GRID = 32;

type Rgb = readonly [number, number, number];

/** Two soft colours in a checker pattern, so panning shows tiles moving. */
const FILL: readonly Rgb[] = [
  [236, 232, 222],
  [226, 232, 220],
];
const GRID_LINE: Rgb = [210, 204, 192];
const EDGE: Rgb = [170, 160, 146];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `size`×`size` pixels, each coloured by `pixel(x, y)`. */
export function encodePng(size: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression, filter and interlace: 0
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const start = y * (size * 3 + 1);
    rows[start] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x, y);
      const at = start + 1 + x * 3;
      rows[at] = r;
      rows[at + 1] = g;
      rows[at + 2] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The tile's coordinates from its path, or undefined when the path is none (or off the world at z). */
export function tileOf(pathname: string): { z: number; x: number; y: number } | undefined {
  const match = /^\/_dev\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/.exec(pathname);
  if (!match) return undefined;
  const [z, x, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (z > DEV_TILE_MAX_ZOOM || x >= 2 ** z || y >= 2 ** z) return undefined;
  return { z, x, y };
}

const cache = new Map<number, Buffer>();

/** The tile at (z, x, y): one of two fills by the checker's parity (both drawn once and kept). */
export function devTile(tile: { z: number; x: number; y: number }): Buffer {
  const parity = (tile.x + tile.y) % 2;
  let png = cache.get(parity);
  if (!png) {
    const fill = FILL[parity] as Rgb;
    png = encodePng(SIZE, (x, y) => {
      if (x === 0 || y === 0) return EDGE;
      if (x % GRID === 0 || y % GRID === 0) return GRID_LINE;
      return fill;
    });
    cache.set(parity, png);
  }
  return png;
}
