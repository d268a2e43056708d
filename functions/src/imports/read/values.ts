/**
 * Reading the values people write in spreadsheets, invoices and e-mails: prices ("kr 1 299,90",
 * "1,299.90", "299.-"), bottle sizes ("75 cl", "0,75", "1.5L", "Magnum"), vintages ("2017", "NV",
 * "'17"), quantities ("6", "6 stk", "1 kasse" is not a number of bottles). Each answers undefined when
 * it cannot read the value, never a guess; callers record a `LineIssue` then.
 */

/** A money amount as integer minor units (øre/cents). */
export function parseMoneyMinor(text: string): number | undefined {
  const cleaned = text
    .replace(/\b(kr|nok|eur|usd|sek|dkk|,-|\.-)\b/gi, '')
    .replace(/[^\d,.\-\s]/g, '')
    .trim();
  if (!cleaned) return undefined;
  let normal = cleaned.replace(/\s/g, '');
  const comma = normal.lastIndexOf(',');
  const dot = normal.lastIndexOf('.');
  if (comma > dot) normal = normal.replace(/\./g, '').replace(',', '.');
  else normal = normal.replace(/,/g, '');
  const value = Number(normal.replace(/[.-]$/, ''));
  if (!Number.isFinite(value) || value < 0) return undefined;
  return Math.round(value * 100);
}

/** A bottle size in litres. */
export function parseBottleSize(text: string): number | undefined {
  const t = text.trim().toLowerCase().replace(',', '.');
  if (!t) return undefined;
  if (t.includes('magnum')) return 1.5;
  const match = /^(\d+(?:\.\d+)?)\s*(ml|cl|l|ltr|liter)?$/.exec(t);
  if (!match) return undefined;
  const n = Number(match[1]);
  const unit = match[2];
  const litres = unit === 'ml' ? n / 1000 : unit === 'cl' ? n / 100 : unit ? n : n >= 10 ? n / 100 : n;
  return litres > 0 && litres < 100 ? Math.round(litres * 1000) / 1000 : undefined;
}

/** A vintage: a year, or null for NV; undefined when unreadable. */
export function parseVintage(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return undefined;
  if (/^(nv|n\.v\.|non[- ]vintage|u\.å\.?|uten årgang)$/i.test(t)) return null;
  const match = /^(1[89]\d\d|20\d\d)$/.exec(t);
  return match ? Number(match[1]) : undefined;
}

/** A whole number of bottles. */
export function parseQuantity(text: string): number | undefined {
  const match = /^\s*(\d{1,7})(?:[.,]0+)?\s*(stk|fl|btl|bottles?|flasker?)?\.?\s*$/i.exec(text);
  return match ? Number(match[1]) : undefined;
}
