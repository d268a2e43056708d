import { CURRENCIES, type Currency, resolveCurrency } from '@kork/shared';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../../lib/currency';
import { notify } from '../../../lib/notify';
import { chooseCurrency } from '../api/choose-currency';
import { useConfig } from '../api/get-config';
import classes from './currency-select.module.css';

interface CurrencySelectProps {
  /** `bar`: compact, label for screen readers only; `field`: visible label and the display-fallback note. */
  variant?: 'bar' | 'field';
}

/**
 * The currency prices are shown in: one setting, whether chosen here in the navbar or on the profile
 * page (the same control), kept on this device (cookie KORK_CURRENCY) and on a signed-in person's
 * account (`chooseCurrency`). A new visitor starts in NOK with a Norwegian browser language, else EUR.
 * The list is the server's
 * (`GET /api/config`); until it answers, the shared list stands in so the control never waits.
 * A plain native select: the platform's own picker is the best one on a phone, and it costs the first
 * page load nothing.
 */
export function CurrencySelect({ variant = 'bar' }: CurrencySelectProps) {
  const { t } = useTranslation('shell');
  const id = useId();
  const config = useConfig();
  const code = useCurrency();
  const currencies: readonly Currency[] = config?.currencies ?? CURRENCIES;
  const fallback = currencies.find((c) => c.code === code)?.displayFallback;
  const noteId = `${id}-note`;

  const optionLabel = (c: Currency) =>
    c.displayFallback
      ? t('currency.optionWithFallback', { code: c.code, symbol: c.symbol, fallback: c.displayFallback })
      : t('currency.option', { code: c.code, symbol: c.symbol });

  return (
    <div className={classes.root} data-variant={variant}>
      <label htmlFor={id} className={variant === 'bar' ? classes.hiddenLabel : classes.label}>
        {t('currency.label')}
      </label>
      <div className={classes.control}>
        <select
          id={id}
          className={classes.select}
          value={code}
          aria-describedby={fallback ? noteId : undefined}
          onChange={(event) => {
            const next = resolveCurrency(event.currentTarget.value);
            if (next === code) return;
            notify.success(t('currency.changed', { code: next }));
            chooseCurrency(next).catch(() => notify.error(t('currency.saveFailed')));
          }}
        >
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {optionLabel(c)}
            </option>
          ))}
        </select>
        <IconChevronDown size={14} aria-hidden className={classes.chevron} />
      </div>
      {fallback && (
        <p id={noteId} className={variant === 'bar' ? classes.hiddenLabel : classes.note}>
          {t('currency.shownAs', { code: fallback })}
        </p>
      )}
    </div>
  );
}
