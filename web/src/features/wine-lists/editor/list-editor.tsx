import type { WineListDetail, WineListLayout } from '@kork/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-schema';
import { formatDay } from '../../../lib/format-day';
import { notify } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { pdfFileName, usePatchWineList, useWineList, useWineListPdf } from '../api/wine-lists';
import { checkLayout, formValuesOf, type LayoutFormValues, layoutApiErrors, sameLayout } from './layout-form';
import classes from './list-editor.module.css';
import { WINE_LISTS_PATH } from './paths';
import { SetupForm } from './setup-form';
import { SharePanel } from './share-panel';
import { WinesPanel } from './wines-panel';

// The preview (layout, fonts, SVG) downloads with the first list opened, never with the app's first screen.
const WineListPreview = lazy(() =>
  import('../preview/wine-list-preview').then((module) => ({ default: module.WineListPreview })),
);

export function ListEditor({ userId, listId }: { userId: string; listId: string }) {
  const { t } = useTranslation();
  const detail = useWineList(userId, listId);
  usePageTitle(detail.data?.name ?? t('wineListEditor.title'));

  return (
    <>
      <Anchor component={Link} to={WINE_LISTS_PATH} size="sm" className={classes.back}>
        <IconArrowLeft size={14} aria-hidden /> {t('wineListEditor.allLists')}
      </Anchor>
      {detail.isPending && (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={36} width="50%" />
          <Skeleton height={320} />
        </Stack>
      )}
      {detail.isError && !detail.data && (
        <Alert color="red" variant="light" title={t('wineListEditor.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {detail.error instanceof ApiError && detail.error.status === 404
                ? t('wineListEditor.notFound')
                : errorMessage(detail.error)}
            </Text>
            <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
              {t('wineListEditor.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {detail.data && <EditorBody userId={userId} detail={detail.data} reload={() => detail.refetch()} />}
    </>
  );
}

/** Keeps the identity of an equal layout, so the preview lays out again only when something changed. */
function useStableLayout(layout: WineListLayout | undefined, fallback: WineListLayout): WineListLayout {
  const last = useRef<WineListLayout>(fallback);
  if (layout && !sameLayout(layout, last.current)) last.current = layout;
  return last.current;
}

function EditorBody({
  userId,
  detail,
  reload,
}: {
  userId: string;
  detail: WineListDetail;
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [values, setValues] = useState<LayoutFormValues>(() => formValuesOf(detail.layout, locale));
  const [apiErrors, setApiErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [copy, setCopy] = useState<'guest' | 'staff'>('guest');
  const [tab, setTab] = useState<string | null>('wines');
  const checked = useMemo(() => checkLayout(values, locale), [values, locale]);
  const errors = { ...apiErrors, ...checked.errors };
  const hasErrors = Object.keys(checked.errors).length > 0;
  const previewLayout = useStableLayout(checked.layout, detail.layout);
  const dirty = !checked.layout || !sameLayout(checked.layout, detail.layout);
  const save = usePatchWineList(userId, detail.id);
  const pdf = useWineListPdf(userId, detail.id);
  const printedCount = detail.entries.filter((entry) => entry.printed).length;

  function change(update: (current: LayoutFormValues) => LayoutFormValues, field: string) {
    setValues(update);
    if (apiErrors[field]) setApiErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function submit() {
    if (hasErrors) return;
    save.mutate(
      { layout: checked.input as unknown as WineListLayout, expectedVersion: detail.version },
      {
        onSuccess: () => {
          setApiErrors({});
          setConflict(false);
          notify.success(t('wineListEditor.setup.saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setConflict(true);
            return;
          }
          const fields = error instanceof ApiError ? layoutApiErrors(error.fields) : {};
          setApiErrors(fields);
          if (Object.keys(fields).length > 0) setTab('setup');
          notify.error(errorMessage(error));
        },
      },
    );
  }

  function download(which: 'guest' | 'staff', open = false) {
    const target = open ? window.open('', '_blank') : null;
    pdf.mutate(
      {
        copy: which,
        fileName: pdfFileName(
          detail.name,
          which === 'staff' ? t('wineListEditor.pdf.staffSuffix') : t('wineListEditor.pdf.guestSuffix'),
        ),
        ...(target ? { open: target } : {}),
      },
      { onError: (error) => notify.error(errorMessage(error)) },
    );
  }

  const pdfBusy = pdf.isPending ? pdf.variables?.copy : undefined;

  return (
    <div className={classes.editor}>
      <header className={classes.header}>
        <div className={classes.headerText}>
          <Title order={1} className={classes.title}>
            {detail.name}
          </Title>
          <Group gap={6} mt={4}>
            <Text size="sm" c="dimmed">
              {t('wineListEditor.lists.printedOf', { printed: printedCount, count: detail.entries.length })}
            </Text>
            <Badge
              size="sm"
              variant="outline"
              color={detail.isPublic ? 'teal.9' : 'gray.8'}
              radius="sm"
              tt="none"
            >
              {detail.isPublic ? t('wineListEditor.public') : t('wineListEditor.private')}
            </Badge>
            {detail.lastPrintedAt && (
              <Text size="xs" c="dimmed">
                {t('wineListEditor.lists.lastPrinted', { date: formatDay(detail.lastPrintedAt) })}
              </Text>
            )}
          </Group>
        </div>
        <Group gap="xs" className={classes.actions}>
          <Button
            radius="xl"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={pdfBusy === 'guest'}
            disabled={Boolean(pdfBusy) && pdfBusy !== 'guest'}
            onClick={() => download('guest')}
          >
            {t('wineListEditor.pdf.download')}
          </Button>
          <Button
            radius="xl"
            variant="light"
            leftSection={<IconUsers size={16} aria-hidden />}
            loading={pdfBusy === 'staff'}
            disabled={Boolean(pdfBusy) && pdfBusy !== 'staff'}
            onClick={() => download('staff')}
          >
            {t('wineListEditor.pdf.staff')}
          </Button>
          <Button
            radius="xl"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            disabled={Boolean(pdfBusy)}
            onClick={() => download('guest', true)}
          >
            {t('wineListEditor.pdf.print')}
          </Button>
        </Group>
        {pdfBusy && (
          <Text size="sm" c="dimmed" role="status" className={classes.fullRow}>
            {t('wineListEditor.pdf.rendering')}
          </Text>
        )}
      </header>

      {conflict && (
        <Alert color="orange" variant="light" title={t('wineListEditor.conflict.title')} mb="md">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('wineListEditor.conflict.text')}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  void reload().then(() => {
                    setConflict(false);
                  })
                }
              >
                {t('wineListEditor.conflict.reload')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {dirty && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          className={classes.saveBar}
          role="region"
          aria-label={t('wineListEditor.setup.unsaved')}
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {hasErrors ? t('wineListEditor.setup.fixErrors') : t('wineListEditor.setup.unsaved')}
            </Text>
            <Group gap="xs">
              <Button
                size="sm"
                variant="default"
                radius="xl"
                onClick={() => {
                  setValues(formValuesOf(detail.layout, locale));
                  setApiErrors({});
                }}
              >
                {t('wineListEditor.setup.discard')}
              </Button>
              <Button size="sm" radius="xl" onClick={submit} loading={save.isPending} disabled={hasErrors}>
                {t('wineListEditor.setup.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      <div className={classes.columns}>
        <div className={classes.panel}>
          <Tabs value={tab} onChange={setTab} keepMounted>
            <Tabs.List grow>
              <Tabs.Tab value="wines">{t('wineListEditor.tabs.wines')}</Tabs.Tab>
              <Tabs.Tab value="setup">{t('wineListEditor.tabs.setup')}</Tabs.Tab>
              <Tabs.Tab value="share">{t('wineListEditor.tabs.share')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="wines" pt="md">
              <WinesPanel userId={userId} detail={detail} />
            </Tabs.Panel>
            <Tabs.Panel value="setup" pt="md">
              <SetupForm userId={userId} detail={detail} values={values} onChange={change} errors={errors} />
              <Group justify="flex-end" mt="lg">
                <Button radius="xl" onClick={submit} loading={save.isPending} disabled={hasErrors || !dirty}>
                  {t('wineListEditor.setup.save')}
                </Button>
              </Group>
            </Tabs.Panel>
            <Tabs.Panel value="share" pt="md">
              <SharePanel userId={userId} detail={detail} />
            </Tabs.Panel>
          </Tabs>
        </div>
        <div className={classes.previewColumn}>
          <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
            <Title order={2} size="h4">
              {t('wineListEditor.preview.title')}
            </Title>
            <SegmentedControl
              size="xs"
              aria-label={t('wineListEditor.preview.copy')}
              value={copy}
              onChange={(value) => setCopy(value as 'guest' | 'staff')}
              data={[
                { value: 'guest', label: t('wineListEditor.preview.guest') },
                { value: 'staff', label: t('wineListEditor.preview.staff') },
              ]}
            />
          </Group>
          <Suspense fallback={<Skeleton className={classes.previewSkeleton} />}>
            <WineListPreview list={detail} layout={previewLayout} staff={copy === 'staff'} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
