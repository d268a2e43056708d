import type { CurrencyCode, PriceImpact, PriceImpactChange } from '@kork/shared';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatWholeMoney } from '../../lib/money';
import { Change, useFormats } from './price-preview-parts';
import classes from './pricing.module.css';

/**
 * What a rule set does to the selling prices, said plainly before anything is written: how many rise,
 * fall and stay, the stock value at selling price of the whole cellar before and after, the largest
 * changes each way, and a warning when most of the prices it changes go down.
 */
export function PriceImpactSummary({
  impact,
  currency,
  largest = true,
}: {
  impact: PriceImpact;
  currency: CurrencyCode;
  /** Lists the largest changes (the preview); the confirmation keeps to the figures. */
  largest?: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const whole = (minor: number) => formatWholeMoney(minor, currency, locale);
  const changed = impact.up + impact.down;
  return (
    <Stack gap={6} data-testid="price-impact" aria-label={t('pricingPage.preview.impactLabel')} role="group">
      <Group gap="xs" wrap="wrap">
        <Text fw={700} c={impact.down > 0 ? 'red.9' : undefined} data-testid="impact-down">
          {t('pricingPage.preview.down', { count: impact.down })}
        </Text>
        <Text fw={700} data-testid="impact-up">
          {t('pricingPage.preview.up', { count: impact.up })}
        </Text>
        <Text data-testid="impact-same">{t('pricingPage.preview.same', { count: impact.same })}</Text>
      </Group>
      <Text size="sm" data-testid="impact-value">
        {t('pricingPage.preview.cellarValue', {
          before: whole(impact.stockValueBefore),
          after: whole(impact.stockValueAfter),
        })}
      </Text>
      {changed > 0 && impact.down * 2 > changed && (
        <Alert color="red" variant="light" p="xs">
          {t('pricingPage.preview.mostFall')}
        </Alert>
      )}
      {largest && (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <LargestChanges
            title={t('pricingPage.preview.largestFalls')}
            changes={impact.largestFalls}
            currency={currency}
          />
          <LargestChanges
            title={t('pricingPage.preview.largestRises')}
            changes={impact.largestRises}
            currency={currency}
          />
        </Group>
      )}
    </Stack>
  );
}

function LargestChanges({
  title,
  changes,
  currency,
}: {
  title: string;
  changes: PriceImpactChange[];
  currency: CurrencyCode;
}) {
  const format = useFormats(currency);
  if (changes.length === 0) return null;
  return (
    <div className={classes.grow}>
      <Text size="xs" c="dimmed" fw={600}>
        {title}
      </Text>
      <ul className={classes.plainList}>
        {changes.map((change) => (
          <li key={change.ownWineId}>
            <Text size="sm" span className={classes.wrap}>
              {change.wineDisplayName}
            </Text>{' '}
            <Text size="sm" span>
              <Change
                before={format.money(change.oldSellingPrice)}
                after={format.money(change.newSellingPrice)}
              />
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
