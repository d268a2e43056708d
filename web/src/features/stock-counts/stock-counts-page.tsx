import type { StockCount } from '@kork/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClipboardList, IconDots, IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/form-schema';
import { formatDay } from '../../lib/format-day';
import { notify } from '../../lib/notify';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { reportFileName, useDeleteStockCount, useStockCountPdf, useStockCounts } from './api/stock-counts';
import { CountBadges, CountFigures } from './count-badges';
import { countTitle } from './count-format';
import { NewCountModal } from './new-count-modal';
import { countPath, STOCK_COUNTS_PATH } from './paths';
import { forgetCount } from './queue/count-store';
import classes from './stock-counts.module.css';

/** The cellar's stock counts (SPEC §3 Stock count): every count, a new one, the report of each. */
export function StockCountsPage() {
  return (
    <QueryProvider>
      <StockCountsScreen />
    </QueryProvider>
  );
}

function StockCountsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className={classes.page}>
      {session.status === 'loading' && (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={36} width="40%" />
          <Skeleton height={96} />
        </Stack>
      )}
      {session.status === 'anonymous' && (
        <Text>
          {t('stockCounts.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(STOCK_COUNTS_PATH)}`}>
            {t('stockCounts.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' && (
        <CountsOverview key={session.user.id} userId={session.user.id} />
      )}
    </div>
  );
}

function CountsOverview({ userId }: { userId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('stockCounts.title'));
  const navigate = useNavigate();
  const counts = useStockCounts(userId);
  const remove = useDeleteStockCount(userId);
  const pdf = useStockCountPdf(userId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<StockCount>();
  const rows = counts.data?.rows ?? [];
  const unnamed = (date: string) => t('stockCounts.unnamed', { date });

  const newCountButton = (label: string) => (
    <Button radius="xl" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      {label}
    </Button>
  );

  return (
    <>
      <header className={classes.intro}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1} className={classes.title}>
              {t('stockCounts.title')}
            </Title>
            <Text c="dimmed">{t('stockCounts.intro')}</Text>
          </div>
          {rows.length > 0 && newCountButton(t('stockCounts.list.create'))}
        </Group>
      </header>

      {counts.isPending && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      )}
      {counts.isError && (
        <Alert color="red" variant="light" title={t('stockCounts.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(counts.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void counts.refetch()}>
              {t('stockCounts.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {counts.isSuccess && rows.length === 0 && (
        <div className={classes.empty}>
          <Stack align="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light" color="wine" aria-hidden>
              <IconClipboardList size={28} stroke={1.5} />
            </ThemeIcon>
            <Title order={2} size="h3">
              {t('stockCounts.list.emptyTitle')}
            </Title>
            <Text c="dimmed" maw={460}>
              {t('stockCounts.list.emptyText')}
            </Text>
            {newCountButton(t('stockCounts.list.createFirst'))}
          </Stack>
        </div>
      )}
      {rows.length > 0 && (
        <ul className={classes.rows} aria-label={t('stockCounts.list.label')}>
          {rows.map((count) => {
            const title = countTitle(count, unnamed);
            return (
              <li key={count.id} className={classes.row}>
                <div className={classes.rowMain}>
                  <Group gap={6} wrap="wrap">
                    <Link to={countPath(count.id)} className={classes.rowName}>
                      {title}
                    </Link>
                    <CountBadges count={count} />
                  </Group>
                  <Text size="sm" c="dimmed" mt={2}>
                    {formatDay(count.date)}
                    {' · '}
                    {count.locationIds === null
                      ? t('stockCounts.list.wholeCellar')
                      : t('stockCounts.list.locations', { count: count.locationIds.length })}
                  </Text>
                  <CountFigures summary={count.summary} currency={count.currency} />
                  <Text size="xs" c="dimmed" mt={4}>
                    {count.counters.length > 0
                      ? t('stockCounts.list.counters', {
                          names: count.counters.map((counter) => counter.name).join(', '),
                        })
                      : t('stockCounts.list.noCounters')}
                  </Text>
                </div>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t('stockCounts.list.actions', { name: title })}
                    >
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => navigate(countPath(count.id))}>
                      {t('stockCounts.list.open')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconDownload size={16} aria-hidden />}
                      onClick={() =>
                        pdf.mutate(
                          { countId: count.id, fileName: reportFileName(count, t('stockCounts.title')) },
                          { onError: (error) => notify.error(errorMessage(error)) },
                        )
                      }
                    >
                      {t('stockCounts.list.pdf')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => setDeleting(count)}
                    >
                      {t('stockCounts.list.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </li>
            );
          })}
        </ul>
      )}

      <NewCountModal
        userId={userId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(count) => {
          setCreating(false);
          navigate(countPath(count.id));
        }}
      />
      <Modal
        opened={Boolean(deleting)}
        onClose={() => setDeleting(undefined)}
        title={t('stockCounts.list.deleteTitle')}
        centered
      >
        {deleting && (
          <Stack gap="md">
            <Text>{t('stockCounts.list.deleteText', { name: countTitle(deleting, unnamed) })}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" radius="xl" onClick={() => setDeleting(undefined)}>
                {t('stockCounts.cancel')}
              </Button>
              <Button
                color="red"
                radius="xl"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting.id, {
                    onSuccess: () => {
                      void forgetCount(deleting.id).catch(() => undefined);
                      notify.success(t('stockCounts.list.deleted', { name: countTitle(deleting, unnamed) }));
                      setDeleting(undefined);
                    },
                    onError: (error) => notify.error(errorMessage(error)),
                  })
                }
              >
                {t('stockCounts.list.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
