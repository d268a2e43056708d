import type { CurrencyCode, LineDuties, OrderDuties } from '@kork/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatMoney } from '../../lib/money';
import type { DutiesFigure } from '../marketplace/suppliers/duties-note';
import classes from './orders-page.module.css';

/** A line's duties per bottle (minor units of the order's currency) as the duties note shows them. */
export function lineDutiesFigure(
  duties: LineDuties | undefined,
  currency: CurrencyCode,
  locale: string,
): DutiesFigure | undefined {
  if (!duties) return undefined;
  if (!duties.known) return duties;
  return {
    known: true,
    amount: formatMoney(duties.perBottle, currency, locale),
    ratesAsOf: duties.ratesAsOf,
    stale: duties.stale,
  };
}

/**
 * The order's duties under its total: the sum over the lines whose duties are known, at the order
 * date's rates, saying how many lines it leaves out and when the rates are an earlier year's.
 */
export function OrderDutiesTotal({ duties, currency }: { duties: OrderDuties; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const year = duties.ratesAsOf?.slice(0, 4);
  return (
    <Text size="xs" c="dimmed" ta="right" className={classes.money} data-testid="order-duties">
      {t('ordersPage.detail.duties', { amount: formatMoney(duties.total, currency, locale) })}
      {duties.unknownLines > 0 && ` ${t('ordersPage.detail.dutiesUnknown', { count: duties.unknownLines })}`}
      {duties.stale && year && ` ${t('marketSuppliers.duties.ratesOf', { year })}`}
    </Text>
  );
}
