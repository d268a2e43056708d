import { type CurrencyCode, currency } from '@kork/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDecimal, formatPercent } from '../../lib/format-number';
import { formatCompactMoney, formatMoney, formatWholeMoney } from '../cellar/wines/money';

/** The page's numbers in its language and the cellar's currency, in one place for every part of it. */
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

export function makeFormats(code: CurrencyCode, locale: string | undefined): Formats {
  const factor = 10 ** currency(code).minorUnits;
  return {
    locale,
    currency: code,
    money: (minor) => formatWholeMoney(minor, code, locale),
    exactMoney: (minor) => formatMoney(minor, code, locale),
    chartMoney: (major) => formatWholeMoney(Math.round(major * factor), code, locale),
    axisMoney: (major) => formatCompactMoney(Math.round(major * factor), code, locale),
    major: (minor) => minor / factor,
    count: (value) => formatCount(value, locale),
    decimal: (value, maxDecimals = 1) => formatDecimal(value, locale, maxDecimals),
    percent: (value) => formatPercent(value, locale),
  };
}

export function useFormats(code: CurrencyCode): Formats {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return useMemo(() => makeFormats(code, locale), [code, locale]);
}
