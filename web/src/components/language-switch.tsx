import { LOCALES } from '@kork/shared';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../i18n/i18n';
import classes from './language-switch.module.css';

/**
 * Norsk / English as two pressed-or-not buttons: short codes on screen, each language's own name for
 * screen readers (read in that language).
 */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation('shell');
  const active = currentLocale();
  return (
    <fieldset className={classes.switch} data-full-width={fullWidth || undefined}>
      <legend className={classes.legend}>{t('language.label')}</legend>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={classes.option}
          aria-pressed={locale === active}
          onClick={() => void changeLocale(locale)}
        >
          <span aria-hidden="true">{t(`language.short.${locale}`)}</span>
          <span className={classes.legend}>{t(`language.name.${locale}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
