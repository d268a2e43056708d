import type { SupplierAnswerInput, SupplierOrderView } from '@kork/shared';
import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-schema';
import { QueryProvider } from '../../../lib/query-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatDate } from '../../../lib/wine-text';
import { answerSupplierLink, marketKeys } from '../api/marketplace';
import { supplierLinkQuery } from '../api/supplier-queries';
import { OrderParties } from '../link/order-parties';
import { tokenFromHash } from '../link/token';
import { SupplierOrderAnswer } from '../supplier-order-answer';

/**
 * A supplier's order from its mail (SPEC §4): no account, the signed link's token in the address's
 * fragment (`#t=…`), which never reaches a server log; it travels in the body of the calls only.
 */
export function SupplierOrderPage() {
  return (
    <QueryProvider>
      <SupplierOrder />
    </QueryProvider>
  );
}

function SupplierOrder() {
  const { t } = useTranslation();
  usePageTitle(t('marketSuppliers.link.title'));
  const { hash } = useLocation();
  const token = tokenFromHash(hash);
  const client = useQueryClient();
  const result = useQuery({ ...supplierLinkQuery(token ?? ''), enabled: token !== null });

  const onAnswer = async (answer: SupplierAnswerInput): Promise<SupplierOrderView> => {
    if (!token) throw new Error('No link');
    try {
      const view = await answerSupplierLink(token, answer);
      client.setQueryData(marketKeys.supplierLink(token), view);
      return view;
    } catch (error) {
      // The order changed meanwhile: show it as it stands now, and the form says why.
      if (error instanceof ApiError && error.status === 409) await result.refetch();
      throw error;
    }
  };

  if (token === null) {
    return (
      <LinkProblem
        title={t('marketSuppliers.link.missingTitle')}
        text={t('marketSuppliers.link.missingText')}
      />
    );
  }

  if (result.isError) {
    const status = result.error instanceof ApiError ? result.error.status : 0;
    const title =
      status === 410
        ? t('marketSuppliers.link.expiredTitle')
        : status === 401 || status === 400 || status === 403 || status === 404
          ? t('marketSuppliers.link.invalidTitle')
          : t('marketSuppliers.link.errorTitle');
    const lasting = status >= 400 && status < 500;
    return (
      <LinkProblem
        title={title}
        text={errorMessage(result.error)}
        more={lasting ? t('marketSuppliers.link.contactBuyer') : undefined}
        onRetry={lasting ? undefined : () => void result.refetch()}
      />
    );
  }

  const view = result.data;
  if (!view) {
    return (
      <Container size="md" py="lg">
        <Stack gap="md" aria-busy="true">
          <Text>{t('marketSuppliers.link.loading')}</Text>
          <Skeleton height={36} width="60%" />
          <Skeleton height={160} />
          <Skeleton height={240} />
        </Stack>
      </Container>
    );
  }

  return <OrderView view={view} onAnswer={onAnswer} />;
}

function OrderView({
  view,
  onAnswer,
}: {
  view: SupplierOrderView;
  onAnswer: (answer: SupplierAnswerInput) => Promise<SupplierOrderView>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Text size="sm" c="dimmed">
            {view.supplierName}
          </Text>
          <Title order={1}>{t('marketSuppliers.link.from', { buyer: view.buyerName })}</Title>
          <Text c="dimmed">
            {t('marketSuppliers.link.placed', { date: formatDate(view.placedAt, locale) })}
            {view.expiresAt
              ? ` · ${t('marketSuppliers.link.expires', { date: formatDate(view.expiresAt, locale) })}`
              : ''}
          </Text>
        </div>
        <OrderParties view={view} />
        <SupplierOrderAnswer view={view} onAnswer={onAnswer} />
      </Stack>
    </Container>
  );
}

function LinkProblem({
  title,
  text,
  more,
  onRetry,
}: {
  title: string;
  text: string;
  more?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Alert color="red" variant="light" role="alert" data-testid="supplier-link-problem">
          {text}
        </Alert>
        {more && <Text>{more}</Text>}
        {onRetry && (
          <Button variant="default" w="fit-content" onClick={onRetry}>
            {t('marketSuppliers.link.retry')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
