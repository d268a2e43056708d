/**
 * A stock count's report as a PDF through its route, read back with pdfjs: a wine whose name wraps
 * prints whole, on lines of its own, and the next row starts below it; rows that no longer fit on a page
 * move whole to the next one. No two texts of a page overprint each other.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { createOwnWines } from '@kork/functions/cellar/wines/cellar-wine-adds';
import { type PdfPageText, readPdf } from '@kork/functions/wine-lists/pdf/pdf-text';
import {
  type CellarLocation,
  CellarWineInput,
  type StockCount,
  type StockCountEntriesResult,
  type StockCountSheet,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant'],
  timeout: 120_000,
});
const { tokens, userIds: ids } = accounts;
const R = 'restaurant';

/** A name of 200 characters (the most a wine's name may have): three or four lines in the wine column. */
const LONG_NAME =
  'Grand Vin de Bordeaux Premier Cru Classé Réserve Spéciale du Propriétaire Cuvée Ancienne des Vieilles Vignes Plantées sur les Coteaux Graveleux au Bord de la Garonne Élevé Vingt-Quatre Mois en Fût Neuf'.slice(
    0,
    200,
  );

const base = () => accounts.base(R);

async function location(name: string): Promise<CellarLocation> {
  const answer = await origin.api<CellarLocation>('POST', `${base()}/locations`, {
    token: tokens[R],
    json: { name },
  });
  expect(answer.status).toBe(201);
  return answer.payload;
}

/** A count of one location with every wine counted one bottle short; its sheet and its PDF's pages. */
async function countAndPrint(
  locationId: string,
  language: 'nb' | 'en',
): Promise<{ sheet: StockCountSheet; pages: PdfPageText[]; disposition: string | null }> {
  const created = await origin.api<StockCount>('POST', `${base()}/stock-counts`, {
    token: tokens[R],
    json: { name: 'Kjeller', locationIds: [locationId] },
  });
  expect(created.status).toBe(201);
  const counts = `${base()}/stock-counts/${created.payload.id}`;
  const first = await origin.api<StockCountSheet>('GET', counts, { token: tokens[R] });
  expect(first.status).toBe(200);
  const lines = first.payload.lines;
  for (let at = 0; at < lines.length; at += 90) {
    const entries = lines.slice(at, at + 90).map((l) => ({
      ownWineId: l.ownWineId,
      locationId: l.locationId,
      counted: Math.max(0, (l.expected ?? 0) - 1),
    }));
    const put = await origin.api<StockCountEntriesResult>('PUT', `${counts}/entries`, {
      token: tokens[R],
      json: { entries },
    });
    expect(put.status).toBe(200);
  }
  const sheet = (await origin.api<StockCountSheet>('GET', counts, { token: tokens[R] })).payload;
  const res = await fetch(`${origin.base}${counts}/pdf`, {
    headers: {
      'x-api-key': 'kork-local-web',
      authorization: `Bearer ${tokens[R]}`,
      'accept-language': language,
    },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const read = await readPdf(Buffer.from(await res.arrayBuffer()));
  return { sheet, pages: read.pages, disposition: res.headers.get('content-disposition') };
}

/** The box a text item covers: from its ascender down to its descender, over its width. */
const box = (item: PdfPageText['items'][number]) => ({
  text: item.text,
  left: item.x,
  right: item.x + item.width,
  top: item.baseline - item.size * 0.75,
  bottom: item.baseline + item.size * 0.2,
});

/** Pairs of texts on the page that overprint each other (more than half a point both ways). */
function overprints(page: PdfPageText): string[] {
  const boxes = page.items.filter((item) => item.text.trim() !== '').map(box);
  const found: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (across > 0.5 && down > 0.5) found.push(`"${a.text}" × "${b.text}"`);
    }
  });
  return found;
}

const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** The wine column's texts of a page (left of the expected column), top to bottom, joined. */
function wineColumn(page: PdfPageText): string {
  return spaced(
    page.items
      .filter((item) => item.x < 40 + 250 && item.size < 10)
      .sort((a, b) => a.baseline - b.baseline || a.x - b.x)
      .map((item) => item.text)
      .join(' '),
  );
}

describe('the stock count report', () => {
  it('prints a long wine name whole on lines of its own: the next row starts below it', async () => {
    const shelf = await location('Reol med lange navn');
    const owner = ids[R] as string;
    const principal = { userId: owner, role: 'user' as const };
    await createOwnWines(
      owner,
      ['Aaa Kort', LONG_NAME, 'Zzz Etter'].map((wineName, i) =>
        CellarWineInput.parse({
          source: 'CUSTOM',
          wineName,
          bottleSize: 0.75,
          quantity: 3 + i,
          locationId: shelf.id,
          purchasePriceWovat: 10_000,
        }),
      ),
      principal,
      { bulk: true },
    );
    for (const language of ['nb', 'en'] as const) {
      const { sheet, pages, disposition } = await countAndPrint(shelf.id, language);
      expect(sheet.lines).toHaveLength(3);
      const title = language === 'nb' ? 'Varetelling' : 'Stock count';
      expect(disposition).toBe(
        `attachment; filename="${title.toLowerCase().replace(' ', '-')}-kjeller-${sheet.date}.pdf"; filename*=UTF-8''${encodeURIComponent(`${title} Kjeller ${sheet.date}.pdf`)}`,
      );
      expect(pages).toHaveLength(1);
      const page = pages[0] as PdfPageText;
      expect(overprints(page)).toEqual([]);
      // The long name is printed in full, over several lines, and the wine after it follows it.
      const long = sheet.lines.find((l) => l.wineDisplayName.includes('Garonne'));
      const column = wineColumn(page);
      expect(column).toContain(spaced(long?.wineDisplayName ?? 'missing'));
      const lines = page.items.filter(
        (item) => item.x < 45 && item.size < 10 && /Vin|Graveleux|Garonne/.test(item.text),
      );
      expect(new Set(lines.map((item) => Math.round(item.baseline))).size).toBeGreaterThan(1);
      const after = page.items.find((item) => item.text.includes('Zzz Etter'));
      const lastLongLine = Math.max(...lines.map((item) => item.baseline));
      expect(after?.baseline).toBeGreaterThan(lastLongLine + 9);
    }
  });

  it('moves a wrapped row that no longer fits to the next page whole, above the page number', async () => {
    const shelf = await location('Reol full av lange navn');
    const owner = ids[R] as string;
    const principal = { userId: owner, role: 'user' as const };
    const wines = await createOwnWines(
      owner,
      Array.from({ length: 70 }, (_, i) =>
        CellarWineInput.parse({
          source: 'CUSTOM',
          wineName: `${String(i + 1).padStart(2, '0')} ${LONG_NAME}`.slice(0, 200),
          bottleSize: 0.75,
          quantity: 2,
          locationId: shelf.id,
          purchasePriceWovat: 10_000,
        }),
      ),
      principal,
      { bulk: true },
    );
    expect(wines).toHaveLength(70);
    const { sheet, pages } = await countAndPrint(shelf.id, 'nb');
    expect(sheet.lines).toHaveLength(70);
    expect(pages.length).toBeGreaterThan(2);
    const printed: string[] = [];
    pages.forEach((page, n) => {
      expect(overprints(page), `page ${n + 1}`).toEqual([]);
      // Every text but the page number stays above the footer.
      const footer = page.items.find((item) => /^Side \d+ \/ \d+$/.test(item.text.trim()));
      expect(footer, `page ${n + 1}`).toBeDefined();
      for (const item of page.items) {
        if (item !== footer && item.text.trim() !== '')
          expect(item.baseline, item.text).toBeLessThan((footer?.baseline ?? 0) - 10);
      }
      printed.push(wineColumn(page));
    });
    // Each name is whole on one page: none is split across a page break.
    for (const line of sheet.lines) {
      const name = spaced(line.wineDisplayName);
      expect(
        printed.filter((column) => column.includes(name)),
        name.slice(0, 12),
      ).toHaveLength(1);
    }
  }, 60_000);
});
