import type { ImportJob } from '@kork/shared';
import { Button, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage } from '../../lib/form-schema';
import { formatCount, formatPercent } from '../../lib/format-number';

/** A file on its way to the imports bucket, as this page sends it. */
export interface UploadState {
  jobId: string;
  fileName: string;
  /** 0–1. */
  fraction: number;
  failed?: boolean;
}

/** The status line of a job that works by itself, or of the upload before it. */
export function workingLine(t: TFunction, job: ImportJob, upload: UploadState | undefined): string {
  const locale = currentLocale();
  const count = (value: number) => formatCount(value, locale);
  const progress = job.progress;
  switch (job.status) {
    case 'awaitingUpload':
      if (upload && !upload.failed && upload.fraction < 1)
        return t('importsPage.upload.uploading', {
          name: upload.fileName,
          percent: formatPercent(Math.round(upload.fraction * 100), locale, 0),
        });
      return t('importsPage.upload.waiting');
    case 'scanning':
      return t('importsPage.working.scanning');
    case 'matching':
      return progress?.total
        ? t('importsPage.working.matching', { done: count(progress.done), total: count(progress.total) })
        : t('importsPage.working.matchingStart');
    default:
      return progress?.total
        ? t('importsPage.working.importing', { done: count(progress.done), total: count(progress.total) })
        : t('importsPage.working.importingStart');
  }
}

function percentOf(job: ImportJob, upload: UploadState | undefined): number | undefined {
  if (job.status === 'awaitingUpload') return upload && !upload.failed ? upload.fraction * 100 : undefined;
  const progress = job.progress;
  if (!progress?.total) return undefined;
  return Math.min(100, (progress.done / progress.total) * 100);
}

const TITLES: Partial<Record<ImportJob['status'], 'upload' | 'scanning' | 'matching' | 'importing'>> = {
  awaitingUpload: 'upload',
  scanning: 'scanning',
  matching: 'matching',
  importing: 'importing',
};

interface WorkingPanelProps {
  job: ImportJob;
  upload?: UploadState;
  onCancel: () => Promise<void>;
}

/** A job that works by itself (or waits for its file): a progress bar, what it does, and a way to stop it. */
export function WorkingPanel({ job, upload, onCancel }: WorkingPanelProps) {
  const { t } = useTranslation();
  const line = workingLine(t, job, upload);
  const value = percentOf(job, upload);
  return (
    <section aria-labelledby="import-working-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="import-working-heading">
          {t(`importsPage.working.title.${TITLES[job.status] ?? 'scanning'}`)}
        </Title>
        {job.fileName && (
          <Text size="sm" c="gray.8">
            {job.fileName}
          </Text>
        )}
        <Text role="status" aria-live="polite">
          {line}
        </Text>
        <Progress
          value={value ?? 100}
          striped={value === undefined}
          animated={value === undefined}
          aria-label={line}
          size="lg"
          transitionDuration={200}
        />
        {job.status === 'importing' && (
          <Text size="sm" c="gray.8">
            {t('importsPage.working.importingNote')}
          </Text>
        )}
        <Group>
          <CancelButton onCancel={onCancel} />
        </Group>
      </Stack>
    </section>
  );
}

/** "Cancel import", behind a confirmation. */
export function CancelButton({ onCancel }: { onCancel: () => Promise<void> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await onCancel();
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="default" radius="xl" onClick={() => setOpen(true)}>
        {t('importsPage.working.cancel')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('importsPage.working.cancelTitle')}
        centered
        // "Keep going" and Escape close it; a second control of that name would only repeat it.
        withCloseButton={false}
      >
        <Stack gap="md">
          <Text size="sm">{t('importsPage.working.cancelText')}</Text>
          {failure && (
            <Text size="sm" c="red.9" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" radius="xl" onClick={() => setOpen(false)} disabled={busy}>
              {t('importsPage.working.keepGoing')}
            </Button>
            <Button color="wine.8" radius="xl" loading={busy} onClick={() => void confirm()} data-autofocus>
              {t('importsPage.working.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
