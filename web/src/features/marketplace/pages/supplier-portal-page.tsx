import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-schema';
import { QueryProvider } from '../../../lib/query-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { PortalOrders } from '../portal/portal-orders';
import { usePortal, WAITING_COLOR } from '../portal/portal-queries';
import { PriceList } from '../portal/price-list';

/**
 * An importer account's own page (docs/marketplace.md, Importer accounts): the orders buyers placed with
 * its supplier, to answer, and its price list and stock. An account linked to no supplier is told so.
 */
export function SupplierPortalPage() {
  return (
    <QueryProvider>
      <SupplierPortal />
    </QueryProvider>
  );
}

const TABS = ['orders', 'price-list'] as const;
type Tab = (typeof TABS)[number];

function SupplierPortal() {
  const { t } = useTranslation();
  const portal = usePortal();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'price-list' ? 'price-list' : 'orders';
  usePageTitle(portal.data?.supplier.name ?? t('supplierPortal.title'));

  if (portal.isError) {
    const notLinked = portal.error instanceof ApiError && portal.error.status === 403;
    return (
      <Container size="lg" py="lg">
        <Stack gap="md">
          <Title order={1}>{t('supplierPortal.title')}</Title>
          {notLinked ? (
            <Alert variant="outline" color="cork.9" title={t('supplierPortal.notLinked.title')}>
              <Stack gap="xs">
                <Text size="sm">{t('supplierPortal.notLinked.text')}</Text>
                <Anchor component={Link} to="/suppliers" size="sm">
                  {t('supplierPortal.notLinked.suppliers')}
                </Anchor>
              </Stack>
            </Alert>
          ) : (
            <Alert variant="outline" color="red.9" title={t('supplierPortal.error')}>
              <Group justify="space-between">
                <Text size="sm">{errorMessage(portal.error)}</Text>
                <Button variant="default" size="xs" onClick={() => void portal.refetch()}>
                  {t('supplierPortal.retry')}
                </Button>
              </Group>
            </Alert>
          )}
        </Stack>
      </Container>
    );
  }

  if (!portal.data) {
    return (
      <Container size="lg" py="lg">
        <Stack gap="md" aria-busy="true">
          <Skeleton height={36} width="60%" />
          <Skeleton height={300} />
        </Stack>
      </Container>
    );
  }

  const { supplier, waiting } = portal.data;
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            {t('supplierPortal.title')}
          </Text>
          <Title order={1}>{supplier.name}</Title>
          <Group gap="xs" mt="xs">
            <Badge variant="outline" radius="sm" tt="none" color={waiting > 0 ? WAITING_COLOR : 'teal.9'}>
              {t('supplierPortal.waiting', { count: waiting })}
            </Badge>
            <Anchor component={Link} to={`/suppliers/${encodeURIComponent(supplier.id)}`} size="sm">
              {t('supplierPortal.publicPage')}
            </Anchor>
          </Group>
        </div>
        <Tabs
          value={tab}
          onChange={(next) => setParams(next === 'price-list' ? { tab: next } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="orders">{t('supplierPortal.tabs.orders')}</Tabs.Tab>
            <Tabs.Tab value="price-list">{t('supplierPortal.tabs.priceList')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="orders" pt="md">
            <PortalOrders />
          </Tabs.Panel>
          <Tabs.Panel value="price-list" pt="md">
            <PriceList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
