/**
 * Numbers as people read them, in the language of the page: counts, bottle numbers, decimals and
 * percentages. Norwegian groups thousands with a no-break space and writes a decimal comma ("12 345",
 * "166,1 %"); English groups with commas and writes a point ("12,345", "166.1%"). Intl already joins
 * a number to its sign and unit with no-break spaces, so a formatted value never wraps in the middle
 * as long as the CSS around it does not force a break (see `white-space: nowrap` where money is shown).
 */

const formats = new Map<string, Intl.NumberFormat>();

function cached(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A whole count (wines, bottles, entries): "12 345" in Norwegian, "12,345" in English. */
export function formatCount(value: number, locale: string | undefined): string {
  return cached(locale, { maximumFractionDigits: 0 }).format(value);
}

/**
 * A number with at most `maxDecimals` decimals (default 2) and at least `minDecimals` (default 0):
 * "2,5" / "2.5"; `formatDecimal(11.7, locale, 4, 2)` is "11,70" / "11.70".
 */
export function formatDecimal(
  value: number,
  locale: string | undefined,
  maxDecimals = 2,
  minDecimals = 0,
): string {
  return cached(locale, { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals }).format(
    value,
  );
}

/**
 * A percentage given in percent (166.1 means 166.1 %), with at most one decimal:
 * "166,1 %" in Norwegian, "166.1%" in English.
 */
export function formatPercent(value: number, locale: string | undefined, maxDecimals = 1): string {
  // Rounded in percent before dividing, so 0.1 + 0.2 style float noise never shows as an extra digit.
  const factor = 10 ** maxDecimals;
  const rounded = Math.round(value * factor) / factor;
  return cached(locale, { style: 'percent', maximumFractionDigits: maxDecimals }).format(rounded / 100);
}
