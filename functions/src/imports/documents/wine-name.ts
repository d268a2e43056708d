/**
 * A printed wine name as invoices and order confirmations have it ("Barolo 2019 75 cl", "Chablis 1er Cru
 * 6x75cl", "Champagne Brut NV 150 cl"): the vintage, the bottle size and a pack of bottles taken out,
 * the name left clean.
 */
import { parseBottleSize } from '../read/values';

export interface NameParts {
  name: string;
  vintage?: number | null;
  /** Litres. */
  bottleSize?: number;
  /** Bottles in a pack ("6 x 75 cl"). */
  pack?: number;
}

const PACK = /(?<![\w,.])(\d{1,2})\s*[x×]\s*(\d+(?:[,.]\d+)?)\s*(cl|ml|l|ltr)\b\.?/i;
const SIZE = /(?<![\w,.])(\d+(?:[,.]\d+)?)\s*(cl|ml|l|ltr|liter)\b\.?/i;
const YEAR = /(?<![\w,.])(19[5-9]\d|20\d\d)(?![\w,.])/g;
const NON_VINTAGE = /(?<![\w.])(n\.?v\.?|u\.å\.?)(?![\w])/i;

export function nameParts(text: string, thisYear = new Date().getFullYear()): NameParts {
  let name = ` ${text} `;
  const parts: Omit<NameParts, 'name'> = {};
  const pack = PACK.exec(name);
  if (pack) {
    parts.pack = Number(pack[1]);
    const size = parseBottleSize(`${pack[2]} ${pack[3]}`);
    if (size !== undefined) parts.bottleSize = size;
    name = name.replace(pack[0], ' ');
  } else {
    const size = SIZE.exec(name);
    const litres = size ? parseBottleSize(`${size[1]} ${size[2]}`) : undefined;
    if (size && litres !== undefined) {
      parts.bottleSize = litres;
      name = name.replace(size[0], ' ');
    }
  }
  const years = [...name.matchAll(YEAR)].filter((m) => Number(m[1]) <= thisYear + 1);
  const year = years.at(-1);
  if (year) {
    parts.vintage = Number(year[1]);
    name = `${name.slice(0, year.index)} ${name.slice((year.index ?? 0) + year[0].length)}`;
  } else {
    const nv = NON_VINTAGE.exec(name);
    if (nv) {
      parts.vintage = null;
      name = name.replace(nv[0], ' ');
    }
  }
  name = name
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.·\-–]+|[\s,·\-–]+$/g, '')
    .trim();
  return { name, ...parts };
}
