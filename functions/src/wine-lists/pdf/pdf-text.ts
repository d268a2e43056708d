/**
 * Reading a PDF back (tests and the bench): each page's size and its text items with their baselines,
 * through pdfjs-dist, and the document's metadata.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfTextItem {
  text: string;
  /** Left edge and baseline in points from the page's top-left corner (the layout's coordinates). */
  x: number;
  baseline: number;
  width: number;
  /** The font size in points (the text's vertical scale). */
  size: number;
  fontName: string;
}

export interface PdfPageText {
  width: number;
  height: number;
  items: PdfTextItem[];
}

export interface ReadPdf {
  pages: PdfPageText[];
  info: Record<string, unknown>;
  /** Link annotations' addresses, per page. */
  links: string[][];
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: PdfPageText[] = [];
    const links: string[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        items.push({
          text: item.str,
          x: item.transform[4] as number,
          baseline: height - (item.transform[5] as number),
          width: item.width,
          size: Math.hypot(item.transform[2] as number, item.transform[3] as number),
          fontName: item.fontName,
        });
      }
      pages.push({ width, height, items });
      const annotations = (await page.getAnnotations()) as { subtype: string; url?: string }[];
      links.push(annotations.filter((a) => a.subtype === 'Link' && a.url).map((a) => a.url as string));
    }
    const metadata = await pdf.getMetadata();
    return { pages, info: metadata.info as Record<string, unknown>, links };
  } finally {
    await task.destroy();
  }
}

/** The lines of a page as pdfjs reads them, top to bottom, left to right within a baseline. */
export function pageLines(page: PdfPageText): string[] {
  const rows = new Map<number, PdfTextItem[]>();
  for (const item of page.items) {
    const key = Math.round(item.baseline * 10) / 10;
    rows.set(key, [...(rows.get(key) ?? []), item]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, items]) =>
      items
        .sort((a, b) => a.x - b.x)
        .map((i) => i.text)
        .join(' '),
    );
}
