import type { PlanAnswer } from '@kork/shared';
import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../lib/query-client';
import { planQueryOptions } from '../api/plan-queries';

function PlanLoader({ children }: { children: (plan: PlanAnswer) => ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery(planQueryOptions());
  if (query.isPending) return <Loader size="sm" aria-label={t('billing.loading')} />;
  if (query.isError)
    return (
      <Alert variant="outline" color="red.9">
        {t('billing.loadError')}
      </Alert>
    );
  return children(query.data);
}

/**
 * The plan a card shows: the one it was given, else the signed-in account's own (`GET /api/account/plan`),
 * so a card works both inside a page that already read the plan and on its own.
 */
export function WithPlan({
  plan,
  children,
}: {
  plan: PlanAnswer | undefined;
  children: (plan: PlanAnswer) => ReactNode;
}) {
  if (plan) return children(plan);
  return (
    <QueryProvider>
      <PlanLoader>{children}</PlanLoader>
    </QueryProvider>
  );
}
