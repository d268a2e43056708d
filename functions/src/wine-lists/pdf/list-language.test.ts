/**
 * A printed list speaks its own language: its fixed texts, prices and the catalogue's words follow the
 * list's language setting, not the language of whoever downloads it.
 */
import type { WineListDetail } from '@kork/shared';
import { entryOf } from '@kork/shared/wine-list-layout/compose';
import { cellarWine, layoutWith } from '@kork/shared/wine-list-layout/test-fixtures';
import { describe, expect, it } from 'vitest';
import { listLanguageOf, originOf } from '../wine-list-store';
import { pageLines, readPdf } from './pdf-text';
import { pdfOfDetail } from './wine-list-pdf';

const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never;

/** A list with a wine of a category and one of none, its entries made in `language` as the reads make them. */
function detailIn(language: 'nb' | 'en'): WineListDetail {
  const champagne = cellarWine({
    id: 'w1',
    wineListCategoryId: 'bubbles',
    country: 'Frankrike',
    region: 'Champagne',
  });
  const burgundy = cellarWine({
    id: 'w2',
    wineName: 'Bourgogne Rouge',
    country: 'Frankrike',
    region: 'Burgund',
  });
  const entry = (wine: typeof champagne) =>
    entryOf(wine, {
      locale: language,
      defaultGlassSize: 12,
      visibleCategoryIds: new Set(['bubbles']),
      lowStockThreshold: 1,
      origin: originOf(wine, language),
    });
  return {
    id: 'l1',
    ownerId: 'o1',
    name: 'Vinkart',
    isPublic: false,
    wines: [{ ownWineId: 'w1' }, { ownWineId: 'w2' }],
    layout: layoutWith({ language }),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    currency: 'NOK',
    publicUrl: 'http://localhost/lists/l1',
    sections: [{ id: 'bubbles', name: 'Musserende', level: 0 }],
    entries: [entry(champagne), entry(burgundy)],
    gone: [],
  };
}

async function printedLines(detail: WineListDetail, reader: 'nb' | 'en'): Promise<string> {
  const bytes = await pdfOfDetail(detail, { locale: reader, staff: false, log, author: 'Fjord Bistro' });
  const pdf = await readPdf(bytes);
  return pdf.pages.flatMap(pageLines).join('\n');
}

describe('the language a list prints in', () => {
  it('is the list’s own: a Norwegian list prints Norwegian headings for a reader of English', async () => {
    const text = await printedLines(detailIn('nb'), 'en');
    expect(text).toContain('ANDRE VINER');
    expect(text).toContain('Side 1 av 1');
    expect(text).toContain('Champagne, Frankrike');
    expect(text).toContain('Burgund, Frankrike');
    expect(text).not.toMatch(/Other wines|Page 1 of 1|France|Burgundy/i);
  });

  it('and an English list prints English ones for a reader of Norwegian', async () => {
    const text = await printedLines(detailIn('en'), 'nb');
    expect(text).toContain('OTHER WINES');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Champagne, France');
    expect(text).toContain('Burgundy, France');
    expect(text).not.toMatch(/Andre viner|Frankrike|Burgund,/);
  });

  it('falls back to the reader’s for a list from before lists had a language', () => {
    expect(listLanguageOf({ layout: layoutWith({ language: 'nb' }) }, 'en')).toBe('nb');
    expect(listLanguageOf({ layout: layoutWith() }, 'en')).toBe('en');
    expect(originOf({ country: 'Italia', region: 'Toscana' }, 'en')).toBe('Tuscany, Italy');
    expect(originOf({ country: 'Italia' }, 'nb')).toBe('Italia');
    expect(originOf({}, 'en')).toBeUndefined();
  });
});
