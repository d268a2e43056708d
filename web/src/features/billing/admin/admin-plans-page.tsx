import { type AdminPlanAnswer, AdminPlanBody, PLANS, type Plan, type PlanAuditEntry } from '@kork/shared';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors, errorMessage, schemaValidator } from '../../../lib/form-schema';
import { formatDay } from '../../../lib/format-day';
import { notify } from '../../../lib/notify';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminPlanQueryOptions, planKeys, setUserPlanMutationOptions } from '../api/plan-queries';
import { usePlanDateLine } from '../components/plan-card';

export const ADMIN_PLANS_PATH = '/admin/plans';

/**
 * The user id an administrator typed or pasted: the id itself, or the address of a profile page
 * (`…/users/<id>`, `…/restaurants/<id>`), whose last part is the id.
 */
export function userIdFrom(input: string): string {
  const text = input.trim();
  if (!text.includes('/')) return text;
  const path = text.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path.split('/').filter(Boolean).at(-1) ?? '';
}

function UserLookup({ onFind }: { onFind: (userId: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const userId = userIdFrom(value);
    if (userId) onFind(userId);
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('billing.admin.userLabel')}
          description={t('billing.admin.userDescription')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          maxLength={300}
          style={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <Button type="submit" radius="xl" color="wine.8">
          {t('billing.admin.find')}
        </Button>
      </Group>
    </form>
  );
}

function CurrentPlan({ answer }: { answer: AdminPlanAnswer }) {
  const { t } = useTranslation();
  const dateLine = usePlanDateLine(answer);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {t('billing.admin.account')}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {[answer.fullName, answer.email].filter(Boolean).join(' · ') || answer.userId}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {answer.userId}
      </Text>
      <Group gap="sm" mt="xs" wrap="wrap">
        <Text fw={600}>{t('billing.admin.current')}</Text>
        <Badge variant="light" color="wine" radius="sm" size="lg">
          {t(`billing.plans.${answer.plan}`)}
        </Badge>
        {answer.manual && (
          <Text size="sm" c="dimmed">
            {t('billing.card.manual')}
          </Text>
        )}
      </Group>
      {dateLine && <Text size="sm">{dateLine}</Text>}
    </Stack>
  );
}

interface PlanFormValues {
  plan: Plan;
  reason: string;
}

function PlanForm({ answer }: { answer: AdminPlanAnswer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation(setUserPlanMutationOptions(answer.userId));
  const form = useForm<PlanFormValues>({
    mode: 'controlled',
    initialValues: { plan: answer.plan, reason: '' },
    validate: schemaValidator<PlanFormValues>(AdminPlanBody),
  });
  const submit = form.onSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (saved) => {
        if (saved) queryClient.setQueryData(planKeys.user(answer.userId), saved);
        void queryClient.invalidateQueries({ queryKey: planKeys.user(answer.userId) });
        form.setFieldValue('reason', '');
        notify.success(t('billing.admin.saved'));
      },
      onError: (error) => {
        form.setErrors(apiFieldErrors(error));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <div>
          <Text fw={600} size="sm" mb={4} id="admin-plan-choice">
            {t('billing.admin.newPlan')}
          </Text>
          <SegmentedControl
            aria-labelledby="admin-plan-choice"
            data={PLANS.map((plan) => ({ value: plan, label: t(`billing.plans.${plan}`) }))}
            {...form.getInputProps('plan')}
            fullWidth
            color="wine.8"
          />
          {form.errors.plan && (
            <Text c="red.9" size="sm" mt={4}>
              {form.errors.plan}
            </Text>
          )}
        </div>
        <Textarea
          label={t('billing.admin.reason')}
          description={t('billing.admin.reasonDescription')}
          minRows={3}
          withAsterisk
          {...form.getInputProps('reason')}
        />
        {mutation.isError && !Object.keys(apiFieldErrors(mutation.error)).length && (
          <Alert variant="outline" color="red.9">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" radius="xl" color="wine.8" loading={mutation.isPending}>
            {t('billing.admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AuditHistory({ entries }: { entries: readonly PlanAuditEntry[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('billing.admin.history')}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('billing.admin.noHistory')}</Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Paper component="li" key={`${entry.at}-${entry.plan}`} withBorder radius="md" p="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600}>
                  {entry.previousPlan
                    ? t('billing.admin.change', {
                        from: t(`billing.plans.${entry.previousPlan}`),
                        to: t(`billing.plans.${entry.plan}`),
                      })
                    : t(`billing.plans.${entry.plan}`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDay(entry.at, i18n.resolvedLanguage)}
                </Text>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.reason}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('billing.admin.historyBy')}:{' '}
                {entry.by ? (entry.byName ?? entry.by) : t('billing.admin.byProvider')}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}

function UserPlan({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useQuery(adminPlanQueryOptions(userId));
  if (query.isPending) return <Loader size="sm" aria-label={t('billing.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert variant="outline" color="red.9">
        {notFound ? t('billing.admin.notFound') : errorMessage(query.error)}
      </Alert>
    );
  }
  const answer = query.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <CurrentPlan answer={answer} />
          {/* Keyed by the plan so the choice starts from the plan as it is after a save. */}
          <PlanForm key={`${answer.userId}-${answer.plan}`} answer={answer} />
        </Stack>
      </Paper>
      <AuditHistory entries={answer.audit ?? []} />
    </Stack>
  );
}

/** Admin: set an account's plan by hand, with a reason the server keeps in the plan's audit history. */
export function AdminPlansPage() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('billing.admin.title'));
  const [userId, setUserId] = useState('');
  const admin = session.status === 'authenticated' && session.user.role === 'admin';
  return (
    <Container size="sm" py="lg" px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={1}>{t('billing.admin.title')}</Title>
          <Text c="dimmed">{t('billing.admin.intro')}</Text>
        </div>
        {admin ? (
          <QueryProvider>
            <UserLookup onFind={setUserId} />
            {userId && <UserPlan key={userId} userId={userId} />}
          </QueryProvider>
        ) : (
          session.status === 'authenticated' && (
            <Alert variant="outline" color="red.9">
              {t('billing.admin.adminsOnly')}
            </Alert>
          )
        )}
      </Stack>
    </Container>
  );
}
