/**
 * The local geocoder finds Norwegian postal codes and places from its small gazetteer, and the local
 * origin's stand-in tiles are real PNG images.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEV_TILE_TEMPLATE, devTile, encodePng, tileOf } from './dev-tiles';
import { createLocalGeocoder, fold } from './geocoder-local';

const geocoder = createLocalGeocoder();
const search = (text: string) => geocoder.search({ text, locale: 'nb', limit: 5 });

describe('local geocoder', () => {
  it('finds a postal code, in an address too, near where it is', async () => {
    const [oslo] = await search('0150');
    expect(oslo?.label).toBe('0150 Oslo');
    expect(oslo?.lat).toBeCloseTo(59.91, 1);
    expect(oslo?.lng).toBeCloseTo(10.75, 1);
    expect(oslo?.approximate).toBe(true);
    const [bergen] = await search('Bryggen 1, 5003 Bergen');
    expect(bergen?.label).toBe('5003 Bergen');
    expect(bergen?.lat).toBeCloseTo(60.39, 1);
  });

  it('places a postal code it does not list in the area of its first digits', async () => {
    const [place] = await search('7044');
    expect(place?.label).toBe('7044 Trondheim');
    expect(place?.lat).toBeCloseTo(63.43, 1);
  });

  it('finds places by name, with or without the Norwegian letters', async () => {
    expect((await search('Tromsø'))[0]?.label).toBe('Tromsø');
    expect((await search('grunerlokka'))[0]?.label).toBe('Grünerløkka');
    expect((await search('Aker Brygge, Oslo'))[0]?.label).toBe('Aker Brygge');
    expect((await search('krist')).map((p) => p.label)).toEqual(['Kristiansand', 'Kristiansund']);
  });

  it('answers nothing for what it does not know', async () => {
    expect(await search('Atlantis')).toEqual([]);
    expect(fold('Ærlig Østre Å')).toBe('aerlig ostre a');
  });
});

describe('stand-in tiles', () => {
  it('reads tile coordinates from the path and refuses tiles off the world', () => {
    expect(DEV_TILE_TEMPLATE).toBe('/_dev/tiles/{z}/{x}/{y}.png');
    expect(tileOf('/_dev/tiles/3/4/2.png')).toEqual({ z: 3, x: 4, y: 2 });
    expect(tileOf('/_dev/tiles/3/8/2.png')).toBeUndefined();
    expect(tileOf('/_dev/tiles/19/0/0.png')).toBeUndefined();
    expect(tileOf('/_dev/tiles/a/b/c.png')).toBeUndefined();
  });

  it('is a 256-pixel PNG whose pixels are the grid and the fill', () => {
    const png = devTile({ z: 1, x: 0, y: 0 });
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256);
    expect(png.readUInt32BE(20)).toBe(256);
    // One row of 2×2: filter byte then RGB; the IDAT chunk's data inflates back to it.
    const tiny = encodePng(2, (x) => (x === 0 ? [255, 0, 0] : [0, 0, 255]));
    const idat = tiny.indexOf('IDAT');
    const length = tiny.readUInt32BE(idat - 4);
    const rows = inflateSync(tiny.subarray(idat + 4, idat + 4 + length));
    expect([...rows.subarray(0, 7)]).toEqual([0, 255, 0, 0, 0, 0, 255]);
    expect(devTile({ z: 1, x: 1, y: 0 }).equals(png)).toBe(false);
  });
});
