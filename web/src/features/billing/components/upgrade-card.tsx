import { PAID_PLANS, type PaidPlan, type PlanAnswer } from '@kork/shared';
import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WithPlan } from './plan-query';

/** Where a plan is bought: its own checkout link, else the one link for every plan; none when not configured. */
export function checkoutUrlOf(plan: PlanAnswer, choice: PaidPlan): string | undefined {
  return plan.checkoutUrls?.[choice] ?? plan.checkoutUrl;
}

export function UpgradeCardBody({
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
  const links = PAID_PLANS.map((choice) => ({ choice, url: checkoutUrlOf(plan, choice) }));
  const anyCheckout = links.some((link) => link.url);
  return (
    <Paper
      withBorder={!embedded}
      radius="lg"
      p={embedded ? 0 : { base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <div>
          <Title order={headingOrder} size="h3" id={headingId}>
            {t('billing.upgrade.title')}
          </Title>
          <Text mt={4}>{t('billing.upgrade.intro')}</Text>
        </div>
        <List
          spacing={4}
          icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-wine-7)" />}
          styles={{ itemWrapper: { alignItems: 'flex-start' } }}
        >
          <List.Item>{t('billing.upgrade.points.valuations')}</List.Item>
          <List.Item>{t('billing.upgrade.points.figures')}</List.Item>
          <List.Item>{t('billing.upgrade.points.sources')}</List.Item>
        </List>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {links.map(({ choice, url }) => (
            <Paper key={choice} withBorder radius="md" p="md" bg="gray.0">
              <Stack gap={6} h="100%" justify="space-between">
                <div>
                  <Text fw={700} size="lg">
                    {t(`billing.plans.${choice}`)}
                  </Text>
                  <Text size="sm">{t(`billing.upgrade.summary.${choice}`)}</Text>
                  <Text size="sm" fw={600} mt={4}>
                    {t('billing.upgrade.price')}
                  </Text>
                </div>
                {url && (
                  <Button component="a" href={url} radius="xl" color="wine.8" fullWidth>
                    {t('billing.upgrade.choose', { plan: t(`billing.plans.${choice}`) })}
                  </Button>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        {!anyCheckout && (
          <Group gap="sm" wrap="wrap">
            <Text size="sm">{t('billing.upgrade.contactText')}</Text>
            {plan.contactEmail && (
              <Button
                component="a"
                href={`mailto:${plan.contactEmail}`}
                variant="outline"
                color="wine.8"
                radius="xl"
                leftSection={<IconMail size={16} aria-hidden />}
              >
                {t('billing.upgrade.contact')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * What Plus and Pro give (market value analytics from daily valuations, from $100/month, SPEC §1/§9) and a
 * way to buy each: the plan's checkout link, or "contact us" when no checkout is configured. Shows the
 * given plan answer, else reads the signed-in account's own.
 */
export function UpgradeCard({ plan, headingOrder = 2 }: { plan?: PlanAnswer; headingOrder?: 2 | 3 }) {
  return (
    <WithPlan plan={plan}>
      {(answer) => <UpgradeCardBody plan={answer} headingOrder={headingOrder} />}
    </WithPlan>
  );
}
