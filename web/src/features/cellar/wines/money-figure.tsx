import type { CurrencyCode } from '@kork/shared';
import { formatCompactMoney, formatMoney, formatWholeMoney, isLargeAmount } from '../../../lib/money';
import classes from './money-figure.module.css';

interface MoneyFigureProps {
  /** Integer minor units of `currency`. */
  minor: number;
  currency: CurrencyCode;
  locale: string | undefined;
  className?: string | undefined;
}

/**
 * A total as whole units of money that never wraps inside the number. A large amount also carries its
 * compact form ("1,2 mill. kr" / "NOK 1.2M"), which takes over when the space it sits in is narrow
 * (a CSS container query, so there is no layout shift and no resize listener); the whole amount stays
 * readable by screen readers then, and the exact amount (with øre) is the tooltip either way.
 */
export function MoneyFigure({ minor, currency, locale, className }: MoneyFigureProps) {
  const whole = formatWholeMoney(minor, currency, locale);
  const exact = formatMoney(minor, currency, locale);
  const large = isLargeAmount(minor, currency);
  return (
    <span className={[classes.figure, className].filter(Boolean).join(' ')} title={exact}>
      <span className={large ? classes.full : classes.only}>{whole}</span>
      {large && (
        <span className={classes.compact} aria-hidden>
          {formatCompactMoney(minor, currency, locale)}
        </span>
      )}
    </span>
  );
}
