import { WINE_LIST_LIMITS, type WineListSummary } from '@kork/shared';
import {
  ActionIcon,
  Alert,
  Badge,
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
import { IconCopy, IconDots, IconFileText, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/form-schema';
import { formatDay } from '../../../lib/format-day';
import { notify } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateWineList, useDeleteWineList, usePatchAnyWineList, useWineLists } from '../api/wine-lists';
import { NameModal } from './name-modal';
import { wineListPath } from './paths';
import classes from './wine-lists-page.module.css';

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; list: WineListSummary }
  | { kind: 'duplicate'; list: WineListSummary }
  | { kind: 'delete'; list: WineListSummary };

/** The name of a copy, within the name's bound. */
function copyName(name: string, template: (name: string) => string): string {
  const full = template(name);
  if (full.length <= WINE_LIST_LIMITS.nameMax) return full;
  const room = WINE_LIST_LIMITS.nameMax - (full.length - name.length);
  return template(name.slice(0, Math.max(1, room)).trimEnd());
}

/** Every list of the cellar, and making, renaming, copying and deleting them. */
export function ListsOverview({ userId }: { userId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('wineListEditor.title'));
  const navigate = useNavigate();
  const lists = useWineLists(userId);
  const create = useCreateWineList(userId);
  const patch = usePatchAnyWineList(userId);
  const remove = useDeleteWineList(userId);
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const rows = lists.data?.rows ?? [];

  return (
    <>
      <header className={classes.intro}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1} className={classes.title}>
              {t('wineListEditor.title')}
            </Title>
            <Text c="dimmed">{t('wineListEditor.intro')}</Text>
          </div>
          {rows.length > 0 && (
            <Button
              radius="xl"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'create' })}
            >
              {t('wineListEditor.lists.create')}
            </Button>
          )}
        </Group>
      </header>

      {lists.isPending && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      )}
      {lists.isError && (
        <Alert color="red" variant="light" title={t('wineListEditor.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(lists.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void lists.refetch()}>
              {t('wineListEditor.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {lists.isSuccess && rows.length === 0 && (
        <div className={classes.empty}>
          <Stack align="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light" color="wine" aria-hidden>
              <IconFileText size={28} stroke={1.5} />
            </ThemeIcon>
            <Title order={2} size="h3">
              {t('wineListEditor.lists.emptyTitle')}
            </Title>
            <Text c="dimmed" maw={460}>
              {t('wineListEditor.lists.emptyText')}
            </Text>
            <Button
              radius="xl"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'create' })}
            >
              {t('wineListEditor.lists.createFirst')}
            </Button>
          </Stack>
        </div>
      )}
      {rows.length > 0 && (
        <ul className={classes.rows} aria-label={t('wineListEditor.lists.label')}>
          {rows.map((list) => (
            <li key={list.id} className={classes.row}>
              <div className={classes.rowMain}>
                <Link to={wineListPath(list.id)} className={classes.rowName}>
                  {list.name}
                </Link>
                <Group gap={6} mt={4}>
                  <Text size="sm" c="dimmed">
                    {t('wineListEditor.lists.printedOf', {
                      printed: list.printedCount,
                      count: list.wineCount,
                    })}
                  </Text>
                  {list.isPublic && (
                    <Badge size="sm" variant="outline" color="teal.9" radius="sm" tt="none">
                      {t('wineListEditor.public')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" mt={2}>
                  {list.lastPrintedAt
                    ? t('wineListEditor.lists.lastPrinted', { date: formatDay(list.lastPrintedAt) })
                    : t('wineListEditor.lists.neverPrinted')}
                </Text>
              </div>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('wineListEditor.lists.actions', { name: list.name })}
                  >
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => setDialog({ kind: 'rename', list })}
                  >
                    {t('wineListEditor.lists.rename')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconCopy size={16} aria-hidden />}
                    onClick={() => setDialog({ kind: 'duplicate', list })}
                  >
                    {t('wineListEditor.lists.duplicate')}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setDialog({ kind: 'delete', list })}
                  >
                    {t('wineListEditor.lists.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </li>
          ))}
        </ul>
      )}

      <NameModal
        opened={dialog?.kind === 'create'}
        title={t('wineListEditor.lists.createTitle')}
        submitLabel={t('wineListEditor.lists.createSubmit')}
        onClose={close}
        onSubmit={async (name) => {
          const list = await create.mutateAsync({ name });
          close();
          navigate(wineListPath(list.id));
        }}
      />
      <NameModal
        opened={dialog?.kind === 'rename'}
        title={t('wineListEditor.lists.renameTitle')}
        submitLabel={t('wineListEditor.save')}
        initialName={dialog?.kind === 'rename' ? dialog.list.name : ''}
        onClose={close}
        onSubmit={async (name) => {
          if (dialog?.kind !== 'rename') return;
          await patch.mutateAsync({ listId: dialog.list.id, patch: { name } });
          close();
        }}
      />
      <NameModal
        opened={dialog?.kind === 'duplicate'}
        title={t('wineListEditor.lists.duplicateTitle')}
        submitLabel={t('wineListEditor.lists.duplicateSubmit')}
        initialName={
          dialog?.kind === 'duplicate'
            ? copyName(dialog.list.name, (name) => t('wineListEditor.lists.copyName', { name }))
            : ''
        }
        onClose={close}
        onSubmit={async (name) => {
          if (dialog?.kind !== 'duplicate') return;
          await create.mutateAsync({ name, copyOf: dialog.list.id });
          notify.success(t('wineListEditor.lists.duplicated', { name }));
          close();
        }}
      />
      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={t('wineListEditor.lists.deleteTitle')}
        centered
      >
        {dialog?.kind === 'delete' && (
          <Stack gap="md">
            <Text>{t('wineListEditor.lists.deleteText', { name: dialog.list.name })}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" radius="xl" onClick={close}>
                {t('wineListEditor.cancel')}
              </Button>
              <Button
                color="red"
                radius="xl"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(dialog.list.id, {
                    onSuccess: () => {
                      notify.success(t('wineListEditor.lists.deleted', { name: dialog.list.name }));
                      close();
                    },
                    onError: (error) => notify.error(errorMessage(error)),
                  })
                }
              >
                {t('wineListEditor.lists.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
