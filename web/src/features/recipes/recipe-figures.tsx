import type { RecipeDutiesDate } from '@kork/shared';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatDecimal, formatPercent } from '../../lib/format-number';
import { DutiesAsOf } from './recipe-duties';
import type { liveFigures } from './recipe-form-model';
import classes from './recipes.module.css';

/** The recipe's cost, cost percentage, sell/buy ratio and margin as the form stands. */
export function RecipeFigures({
  figures,
  money,
  dutiesAsOf,
}: {
  figures: ReturnType<typeof liveFigures>;
  money: (minor: number | null) => string;
  /** The rates the saved recipe's duties are from. */
  dutiesAsOf?: RecipeDutiesDate;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <section aria-label={t('recipesPage.form.figures')} className={classes.figures}>
      <dl className={classes.figureList}>
        <Figure label={t('recipesPage.columns.cost')} value={money(figures.cost)} testId="recipe-cost" />
        {figures.ingredientDuties.some((share) => share !== undefined) && (
          <Figure
            label={t('recipesPage.duties.figure')}
            value={dutiesFigure(figures.duties, figures.ingredientDuties, money, t)}
            testId="recipe-cost-duties"
          />
        )}
        <Figure
          label={t('recipesPage.columns.costPercentage')}
          value={figures.costPercentage === null ? '–' : formatPercent(figures.costPercentage, locale)}
          testId="recipe-cost-percentage"
        />
        <Figure
          label={t('recipesPage.columns.ratio')}
          value={figures.sellBuyRatio === null ? '–' : formatDecimal(figures.sellBuyRatio, locale, 2, 2)}
          testId="recipe-ratio"
        />
        <Figure label={t('recipesPage.form.margin')} value={money(figures.margin)} testId="recipe-margin" />
      </dl>
      <Text size="xs" c="dimmed">
        {t('recipesPage.form.figuresHint')}
      </Text>
      <DutiesAsOf dates={dutiesAsOf} />
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={700} className={classes.money} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The recipe's duties; "–" with the reason when a wine's are unknown or not read yet. */
function dutiesFigure(
  duties: number | null,
  shares: ReturnType<typeof liveFigures>['ingredientDuties'],
  money: (minor: number | null) => string,
  t: TFunction,
): string {
  if (duties !== null) return money(duties);
  const missing = shares.find((share) => share !== undefined && 'missing' in share);
  if (missing && 'missing' in missing)
    return t('recipesPage.duties.unknown', { reason: t(`recipesPage.duties.missing.${missing.missing}`) });
  return t('recipesPage.duties.afterSave');
}
