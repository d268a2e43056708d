import type { CurrencyCode } from '@kork/shared';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatCount, formatPercent } from '../../lib/format-number';
import { formatMoney } from '../../lib/money';
import classes from './pricing.module.css';

/**
 * "before → after"; screen readers hear "changed to" instead of the arrow. A narrow column puts "→ after"
 * under "before" rather than widening the table; neither amount is ever split.
 */
export function Change({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  return (
    <span className={classes.change}>
      <span className={classes.before}>{before}</span>{' '}
      <span className={classes.afterPart}>
        <span aria-hidden>→</span>
        <VisuallyHidden>{t('pricingPage.changedTo')}</VisuallyHidden>{' '}
        <span className={classes.after}>{after}</span>
      </span>
    </span>
  );
}

export function useFormats(currency: CurrencyCode) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return {
    money: (minor: number | null) =>
      minor === null ? t('pricingPage.none') : formatMoney(minor, currency, locale),
    percent: (value: number | null) =>
      value === null ? t('pricingPage.none') : formatPercent(value, locale),
    count: (value: number) => formatCount(value, locale),
  };
}
