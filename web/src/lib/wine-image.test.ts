import { describe, expect, it } from 'vitest';
import { retailerImageUrl, wineImageCandidates } from './wine-image';

describe("a wine's picture", () => {
  it("builds Vinmonopolet's product picture from the product number", () => {
    expect(retailerImageUrl('1101')).toBe('https://bilder.vinmonopolet.no/cache/515x515-0/1101-1.jpg');
    expect(retailerImageUrl(' 12584901 ')).toBe(
      'https://bilder.vinmonopolet.no/cache/515x515-0/12584901-1.jpg',
    );
    for (const bad of [undefined, null, '', 'abc', '12/../34', '1101?x=1']) {
      expect(retailerImageUrl(bad), String(bad)).toBeUndefined();
    }
  });

  it('asks the image service for the retailer picture first and the drawn bottle for its style last', () => {
    const [first, last] = wineImageCandidates(
      { vinmonopoletNumber: '1101', mainCategoryId: 'sparkling' },
      200,
    );
    expect(first?.src).toBe(
      `/img?url=${encodeURIComponent('https://bilder.vinmonopolet.no/cache/515x515-0/1101-1.jpg')}&w=256`,
    );
    expect(first?.srcSet).toContain('&w=640 2x');
    expect(last?.src).toBe('/img?w=256&style=sparkling');
  });

  it("prefers the wine's own picture, and draws the bottle at once for a wine with neither", () => {
    const own = wineImageCandidates({ imageUrl: '/wines/w1.jpg', vinmonopoletNumber: '1101' }, 40);
    expect(own[0]?.src).toBe(`/img?url=${encodeURIComponent('/wines/w1.jpg')}&w=48`);
    expect(wineImageCandidates({ mainCategoryId: 'white' }, 40)).toEqual([
      { src: '/img?w=48&style=white', srcSet: '/img?w=48&style=white 1x, /img?w=96&style=white 2x' },
    ]);
  });
});
