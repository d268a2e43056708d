import type { AdminPlanAnswer, AdminPlanBody, PlanAnswer } from '@kork/shared';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The plan's reads as TanStack Query options; an administrator's change refreshes what it changed. */
export const planKeys = {
  mine: ['account', 'plan'] as const,
  user: (userId: string) => ['admin', 'user-plan', userId] as const,
};

/** `GET /api/account/plan`: the signed-in account's plan, its dates and where to upgrade or manage it. */
export const planQueryOptions = () =>
  queryOptions({
    queryKey: planKeys.mine,
    queryFn: ({ signal }) => api.get<PlanAnswer>('/account/plan', { signal }),
  });

/** `GET /api/admin/users/{id}/plan`: an account's plan and its audit history, for an administrator. */
export const adminPlanQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: planKeys.user(userId),
    queryFn: ({ signal }) =>
      api.get<AdminPlanAnswer>(`/admin/users/${encodeURIComponent(userId)}/plan`, { signal }),
    enabled: userId.length > 0,
    retry: false,
  });

/** `PUT /api/admin/users/{id}/plan`: an administrator sets an account's plan by hand, with a reason. */
export const setUserPlanMutationOptions = (userId: string) =>
  mutationOptions({
    mutationKey: ['admin', 'set-user-plan', userId],
    mutationFn: (body: AdminPlanBody) =>
      api.put<AdminPlanAnswer>(`/admin/users/${encodeURIComponent(userId)}/plan`, { body }),
  });
