import type { PrintedPrice } from '@kork/shared';
import { useTranslation } from 'react-i18next';
import classes from './public-wine-list.module.css';

/** A price as the list prints it: its text, a row of stars (★), or nothing. */
export function PrintedPriceText({ price }: { price: PrintedPrice | undefined }) {
  const { t } = useTranslation();
  if (!price || price.kind === 'none') return null;
  if (price.kind === 'stars') {
    const count = Math.max(0, Math.round(price.stars));
    return (
      <span role="img" className={classes.stars} aria-label={t('wineListPublic.stars', { count })}>
        {'★'.repeat(count)}
      </span>
    );
  }
  return <span className={classes.priceText}>{price.text}</span>;
}
