/**
 * A stock count's report as a PDF (docs/stock-counts.md, "The report"): the cellar, the count's date and
 * moment, its state, then per location each wine's expected and counted bottles, difference and its
 * value, the totals, who counted and who finished. In the request's language, in the embedded Source
 * Sans 3 that the wine list PDF uses (so æ ø å print in every viewer).
 */
import { currency, type Locale, type StockCountLine, type StockCountSheet } from '@kork/shared';
import PDFDocument from 'pdfkit';
import { accountDisplayName } from '../accounts/account-lookup';
import { fontFile } from '../wine-lists/pdf/assets';
import { pdfFileName, readableFileName } from '../wine-lists/pdf/file-name';
import { stockCountSheet } from './stock-count-service';

const TEXT = {
  en: {
    title: 'Stock count',
    date: 'Date',
    asOf: 'Stock as of',
    status: 'Status',
    open: 'Open',
    applied: 'Finished — the inventory was set by this count',
    reportOnly: 'Finished — report only (a later count sets the inventory)',
    wine: 'Wine',
    expected: 'Expected',
    counted: 'Counted',
    difference: 'Difference',
    value: 'Value',
    total: 'Total',
    uncounted: 'not counted',
    extra: 'extra',
    counters: 'Counted by',
    finishedBy: 'Finished by',
    lines: 'lines',
    none: 'No lines',
    page: 'Page',
    note: 'Note',
    unknownLocation: 'Location no longer in the cellar',
  },
  nb: {
    title: 'Varetelling',
    date: 'Dato',
    asOf: 'Beholdning per',
    status: 'Status',
    open: 'Åpen',
    applied: 'Fullført — beholdningen ble satt av denne tellingen',
    reportOnly: 'Fullført — bare rapport (en senere telling setter beholdningen)',
    wine: 'Vin',
    expected: 'Forventet',
    counted: 'Telt',
    difference: 'Differanse',
    value: 'Verdi',
    total: 'Totalt',
    uncounted: 'ikke telt',
    extra: 'ekstra',
    counters: 'Telt av',
    finishedBy: 'Fullført av',
    lines: 'linjer',
    none: 'Ingen linjer',
    page: 'Side',
    note: 'Notat',
    unknownLocation: 'Plassering som ikke lenger finnes',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Money as the report prints it: `kr 1 290` (nb), `kr 1,290` (en); öre/cents only when there are any. */
export function reportMoney(minor: number, code: StockCountSheet['currency'], locale: Locale): string {
  const { symbol, minorUnits } = currency(code);
  const amount = minorUnits === 2 ? minor / 100 : minor;
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = new Intl.NumberFormat(locale === 'nb' ? 'nb-NO' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(Math.abs(amount))
    .replace(/[\u00a0\u202f]/g, ' ');
  return `${amount < 0 ? '−' : ''}${symbol} ${number}`;
}

function signed(n: number | undefined): string {
  if (n === undefined) return HIDDEN;
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** What a blind count's report shows for what was expected while it is open. */
const HIDDEN = '–';

/**
 * Bottles as counted, tenths of an open bottle included ("3.4", "3,4" in Norwegian), or a dash where a
 * blind count hides them.
 */
function bottles(n: number | undefined, locale: Locale): string {
  if (n === undefined) return HIDDEN;
  return locale === 'nb' ? String(n).replace('.', ',') : String(n);
}

function moment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'nb' ? 'nb-NO' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Oslo',
  }).format(new Date(iso));
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
/** Column right edges after the wine column (points from the left margin). */
const COLUMNS = { expected: 330, counted: 385, difference: 445, value: 515 };
/** The wine column's width: up to the expected column's figures. */
const WINE_WIDTH = COLUMNS.expected - 75;
/** A one-line row's height; a wrapped name adds its further lines. */
const ROW_HEIGHT = 13;

export async function stockCountPdf(
  ownerId: string,
  countId: string,
  locale: Locale,
): Promise<{ bytes: Uint8Array; fileName: string; readableName: string }> {
  const [count, name] = await Promise.all([
    stockCountSheet(ownerId, countId, locale),
    accountDisplayName(ownerId),
  ]);
  const t = TEXT[locale];
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    autoFirstPage: false,
    font: null,
    compress: true,
    bufferPages: true,
    lang: locale,
    info: { Title: `${t.title} ${count.date}`, Author: name, Creator: 'Kork', Producer: 'Kork' },
  } as unknown as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fontFile('sourceSans', 'regular'));
  doc.registerFont('bold', fontFile('sourceSans', 'bold'));
  doc.registerFont('italic', fontFile('sourceSans', 'italic'));

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const bottom = PAGE.height - PAGE.margin - 20;
  const money = (minor: number) => reportMoney(minor, count.currency, locale);
  let y = PAGE.margin;

  const newPage = () => {
    doc.addPage();
    y = PAGE.margin;
  };
  const ensure = (height: number, header?: () => void) => {
    if (y + height <= bottom) return;
    newPage();
    header?.();
  };
  const cell = (text: string, rightEdge: number, font = 'regular') => {
    doc.font(font).fontSize(9);
    const width = 70;
    doc.text(text, left + rightEdge - width, y, { width, align: 'right', lineBreak: false });
  };
  const tableHeader = () => {
    doc.font('bold').fontSize(9).fillColor('#555555');
    doc.text(t.wine, left, y, { width: 250, lineBreak: false });
    cell(t.expected, COLUMNS.expected, 'bold');
    cell(t.counted, COLUMNS.counted, 'bold');
    cell(t.difference, COLUMNS.difference, 'bold');
    cell(t.value, COLUMNS.value, 'bold');
    y += 14;
    doc
      .moveTo(left, y - 3)
      .lineTo(right, y - 3)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.fillColor('#000000');
  };

  newPage();
  doc
    .font('bold')
    .fontSize(18)
    .text(`${t.title}${count.name ? `: ${count.name}` : ''}`, left, y, { width: right - left });
  y = doc.y + 4;
  doc.font('regular').fontSize(11).text(name, left, y);
  y = doc.y + 8;
  const facts: [string, string][] = [
    [t.date, count.date],
    [t.asOf, moment(count.asOf, locale)],
    [t.status, count.status === 'open' ? t.open : count.outcome === 'reportOnly' ? t.reportOnly : t.applied],
  ];
  if (count.note) facts.push([t.note, count.note]);
  for (const [label, value] of facts) {
    doc.font('bold').fontSize(10).text(`${label}: `, left, y, { continued: true });
    doc.font('regular').text(value, { width: right - left });
    y = doc.y + 2;
  }
  y += 10;

  const byLocation = new Map<string, StockCountLine[]>();
  for (const line of count.lines)
    byLocation.set(line.locationId, [...(byLocation.get(line.locationId) ?? []), line]);
  const known = new Map(count.locations.map((l) => [l.id, l.path.join(' › ')]));
  const order = [
    ...count.locations.map((l) => l.id).filter((id) => byLocation.has(id)),
    ...[...byLocation.keys()].filter((id) => !known.has(id)),
  ];
  if (order.length === 0) {
    doc.font('italic').fontSize(10).text(t.none, left, y);
    y = doc.y + 10;
  }
  for (const locationId of order) {
    const lines = byLocation.get(locationId) ?? [];
    ensure(50);
    doc
      .font('bold')
      .fontSize(12)
      .text(known.get(locationId) ?? t.unknownLocation, left, y, { width: right - left });
    y = doc.y + 4;
    tableHeader();
    for (const line of lines) {
      const label = `${line.wineDisplayName}${line.extra ? ` (${t.extra})` : ''}`;
      // A long name wraps within its column: the row is as tall as its wrapped name, and a row that
      // does not fit on what is left of the page starts the next one whole.
      doc.font('regular').fontSize(9);
      const extraLines = doc.heightOfString(label, { width: WINE_WIDTH }) - doc.currentLineHeight(true);
      const rowHeight = ROW_HEIGHT + Math.max(0, extraLines);
      ensure(rowHeight, tableHeader);
      doc.font('regular').fontSize(9).text(label, left, y, { width: WINE_WIDTH });
      cell(bottles(line.expected, locale), COLUMNS.expected);
      if (line.counted === undefined) {
        doc.font('italic').fontSize(9).fillColor('#777777');
        doc.text(t.uncounted, left + COLUMNS.counted - 70, y, {
          width: 70,
          align: 'right',
          lineBreak: false,
        });
        doc.fillColor('#000000');
      } else {
        cell(bottles(line.counted, locale), COLUMNS.counted);
        cell(signed(line.difference), COLUMNS.difference);
        if (line.differenceValue !== undefined) cell(money(line.differenceValue), COLUMNS.value);
      }
      y += rowHeight;
    }
    y += 8;
  }

  const s = count.summary;
  ensure(90);
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).strokeColor('#333333').stroke();
  y += 6;
  doc.font('bold').fontSize(10).text(`${t.total} (${s.lines} ${t.lines})`, left, y, { lineBreak: false });
  cell(bottles(s.expectedBottles, locale), COLUMNS.expected, 'bold');
  cell(bottles(s.countedBottles, locale), COLUMNS.counted, 'bold');
  cell(signed(s.difference), COLUMNS.difference, 'bold');
  if (s.differenceValue !== undefined) cell(money(s.differenceValue), COLUMNS.value, 'bold');
  y += 16;
  doc
    .font('regular')
    .fontSize(9)
    .text(`${t.counted}: ${s.counted} · ${t.uncounted}: ${s.uncounted} · ${t.extra}: ${s.extra}`, left, y);
  y = doc.y + 10;
  if (count.counters.length > 0) {
    doc.font('bold').fontSize(10).text(`${t.counters}: `, left, y, { continued: true });
    doc.font('regular').text(count.counters.map((c) => c.name).join(', '), { width: right - left });
    y = doc.y + 2;
  }
  if (count.finishedAt) {
    doc.font('bold').fontSize(10).text(`${t.finishedBy}: `, left, y, { continued: true });
    doc
      .font('regular')
      .text(`${count.finishedByName ?? ''}, ${moment(count.finishedAt, locale)}`, { width: right - left });
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor('#777777');
    doc.text(`${t.page} ${i + 1} / ${range.count}`, left, PAGE.height - PAGE.margin, {
      width: right - left,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  const bytes = await done;
  const title = `${t.title} ${count.name ?? ''} ${count.date}`;
  return { bytes, fileName: pdfFileName(title), readableName: `${readableFileName(title)}.pdf` };
}
