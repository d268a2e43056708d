import { isPaidPlan, type PlanAnswer } from '@kork/shared';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format-day';
import { WithPlan } from './plan-query';

/** The line under the plan's name: a waiting change first, then the end, then the renewal. */
export function usePlanDateLine(plan: PlanAnswer): string | undefined {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  if (plan.pending)
    return t('billing.card.changesTo', {
      plan: t(`billing.plans.${plan.pending.plan}`),
      date: formatDay(plan.pending.from, locale),
    });
  if (plan.endsAt) return t('billing.card.endsOn', { date: formatDay(plan.endsAt, locale) });
  if (plan.renewsAt) return t('billing.card.renewsOn', { date: formatDay(plan.renewsAt, locale) });
  return undefined;
}

export function PlanCardBody({
  plan,
  headingOrder,
  embedded = false,
}: {
  plan: PlanAnswer;
  headingOrder: 2 | 3;
  /** Inside a section of its own: no frame of its own. */
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const dateLine = usePlanDateLine(plan);
  return (
    <Paper
      withBorder={!embedded}
      radius="lg"
      p={embedded ? 0 : { base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={headingOrder} size="h3" id={headingId}>
            {t('billing.card.title')}
          </Title>
          <Badge variant="light" color="wine" radius="sm" size="lg">
            {t(`billing.plans.${plan.plan}`)}
          </Badge>
        </Group>
        <Text>{t(`billing.card.includes.${isPaidPlan(plan.plan) ? 'paid' : 'free'}`)}</Text>
        {dateLine && <Text fw={600}>{dateLine}</Text>}
        {plan.manual && (
          <Text size="sm" c="dimmed">
            {t('billing.card.manual')}
          </Text>
        )}
        {plan.portalUrl && (
          <Group>
            <Button
              component="a"
              href={plan.portalUrl}
              variant="outline"
              color="wine.8"
              radius="xl"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('billing.card.manage')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The account's plan: its name, when it renews or ends (or the downgrade waiting for the end of the paid
 * period) and "Manage subscription" to the payment provider's billing portal. Shows the given plan
 * answer, else reads the signed-in account's own.
 */
export function PlanCard({ plan, headingOrder = 2 }: { plan?: PlanAnswer; headingOrder?: 2 | 3 }) {
  return (
    <WithPlan plan={plan}>{(answer) => <PlanCardBody plan={answer} headingOrder={headingOrder} />}</WithPlan>
  );
}
