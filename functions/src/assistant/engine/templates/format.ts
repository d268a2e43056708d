/**
 * How the answer templates write figures: numbers with the language's separators ("1 234,5" / "1,234.5"),
 * money with the shared price format ("kr 1 234,50" / "NOK 1,234.50"), dates, wine links and small
 * Markdown pipe tables whose cells never break the table.
 */
import type { CurrencyCode, Locale, MainCategory } from '@kork/shared';
import en from '@kork/shared/vocabulary/en.json';
import { formatListPrice } from '@kork/shared/wine-list-layout/prices';

const numberFormats = new Map<string, Intl.NumberFormat>();

function tag(locale: Locale): string {
  return locale === 'nb' ? 'nb-NO' : 'en-GB';
}

/** A number in the language's way, with at most `decimals` decimals. */
export function num(value: number, locale: Locale, decimals = 0): string {
  const key = `${locale}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag(locale), { maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Minor units of a currency as a price: "kr 1 234,50" (nb), "NOK 1,234.50" (en). */
export function money(minor: number, currency: CurrencyCode, locale: Locale): string {
  return formatListPrice(minor, currency, locale);
}

/** A percentage with one decimal: "12,5 %" (nb), "12.5%" (en). */
export function percent(value: number, locale: Locale): string {
  return locale === 'nb' ? `${num(value, locale, 1)} %` : `${num(value, locale, 1)}%`;
}

/** A YYYY-MM-DD day as the language writes it: "5. jan. 2026" / "5 Jan 2026". */
export function day(iso: string, locale: Locale): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(tag(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** "1 bottle" / "3 bottles": the word that fits the number, with the number. */
export function count(value: number, one: string, many: string, locale: Locale): string {
  return `${num(value, locale)} ${value === 1 ? one : many}`;
}

/** Text safe inside a Markdown table cell and a link's text. */
export function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\[\]|])/g, '\\$1');
}

/** A cellar wine as a link to its row: `[name](kork:wine/<id>)`; the plain name without an id. */
export function wineLink(name: string, cellarWineId: string | undefined): string {
  if (!cellarWineId) return cell(name);
  return `[${cell(name)}](kork:wine/${encodeURIComponent(cellarWineId)})`;
}

/** A Markdown pipe table; numeric columns (by index) are right-aligned. */
export function table(head: string[], rows: string[][], right: number[] = []): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const rule = head.map((_, i) => (right.includes(i) ? '---:' : '---'));
  return [line(head.map(cell)), line(rule), ...rows.map(line)].join('\n');
}

/** " the first 10:" when the rows are fewer than the count, else ":" (after a lead sentence). */
export function firstOf(total: number, shown: number, locale: Locale): string {
  if (shown >= total) return ':';
  return locale === 'nb' ? `. De første ${num(shown, locale)}:` : `. The first ${num(shown, locale)}:`;
}

const CATEGORIES: Record<Locale, Record<MainCategory, string>> = {
  en: {
    red: 'Red',
    white: 'White',
    rose: 'Rosé',
    sparkling: 'Sparkling',
    orange: 'Orange',
    dessert: 'Dessert',
    fortified: 'Fortified',
    fruit: 'Fruit wine',
    aromatized: 'Aromatised',
    spirits: 'Spirits',
    beer: 'Beer',
    nonAlcoholic: 'Alcohol-free',
  },
  nb: {
    red: 'Rødvin',
    white: 'Hvitvin',
    rose: 'Rosévin',
    sparkling: 'Musserende',
    orange: 'Oransjevin',
    dessert: 'Dessertvin',
    fortified: 'Sterkvin',
    fruit: 'Fruktvin',
    aromatized: 'Aromatisert',
    spirits: 'Brennevin',
    beer: 'Øl',
    nonAlcoholic: 'Alkoholfritt',
  },
};

export function categoryName(category: MainCategory, locale: Locale): string {
  return CATEGORIES[locale][category] ?? category;
}

const FOOD_EN = (en as unknown as { food: Record<string, string> }).food;

/** A catalogue food value (stored in Norwegian) in the language: "Lam og sau" → "lamb and mutton". */
export function foodName(food: string, locale: Locale): string {
  const name = locale === 'en' && Object.hasOwn(FOOD_EN, food) ? (FOOD_EN[food] as string) : food;
  return name.toLocaleLowerCase(tag(locale));
}

/** "a, b and c" / "a, b og c". */
export function joinAnd(items: string[], locale: Locale): string {
  if (items.length <= 1) return items.join('');
  const and = locale === 'nb' ? 'og' : 'and';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** "–" for a missing figure. */
export const NONE = '–';
