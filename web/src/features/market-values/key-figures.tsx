import { MARKET_VALUE_WINDOW_DAYS, type MarketValueAnswer } from '@kork/shared';
import { Alert, Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight, IconFlask } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format-day';
import type { Formats } from '../sales-analytics/formats';
import analytics from '../sales-analytics/sales-analytics.module.css';
import { direction, signedMoney, signedPercent } from './labels';
import classes from './market-value.module.css';

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className={analytics.figure}>
      <dt className={analytics.figureLabel}>{label}</dt>
      <dd className={analytics.figureValue}>{value}</dd>
      {detail !== undefined && <dd className={analytics.figureDetail}>{detail}</dd>}
    </div>
  );
}

/** A change with its arrow, its sign and its word: up is green, down is red, and both say so in text too. */
export function Change({ amount, percent, formats }: { amount: number; percent?: number; formats: Formats }) {
  const { t } = useTranslation();
  const way = direction(amount);
  const Icon = way === 'up' ? IconArrowUpRight : way === 'down' ? IconArrowDownRight : IconArrowRight;
  return (
    <span className={`${classes.change} ${classes[way]}`}>
      <Icon size={18} aria-hidden />
      <span className={analytics.visuallyHidden}>{t(`marketValuePage.figures.${way}`)} </span>
      {signedMoney(formats, amount)}
      {percent !== undefined && (
        <span className={classes.changePercent}>({signedPercent(formats, percent)})</span>
      )}
    </span>
  );
}

/** The plain word that the figures are demo data, beside them, whenever any of them is. */
export function DemoNotice() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="yellow" radius="md" icon={<IconFlask size={18} aria-hidden />}>
      <Group gap="xs" wrap="wrap" align="center">
        <Badge color="dark" variant="filled" className={classes.demoBadge}>
          {t('marketValuePage.demo.badge')}
        </Badge>
        <Text size="sm">{t('marketValuePage.demo.text')}</Text>
      </Group>
    </Alert>
  );
}

/** The total with its date, the 30-day change, the change since purchase and the wines with and without a value. */
export function KeyFigures({ data, formats }: { data: MarketValueAnswer; formats: Formats }) {
  const { t } = useTranslation();
  const { sincePurchase, change30d } = data;
  return (
    <section aria-labelledby="market-value-figures">
      <h2 id="market-value-figures" className={analytics.visuallyHidden}>
        {t('marketValuePage.figures.label')}
      </h2>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" className={analytics.figures}>
        <Figure
          label={t('marketValuePage.figures.total')}
          value={formats.money(data.total)}
          detail={t('marketValuePage.figures.asOf', { date: formatDay(data.asOf, formats.locale) })}
        />
        <Figure
          label={t('marketValuePage.figures.change30d', { days: MARKET_VALUE_WINDOW_DAYS })}
          value={<Change amount={change30d.amount} percent={change30d.percent} formats={formats} />}
          detail={change30d.percent === undefined ? t('marketValuePage.figures.noBase') : undefined}
        />
        <Figure
          label={t('marketValuePage.figures.sincePurchase')}
          value={<Change amount={sincePurchase.amount} percent={sincePurchase.percent} formats={formats} />}
          detail={t('marketValuePage.figures.purchaseValue', {
            amount: formats.money(sincePurchase.purchaseValue),
          })}
        />
        <Figure
          label={t('marketValuePage.figures.valued')}
          value={t('marketValuePage.figures.valuedCount', {
            count: data.valued,
            value: formats.count(data.valued),
          })}
          detail={
            <span className={data.unvalued > 0 ? classes.unvalued : undefined}>
              {t('marketValuePage.figures.unvalued', {
                count: data.unvalued,
                value: formats.count(data.unvalued),
              })}
            </span>
          }
        />
      </SimpleGrid>
      {data.unvalued > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('marketValuePage.figures.unvaluedHint')}
        </Text>
      )}
    </section>
  );
}
