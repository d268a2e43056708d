import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { QueryProvider } from '../../../lib/query-client';
import { requestedConnectionsQuery } from '../api/admin-queries';
import { activateConnection } from '../api/importer-connections';

/**
 * Admin: order import from importers needs activation (SPEC §6). The connections cellars asked for, and
 * activating one; an activated connection leaves this list and shows as active on the cellar's orders page.
 */
export function ImporterConnections() {
  return (
    <QueryProvider>
      <Connections />
    </QueryProvider>
  );
}

function Connections() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const client = useQueryClient();
  const requested = useQuery(requestedConnectionsQuery());
  const rows = requested.data?.rows;
  const [busy, setBusy] = useState<string>();
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });

  async function activate(ownerId: string, importer: string) {
    setBusy(`${ownerId}/${importer}`);
    try {
      await activateConnection(ownerId, importer);
      notify.success(t('ordersPage.admin.activated', { importer, owner: ownerId }));
      void client.invalidateQueries({ queryKey: requestedConnectionsQuery().queryKey });
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb={4}>
        {t('ordersPage.admin.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('ordersPage.admin.intro')}
      </Text>
      {!rows && !requested.isError && <Skeleton height={64} radius="md" />}
      {!rows && requested.isError && (
        <Alert color="wine" variant="light">
          <Group justify="space-between">
            <Text size="sm">{t('ordersPage.admin.loadError')}</Text>
            <Button size="xs" variant="white" radius="xl" onClick={() => void requested.refetch()}>
              {t('ordersPage.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {rows && rows.length === 0 && <Text c="dimmed">{t('ordersPage.admin.empty')}</Text>}
      {rows && rows.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((connection) => {
            const key = `${connection.ownerId}/${connection.importer}`;
            return (
              <li key={key}>
                <Group
                  justify="space-between"
                  gap="xs"
                  p="sm"
                  style={{
                    border: '1px solid var(--mantine-color-default-border)',
                    borderRadius: 'var(--mantine-radius-md)',
                  }}
                >
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {connection.importer}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('ordersPage.admin.owner')}: {connection.ownerId}
                      {connection.requestedAt
                        ? ` · ${t('ordersPage.admin.requestedAt')}: ${day.format(new Date(connection.requestedAt))}`
                        : ''}
                    </Text>
                  </div>
                  <Button
                    size="xs"
                    radius="xl"
                    loading={busy === key}
                    disabled={busy !== undefined && busy !== key}
                    aria-label={t('ordersPage.admin.activateOne', {
                      importer: connection.importer,
                      owner: connection.ownerId,
                    })}
                    onClick={() => void activate(connection.ownerId, connection.importer)}
                  >
                    {t('ordersPage.admin.activate')}
                  </Button>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
