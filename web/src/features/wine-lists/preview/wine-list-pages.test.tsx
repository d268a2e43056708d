import type { LaidOutList, TextBlock } from '@kork/shared/wine-list-layout';
import { WINE_LIST_FONT_FILES } from '@kork/shared/wine-list-layout';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { FONT_URLS } from './font-urls';
import { WineListPages } from './wine-list-pages';

const face = { family: 'garamond', weight: 'regular', style: 'normal' } as const;

function text(overrides: Partial<TextBlock>): TextBlock {
  return {
    kind: 'text',
    role: 'wineName',
    text: 'Barolo Cannubi',
    face,
    size: 10,
    x: 50,
    width: 300,
    baseline: 100,
    align: 'left',
    color: '#222222',
    ...overrides,
  };
}

const LIST: LaidOutList = {
  width: 420,
  height: 595,
  pages: [
    {
      number: 1,
      blocks: [
        text({
          role: 'title',
          text: 'Vinkart',
          align: 'center',
          face: { ...face, weight: 'bold' },
          size: 20,
        }),
        text({}),
        text({ role: 'price', text: '1 290', align: 'right', x: 300, width: 70 }),
        { kind: 'stars', count: 3, x: 300, width: 70, baseline: 120, size: 8, color: '#222222' },
        { kind: 'rule', x: 50, y: 140, width: 320, thickness: 0.5, color: '#999999' },
        { kind: 'qr', url: 'https://kork.example/wine-list/l1', x: 320, y: 20, size: 60 },
      ],
    },
    { number: 2, blocks: [text({ text: 'Chablis', face: { ...face, style: 'italic' } })] },
    { number: 3, blocks: [text({ role: 'pageNumber', text: 'Side 3 av 3', align: 'center' })] },
  ],
};

describe('the wine list preview pages', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('draws every page as an SVG of the paper size', () => {
    renderWithProviders(<WineListPages list={LIST} />);
    const pages = screen.getAllByRole('img', { name: /^Page \d of 3$/ });
    expect(pages).toHaveLength(3);
    expect(pages[0]?.getAttribute('viewBox')).toBe('0 0 420 595');
  });

  it('anchors right-aligned prices at their end and centred lines at their middle', () => {
    const { container } = renderWithProviders(<WineListPages list={LIST} />);
    const price = container.querySelector('text[data-role="price"]');
    expect(price?.getAttribute('text-anchor')).toBe('end');
    expect(price?.getAttribute('x')).toBe('370');
    expect(price?.getAttribute('y')).toBe('100');
    const title = container.querySelector('text[data-role="title"]');
    expect(title?.getAttribute('text-anchor')).toBe('middle');
    expect(title?.getAttribute('x')).toBe('200');
    expect(title?.getAttribute('font-weight')).toBe('600');
    const name = container.querySelector('text[data-role="wineName"]');
    expect(name?.getAttribute('text-anchor')).toBe('start');
    expect(name?.getAttribute('font-family')).toContain('kork-list-garamond');
  });

  it('draws stars as polygons, the rule as a line and the QR code as squares', () => {
    const { container } = renderWithProviders(<WineListPages list={LIST} />);
    const stars = container.querySelectorAll('[data-block="stars"] polygon');
    expect(stars).toHaveLength(5);
    expect([...stars].filter((star) => star.getAttribute('fill') !== 'none')).toHaveLength(3);
    expect(container.querySelectorAll('line')).toHaveLength(1);
    expect(container.querySelectorAll('[data-block="qr"] rect').length).toBeGreaterThan(20);
  });
});

describe('the preview fonts', () => {
  it('are the files the PDF embeds', () => {
    for (const [family, faces] of Object.entries(WINE_LIST_FONT_FILES)) {
      for (const [key, file] of Object.entries(faces)) {
        const url = FONT_URLS[family as keyof typeof FONT_URLS][key as 'regular'];
        expect(url.endsWith(file.split('/').pop() as string)).toBe(true);
      }
    }
  });
});
