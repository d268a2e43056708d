import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatDecimal, formatPercent } from '../../lib/format-number';
import type { liveFigures } from './recipe-form-model';
import classes from './recipes.module.css';

/** The recipe's cost, cost percentage, sell/buy ratio and margin as the form stands. */
export function RecipeFigures({
  figures,
  money,
}: {
  figures: ReturnType<typeof liveFigures>;
  money: (minor: number | null) => string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <section aria-label={t('recipesPage.form.figures')} className={classes.figures}>
      <dl className={classes.figureList}>
        <Figure label={t('recipesPage.columns.cost')} value={money(figures.cost)} testId="recipe-cost" />
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
