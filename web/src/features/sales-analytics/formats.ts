import { type CurrencyCode, currency } from '@kork/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDecimal, formatPercent } from '../../lib/format-number';
import { formatCompactMoney, formatMoney, formatWholeMoney } from '../../lib/money';
import { useViewMoney, type ViewMoney } from '../config/view-money';

/**
 * The page's numbers in its language and the viewer's currency (amounts converted from the cellar's for
 * display; the CSV exports keep the cellar's own), in one place for every part of it.
 */
export interface Formats {
  locale: string | undefined;
  currency: CurrencyCode;
  /** Minor units as whole money: "kr 12 345". */
  money: (minor: number) => string;
  /** Minor units with the currency's decimals: "kr 12 345,50". */
  exactMoney: (minor: number) => string;
  /** Whole units (as a chart holds them) as whole money. */
  chartMoney: (major: number) => string;
  /** Whole units in the short form of a chart's axis: "NOK 200K", "200k kr". */
  axisMoney: (major: number) => string;
  /** Minor units as the whole units a chart plots. */
  major: (minor: number) => number;
  count: (value: number) => string;
  decimal: (value: number, maxDecimals?: number) => string;
  percent: (value: number) => string;
}

/** Formats for amounts kept in `code`, shown converted when `view` converts from `code`. */
export function makeFormats(code: CurrencyCode, locale: string | undefined, view?: ViewMoney): Formats {
  const converts = view?.converted === true && view.base === code;
  const shown = converts ? view.currency : code;
  const toView = (minor: number) => (converts ? view.toView(minor) : minor);
  const factor = 10 ** currency(shown).minorUnits;
  return {
    locale,
    currency: shown,
    money: (minor) => formatWholeMoney(toView(minor), shown, locale),
    exactMoney: (minor) => formatMoney(toView(minor), shown, locale),
    chartMoney: (major) => formatWholeMoney(Math.round(major * factor), shown, locale),
    axisMoney: (major) => formatCompactMoney(Math.round(major * factor), shown, locale),
    major: (minor) => toView(minor) / factor,
    count: (value) => formatCount(value, locale),
    decimal: (value, maxDecimals = 1) => formatDecimal(value, locale, maxDecimals),
    percent: (value) => formatPercent(value, locale),
  };
}

/** The page's formats and the conversion they use (for the note that names the rate). */
export function useFormats(code: CurrencyCode): { formats: Formats; view: ViewMoney } {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const view = useViewMoney(code);
  const { currency: shown, rate } = view;
  // The conversion is the same as long as the currencies and the rate are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is new on every render; its values are the keys.
  const formats = useMemo(
    () => makeFormats(code, locale, view),
    [code, locale, shown, rate?.value, rate?.date],
  );
  return { formats, view };
}
