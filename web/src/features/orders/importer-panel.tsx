import { Alert, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage } from '../../lib/form-schema';
import { formatDay } from '../../lib/format-day';
import { notify } from '../../lib/notify';
import { useImporterConnections, useRequestImporterConnection } from './api/orders';
import { ConnectionBadge } from './order-badges';
import classes from './orders-page.module.css';

/**
 * Order import from importers (SPEC §6: it needs activation): the importers behind the cellar's wines,
 * asking for a connection, and which ones an admin has activated.
 */
/** Importers shown before "Show all". */
const SHOWN_FIRST = 8;

export function ImporterPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const connections = useImporterConnections(userId);
  const request = useRequestImporterConnection(userId);
  const [asking, setAsking] = useState<string>();
  const [showAll, setShowAll] = useState(false);
  const all = connections.data?.rows ?? [];
  // The importers behind most wines first; a long tail waits behind "Show all".
  const rows = showAll ? all : all.slice(0, SHOWN_FIRST);

  return (
    <section aria-labelledby="importer-panel-title" className={classes.panel}>
      <Title order={2} size="h4" id="importer-panel-title">
        {t('ordersPage.importers.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('ordersPage.importers.intro')}
      </Text>
      {connections.isPending && <Skeleton height={48} aria-busy="true" />}
      {connections.isError && (
        <Alert color="red" title={t('ordersPage.importers.loadError')}>
          <Button size="xs" variant="light" onClick={() => void connections.refetch()}>
            {t('ordersPage.retry')}
          </Button>
        </Alert>
      )}
      {connections.data && all.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('ordersPage.importers.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <ul className={classes.lines}>
          {rows.map((connection) => (
            <li key={connection.importer} className={classes.line}>
              <Group justify="space-between" gap="xs" align="center" wrap="wrap">
                <div className={classes.importerName}>
                  <Text fw={600} size="sm" className={classes.wrap}>
                    {connection.importer}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('ordersPage.importers.wines', { count: connection.wines })}
                    {connection.status === 'requested' && connection.requestedAt
                      ? ` · ${t('ordersPage.importers.requestedAt', { date: formatDay(connection.requestedAt, locale) })}`
                      : ''}
                    {connection.status === 'active' && connection.activatedAt
                      ? ` · ${t('ordersPage.importers.activatedAt', { date: formatDay(connection.activatedAt, locale) })}`
                      : ''}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <ConnectionBadge status={connection.status} />
                  {connection.status === 'needsActivation' && (
                    <Button
                      size="xs"
                      variant="light"
                      radius="xl"
                      loading={asking === connection.importer && request.isPending}
                      aria-label={t('ordersPage.importers.requestOne', { name: connection.importer })}
                      onClick={() => {
                        setAsking(connection.importer);
                        request.mutate(connection.importer, {
                          onSuccess: () =>
                            notify.success(
                              t('ordersPage.importers.requested', { name: connection.importer }),
                            ),
                          onError: (error) => notify.error(errorMessage(error)),
                        });
                      }}
                    >
                      {t('ordersPage.importers.request')}
                    </Button>
                  )}
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {all.length > SHOWN_FIRST && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setShowAll((shown) => !shown)}>
          {showAll
            ? t('ordersPage.importers.showFewer')
            : t('ordersPage.importers.showAll', { count: all.length })}
        </Button>
      )}
    </section>
  );
}
