/**
 * Wine lines out of any text by rules alone (an importer's e-mail, a copied web shop page, a restaurant's
 * wine list, OCR of a photo), in Norwegian and English. Each text line is read for a vintage, a bottle
 * size, a quantity, a price and a Vinmonopolet number; what is left is the wine's name. A name on one line
 * and its details on the next ("Chablis Premier Cru" / "6 x 75 cl  kr 349,90") are one wine.
 *
 * It reads only what the text says: a producer is split from the name only where the text marks it
 * ("Producer - Wine", "Wine, Domaine X", "Produsent: X"), never guessed. Greetings, signatures,
 * addresses, totals and prices alone are passed over; a line that looks like a wine (a vintage, size or
 * price beside words) but whose name cannot be made out is answered in `unread`. Headings such as
 * "Rødvin" or "White wines" give the wines under them their category. Money is minor units of the
 * amount as written, whatever currency it is in.
 */
import { foldText, IMPORT_LIMITS, type MainCategory, type ParsedWineLine } from '@kork/shared';
import type { ExtractedWines } from '../../adapters/model';
import { parseBottleSize, parseMoneyMinor, parseQuantity, parseVintage } from '../read/values';

/** Category phrases (folded) a heading or a descriptor line starts with. */
const CATEGORY_PHRASES: [RegExp, MainCategory][] = [
  [/^(rodvin(er)?|rode viner|red( wines?)?|reds|vino rosso)\b/, 'red'],
  [/^(hvitvin(er)?|hvite viner|white( wines?)?|whites)\b/, 'white'],
  [/^(rosevin(er)?|rose( wines?)?)\b/, 'rose'],
  [/^(musserende( vin(er)?)?|sparkling( wines?)?|bobler|champagne)\b/, 'sparkling'],
  [/^(oransjevin(er)?|oransje viner|orange( wines?)?)\b/, 'orange'],
  [/^(dessertvin(er)?|sotvin(er)?|dessert( wines?)?|sweet wines?)\b/, 'dessert'],
  [/^(sterkvin(er)?|hetvin(er)?|fortified( wines?)?|portvin|port)\b/, 'fortified'],
];

/** Lines that are never wine (folded). */
const NOISE: RegExp[] = [
  /^(hei|hallo|hi|hello|dear|kjaere|god (morgen|dag|kveld)|mvh|med vennlig hilsen|vennlig hilsen|hilsen|best regards|kind regards|regards|thanks|thank you|takk|cheers|sendt fra|sent from)\b/,
  /^(fra|from|til|to|emne|subject|dato|date|sendt|sent|cc|kopi|re|fwd?|vs)\s*:/,
  /[\w.+-]+@[\w-]+\.[\w.]{2,}|www\.|https?:/,
  /\b(tlf|tel|telefon|phone|mobil|mob|org\.? ?nr|orgnr|kontonr|iban|swift|bic)\b/,
  /\b(totalt?|sum|subtotal|delsum|frakt|shipping|mva|vat|rabatt|discount|faktura|invoice|kundenr|betaling|payment|forfall|kort|card|gebyr|fee)\b/,
  /\b(legg i (handle)?kurv|add to (basket|cart)|kjop na|buy now|in stock|pa lager|out of stock|utsolgt|free delivery|gratis frakt|les mer|read more|vis mer|show more|results|resultater|showing|sorter|sort by|filter)\b/,
  />.*>/,
];

/** Headings that say the text is a wine list (its prices are selling prices). */
const MENU_HEADINGS =
  /^(meny|menu|vinkart|wine list|wine menu|drikkekart|vinliste|drikkemeny|vin pa glass|by the glass|glass\s*(\/|og|and)?\s*(flaske|bottle))$/;

/** Words that mark a producer (folded), at the start of a part or at its end. */
const PRODUCER_START =
  /^(domaine|dom\.|chateau|weingut|bodegas?|cantina|cantine|tenuta|maison|castello|quinta|azienda|fattoria|marchesi|poderi|podere|famille|herdade|vina|celler|cave|caves|weinhaus|schloss)\b/;
const PRODUCER_END = /\b(winery|estate|vineyards?|wines|cellars|weingut|vignerons)$/;

/** A money amount: "1 299,90", "1.299", "289,90", "24.50", "289". */
const AMOUNT = String.raw`\d{1,3}(?:[ \u00a0.]\d{3}(?!\d))+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const CURRENCY = String.raw`(?:\bkr\.?|\bnok\b|\beur\b|\busd\b|\bgbp\b|\bsek\b|\bdkk\b|€|£|\$)`;
const MENU_AMOUNT = String.raw`\d{1,3}(?: \d{3}(?!\d))+|\d{2,5}`;

interface Details {
  vintage?: number | null;
  bottleSize?: number;
  quantity?: number;
  price?: number;
  vinmonopoletNumber?: string;
  /** Something on the line says "a wine's details" (a value, or a price's mark that could not be read). */
  signal: boolean;
}

interface Wine {
  raw: string;
  parsed: ParsedWineLine;
}

function amountMinor(text: string): number | undefined {
  let t = text.replace(/[\s\u00a0]+/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) t = t.replace(/\./g, '');
  return parseMoneyMinor(t);
}

/** Replaces the first match of `re` in `text.value` by a space, handing the match to `use`. */
function take(
  text: { value: string },
  re: RegExp,
  use: (m: RegExpExecArray) => boolean | undefined,
): boolean {
  const m = re.exec(text.value);
  if (!m) return false;
  if (use(m) === false) return false;
  text.value = `${text.value.slice(0, m.index)} ${text.value.slice(m.index + m[0].length)}`;
  return true;
}

/** The details of one line and what is left of it (the name, if any). */
function readDetails(line: string, menu: boolean): { details: Details; rest: string } {
  const t = { value: ` ${line} ` };
  const details: Details = { signal: false };
  const nextYear = new Date().getFullYear() + 1;
  // Not a wine's numbers: alcohol, dates, times.
  t.value = t.value
    .replace(/(?:\b(?:alk|alc|vol)\.?\s*)?\d{1,2}(?:[.,]\d{1,2})?\s*%(?:\s*vol\.?)?/gi, ' ')
    .replace(/\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b/g, ' ');
  take(t, /\b(?:varenr|varenummer|vnr|art\.?\s*nr|artikkelnr)\.?\s*:?\s*(\d{5,8})\b/i, (m) => {
    details.vinmonopoletNumber = m[1];
  });
  take(t, /(\d+(?:[.,]\d+)?)\s*(ml|cl|dl|ltr|liter|litre|l)\b\.?/i, (m) => {
    details.bottleSize = parseBottleSize(`${m[1]} ${(m[2] as string).toLowerCase().replace('litre', 'l')}`);
  }) ||
    take(t, /\b(magnum|jeroboam|halvflaske|half bottle|double magnum|dobbel magnum)\b/i, (m) => {
      details.bottleSize = parseBottleSize(m[1] as string);
    });
  const quantity = (m: RegExpExecArray) => {
    const n = parseQuantity(m[1] as string);
    if (n === undefined || n < 1) return false;
    details.quantity = n;
  };
  take(t, /\b(?:antall|ant\.|qty|quantity|stk\.?|count)\s*:?\s*(\d{1,5})\b/i, quantity) ||
    take(t, /(?:^|\s)[x×]\s*(\d{1,4})\b/, quantity) ||
    take(t, /\b(\d{1,3})\s*[x×](?![\p{L}\d])/u, quantity) ||
    take(t, /\b(\d{1,5})\s*(?:stk|fl|flasker|flaske|btl|bottles?|kolli)\b\.?/i, quantity);
  // Prices with a currency: the one marked per bottle ("à kr 459"), else the first.
  const prices: { minor: number; unit: boolean }[] = [];
  const marked = [
    new RegExp(`(à|@|\\bper\\b|\\bpr\\.?)?\\s*${CURRENCY}\\s*(${AMOUNT})(?:\\s*,-)?`, 'i'),
    new RegExp(
      `(à|@|\\bper\\b|\\bpr\\.?)?\\s*(${AMOUNT})\\s*(?:,-|\\.-|\\bkr\\b|\\bnok\\b|€|\\beur\\b)`,
      'i',
    ),
  ];
  for (const re of marked) {
    while (
      take(t, re, (m) => {
        const minor = amountMinor(m[2] as string);
        if (minor !== undefined) prices.push({ minor, unit: Boolean(m[1]) });
      })
    );
  }
  const price = prices.find((p) => p.unit) ?? prices[0];
  if (price) details.price = price.minor;
  take(t, /(?:^|[\s,(])(n\.?v\.?|non[- ]vintage|u\.?å\.?|uten årgang)(?=[\s,;)]|$)/i, (m) => {
    if (parseVintage(m[1] as string) !== null) return false;
    details.vintage = null;
  }) ||
    take(t, /(?<![\d.,])(1[89]\d\d|20\d\d)(?![\d]|[.,]\d)/, (m) => {
      const year = Number(m[1]);
      if (year > nextYear) return false;
      details.vintage = parseVintage(m[1] as string) ?? undefined;
    });
  if (details.price === undefined) {
    take(t, /(?<![\d.,])(\d{1,3}(?:[ .]\d{3}(?!\d))+,\d{2}|\d+[.,]\d{2})(?![\d%])/, (m) => {
      const minor = amountMinor(m[1] as string);
      if (minor === undefined) return false;
      details.price = minor;
    });
  }
  if (details.price === undefined && menu) {
    // A wine list's prices at the end: "145 / 890" (glass / bottle) or "890": the bottle's.
    take(
      t,
      new RegExp(`(?:^|\\s|\\.{2,}|…)(${MENU_AMOUNT})(?:,-)?(?:\\s*\\/\\s*(${MENU_AMOUNT})(?:,-)?)?\\s*$`),
      (m) => {
        const minor = amountMinor((m[2] ?? m[1]) as string);
        if (minor === undefined) return false;
        details.price = minor;
      },
    );
  }
  details.signal =
    details.vintage !== undefined ||
    details.bottleSize !== undefined ||
    details.quantity !== undefined ||
    details.price !== undefined ||
    details.vinmonopoletNumber !== undefined ||
    /,-|\bkr\b|€|£/i.test(t.value);
  return { details, rest: t.value };
}

/** Leaders, stray marks and joining words taken out of a name. */
function cleanName(rest: string): string {
  let name = rest
    .replace(/\.{2,}|…/g, ' ')
    .replace(/\(\s*[,;/\-–]*\s*\)/g, ' ')
    .replace(/(?:^|\s)(?:[à@=]|,-)(?=\s|$)/gi, ' ')
    .replace(/\s*([,;])(?:\s*[,;])+/g, '$1')
    .replace(/\s+/g, ' ');
  // Words left over from the details ("x", "per flaske", "pris") at either end; a name's own words stay.
  const edges =
    /^(?:[\s,;:\-–—/|·•.(]|\b(?:x|per flaske|pr\.? ?fl\.?|per bottle|each|pris|price)\b)+|(?:[\s,;:\-–—/|·•(]|\b(?:x|per flaske|pr\.? ?fl\.?|per bottle|each|pris|price)\b\.?)+$/gi;
  for (let before = ''; before !== name; ) {
    before = name;
    name = name.replace(edges, '');
  }
  return name.replace(/^\((.*)\)$/, '$1').trim();
}

function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** Reads as OCR noise: marks no name has, or words of letters and digits mixed ("B@r0l0", "2O1G"). */
function garbled(text: string): boolean {
  const junk = (text.match(/[^\p{L}\p{N}\s'’.,&/()\-–+:;!?]/gu) ?? []).length;
  const mixed = text
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w) && /\d/.test(w) && !/^\d+(er|eme|e|st|nd|rd|th)$/i.test(w)).length;
  return junk / Math.max(text.length, 1) > 0.1 || mixed >= 2;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A sentence, not a name: long, or ending as sentences do. */
function sentence(text: string): boolean {
  const words = wordCount(text);
  return words > 10 || /[!?]$/.test(text) || (/[.:]$/.test(text) && words > 3);
}

function categoryOf(folded: string): MainCategory | undefined {
  for (const [re, category] of CATEGORY_PHRASES) if (re.test(folded)) return category;
  return undefined;
}

/** A line that is a category alone ("Rødvin", "Red wines:"), as headings are. */
function headingOf(folded: string): MainCategory | undefined {
  const bare = folded.replace(/[:.]+$/, '').trim();
  const category = categoryOf(bare);
  if (!category) return undefined;
  const phrase = CATEGORY_PHRASES.find(([, c]) => c === category)?.[0].exec(bare)?.[0] ?? '';
  return phrase.length === bare.length ? category : undefined;
}

function hasProducerMark(part: string): boolean {
  const folded = foldText(part);
  return PRODUCER_START.test(folded) || PRODUCER_END.test(folded);
}

/** Producer and name where the text marks them; else the whole as the name. */
function splitName(name: string): { wineName: string; producer?: string } {
  const dash = name.split(/\s+[-–—|]\s+/);
  if (dash.length === 2 && dash.every((part) => letters(part) >= 2)) {
    const [left, right] = dash as [string, string];
    return hasProducerMark(right) && !hasProducerMark(left)
      ? { producer: right, wineName: left }
      : { producer: left, wineName: right };
  }
  const comma = name.split(/\s*,\s*/);
  if (comma.length === 2 && comma.every((part) => letters(part) >= 2)) {
    const [left, right] = comma as [string, string];
    if (hasProducerMark(right) && !hasProducerMark(left)) return { producer: right, wineName: left };
    if (hasProducerMark(left) && !hasProducerMark(right)) return { producer: left, wineName: right };
  }
  return { wineName: name };
}

/** The details into a line's fields; `onlyMissing` keeps what it has. */
function apply(parsed: ParsedWineLine, details: Details, menu: boolean, onlyMissing: boolean): boolean {
  let changed = false;
  const set = <K extends keyof ParsedWineLine>(key: K, value: ParsedWineLine[K] | undefined) => {
    if (value === undefined || (onlyMissing && parsed[key] !== undefined)) return;
    parsed[key] = value;
    changed = true;
  };
  set('vintage', details.vintage);
  set('bottleSize', details.bottleSize);
  set('quantity', details.quantity);
  set(menu ? 'sellingPrice' : 'purchasePriceWvat', details.price);
  set('vinmonopoletNumber', details.vinmonopoletNumber);
  return changed;
}

/** Whether a wine list's headings are in the text: its prices are then what the wines sell for. */
function isMenu(lines: readonly string[]): boolean {
  return lines.some((line) =>
    MENU_HEADINGS.test(
      foldText(line)
        .replace(/[:.]+$/, '')
        .trim(),
    ),
  );
}

export function extractWinesByRules(text: string): ExtractedWines {
  const lines = text.slice(0, IMPORT_LIMITS.maxTextLength).split(/\r\n|\r|\n/);
  const menu = isMenu(lines);
  const wines: Wine[] = [];
  const unread: string[] = [];
  let category: MainCategory | undefined;
  /** The wine last read, while lines about it may follow (until a blank line or another wine). */
  let open: Wine | undefined;
  /** A line of words alone that is a wine's name if details follow on the next line. */
  let candidate: { raw: string; name: string } | undefined;
  /** A "Produsent: X" line: the producer of the wine after it, or of the one before when none follows. */
  let producerNext: { producer: string; raw: string; before?: Wine } | undefined;
  const settleProducer = () => {
    const before = producerNext?.before;
    if (producerNext && before && !before.parsed.producer) {
      before.parsed.producer = producerNext.producer;
      before.raw += ` · ${producerNext.raw}`;
    }
    producerNext = undefined;
  };

  const add = (raw: string, name: string, details: Details): Wine => {
    const parsed: ParsedWineLine = splitName(name);
    let text = raw;
    if (producerNext && !parsed.producer) {
      parsed.producer = producerNext.producer;
      text = `${producerNext.raw} · ${raw}`;
      producerNext = undefined;
    }
    settleProducer();
    apply(parsed, details, menu, false);
    if (category) parsed.mainCategoryId = category;
    const wine = { raw: text, parsed };
    wines.push(wine);
    return wine;
  };

  for (const original of lines) {
    if (wines.length >= IMPORT_LIMITS.maxLines) break;
    const raw = original.replace(/[\t\u00a0]+/g, ' ').trim();
    const line = raw.replace(/^(?:[-•*–·]|\d{1,3}[.)])\s+/, '').trim();
    if (!line) {
      settleProducer();
      open = undefined;
      candidate = undefined;
      continue;
    }
    const folded = foldText(line);
    if (MENU_HEADINGS.test(folded.replace(/[:.]+$/, '').trim()) || NOISE.some((re) => re.test(folded))) {
      candidate = undefined;
      continue;
    }
    const heading = headingOf(folded);
    if (heading) {
      category = heading;
      open = undefined;
      candidate = undefined;
      continue;
    }
    const labelled = /^(?:produsent|producer|prod\.)\s*:\s*(.+)$/i.exec(line);
    if (labelled) {
      settleProducer();
      producerNext = { producer: cleanName(labelled[1] as string), raw, before: open };
      continue;
    }
    const descriptor = categoryOf(folded);
    if (descriptor && open && !/\d/.test(line) && wordCount(line) <= 6) {
      // "Red wine, Lebanon" under a web shop's wine.
      open.parsed.mainCategoryId ??= descriptor;
      open.raw += ` · ${raw}`;
      continue;
    }
    const { details, rest } = readDetails(line, menu);
    const name = cleanName(rest);
    if (!details.signal) {
      candidate =
        letters(name) >= 2 && !sentence(name) && wordCount(name) <= 8 && !garbled(name)
          ? { raw, name }
          : undefined;
      continue;
    }
    if (letters(name) === 0) {
      // Details alone: the name line before them, or more of the wine just read; else a price alone.
      if (candidate) {
        open = add(`${candidate.raw} · ${raw}`, candidate.name, details);
        candidate = undefined;
      } else if (open && apply(open.parsed, details, menu, true)) open.raw += ` · ${raw}`;
      continue;
    }
    candidate = undefined;
    if (letters(name) < 3 || garbled(rest) || sentence(name)) {
      unread.push(raw);
      open = undefined;
      continue;
    }
    open = add(raw, name, details);
  }
  settleProducer();
  return { lines: wines, unread };
}
