import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { AdminSuppliers } from '../portal/admin-suppliers';

/** Admin: the marketplace's suppliers, their importer accounts and order import (SPEC §6). */
export function AdminSuppliersPage() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('supplierPortal.admin.title'));
  const admin = session.status === 'authenticated' && session.user.role === 'admin';
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1}>{t('supplierPortal.admin.title')}</Title>
          <Text c="dimmed">{t('supplierPortal.admin.intro')}</Text>
        </div>
        {admin ? (
          <QueryProvider>
            <AdminSuppliers />
          </QueryProvider>
        ) : (
          session.status === 'authenticated' && (
            <Alert variant="outline" color="red.9">
              {t('supplierPortal.admin.adminsOnly')}
            </Alert>
          )
        )}
      </Stack>
    </Container>
  );
}
