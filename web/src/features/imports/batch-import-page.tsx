import {
  IMPORT_KINDS,
  IMPORT_LIMITS,
  type ImportField,
  type ImportJob,
  type ImportKind,
  type ImportPriceBasis,
  isFinalImportStatus,
} from '@kork/shared';
import { Alert, Button, Skeleton, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorMessage, translateMessage } from '../../lib/form-schema';
import { CellarOwnerPage } from '../cellar/cellar-owner-page';
import {
  cancelImport,
  createImport,
  importKeys,
  invalidateImport,
  isMovingByItself,
  updateImport,
  uploadImportFile,
  useImportJob,
} from './api/imports';
import { ColumnsStep } from './columns-step';
import { ImportOutcome } from './import-outcome';
import { type UploadState, WorkingPanel } from './import-working';
import classes from './imports.module.css';
import { type ImportSource, KindPicker, UploadPanel } from './kind-picker';
import { LeaveGuard } from './leave-guard';
import { ImportReview } from './review/import-review';

export const BATCH_IMPORT_PATH = '/wine-cellar/batch-import';

/**
 * The cellar's batch import (/wine-cellar/batch-import, SPEC §4): pick a kind, upload, let it be read,
 * say which column is which, review the matches, import. The job's id is in the address (`?job=`), so a
 * reload shows where it stands; before a job exists the chosen kind is (`?kind=`).
 */
export function BatchImportPage() {
  const { t } = useTranslation();
  return (
    <CellarOwnerPage
      title={t('importsPage.title')}
      path={BATCH_IMPORT_PATH}
      signedOut={t('importsPage.signedOut')}
      signIn={t('importsPage.signIn')}
    >
      {(userId) => <BatchImport key={userId} userId={userId} />}
    </CellarOwnerPage>
  );
}

function kindOf(value: string | null): ImportKind | undefined {
  return IMPORT_KINDS.find((kind) => kind === value);
}

function BatchImport({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job') ?? undefined;
  const kind = kindOf(params.get('kind'));
  const query = useImportJob(userId, jobId);
  const job = query.data;
  const [upload, setUpload] = useState<UploadState>();
  const [startFailure, setStartFailure] = useState<string>();
  const uploading = useRef<AbortController>(undefined);
  const openJobId = job && jobId === job.id && !isFinalImportStatus(job.status) ? job.id : undefined;

  // An upload still going when the page goes away stops with it (the job is cancelled by the guard).
  useEffect(() => () => uploading.current?.abort(), []);

  const go = useCallback(
    (next: { job?: string; kind?: ImportKind }) => {
      const search = new URLSearchParams();
      if (next.job) search.set('job', next.job);
      if (next.kind) search.set('kind', next.kind);
      setParams(search, { replace: next.job !== undefined });
    },
    [setParams],
  );

  async function start(chosen: ImportKind, source: ImportSource) {
    setStartFailure(undefined);
    let created: Awaited<ReturnType<typeof createImport>>;
    try {
      created =
        'text' in source
          ? await createImport(userId, { kind: chosen, text: source.text })
          : await createImport(userId, {
              kind: chosen,
              fileName: source.file.name.slice(-255),
              fileSize: source.file.size,
              contentType: source.file.type || undefined,
            });
    } catch (error) {
      setStartFailure(
        error instanceof ApiError && Object.keys(error.fields).length > 0
          ? Object.values(error.fields).join(' ')
          : errorMessage(error),
      );
      return;
    }
    client.setQueryData(importKeys.job(userId, created.id), created);
    go({ job: created.id });
    if (!('file' in source) || !created.uploadUrl) return;
    const controller = new AbortController();
    uploading.current = controller;
    setUpload({ jobId: created.id, fileName: source.file.name, fraction: 0 });
    try {
      await uploadImportFile(
        { uploadUrl: created.uploadUrl, uploadHeaders: created.uploadHeaders },
        source.file,
        (fraction) => setUpload({ jobId: created.id, fileName: source.file.name, fraction }),
        controller.signal,
      );
      setUpload({ jobId: created.id, fileName: source.file.name, fraction: 1 });
      await invalidateImport(client, userId, created.id);
    } catch {
      if (!controller.signal.aborted)
        setUpload({ jobId: created.id, fileName: source.file.name, fraction: 0, failed: true });
    }
  }

  async function cancel() {
    if (!job) return;
    uploading.current?.abort();
    const cancelled = await cancelImport(userId, job.id);
    client.setQueryData(importKeys.job(userId, job.id), (current: ImportJob | undefined) => ({
      ...current,
      ...cancelled,
    }));
    await invalidateImport(client, userId, job.id);
  }

  async function assign(assignment: (ImportField | null)[], purchasePrices: ImportPriceBasis) {
    if (!job) return;
    const next = await updateImport(userId, job.id, {
      assignment,
      ...(assignment.includes('purchasePriceWovat') ? { purchasePrices } : {}),
    });
    client.setQueryData(importKeys.job(userId, job.id), next);
    await invalidateImport(client, userId, job.id);
  }

  /** Back to the upload of the same kind, the open job (if any) cancelled first. */
  async function restart(again: ImportKind | undefined) {
    if (openJobId) await cancel().catch(() => undefined);
    setUpload(undefined);
    go({ kind: again });
  }

  let body: React.ReactNode;
  if (jobId && query.isPending) body = <Skeleton height={120} />;
  else if (jobId && (query.isError || !job)) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <Alert color="red.9" variant="outline" role="alert">
        <Text size="sm">{missing ? t('importsPage.notFound') : errorMessage(query.error)}</Text>
        <Button mt="sm" radius="xl" variant="default" onClick={() => go({})}>
          {t('importsPage.outcome.startNew')}
        </Button>
      </Alert>
    );
  } else if (job) body = jobStep(job);
  else if (kind)
    body = (
      <UploadPanel
        key={kind}
        kind={kind}
        onStart={(source) => start(kind, source)}
        onOtherKind={() => go({})}
        failure={startFailure}
      />
    );
  else body = <KindPicker onPick={(picked) => go({ kind: picked })} />;

  function jobStep(job: ImportJob): React.ReactNode {
    if (isFinalImportStatus(job.status))
      return (
        <ImportOutcome
          userId={userId}
          job={job}
          onRetry={() => void restart(job.kind)}
          onStartNew={() => void restart(undefined)}
        />
      );
    if (job.status === 'awaitingUpload' && upload?.jobId === job.id && upload.failed)
      return (
        <Alert color="red.9" variant="outline" role="alert">
          <Text size="sm">{t('importsPage.upload.failed')}</Text>
          <Button mt="sm" radius="xl" onClick={() => void restart(job.kind)}>
            {t('importsPage.outcome.tryAgain')}
          </Button>
        </Alert>
      );
    if (isMovingByItself(job))
      return (
        <WorkingPanel job={job} upload={upload?.jobId === job.id ? upload : undefined} onCancel={cancel} />
      );
    if (job.status === 'columns')
      return <ColumnsStep key={job.id} job={job} onMatch={assign} onCancel={cancel} />;
    return (
      <ImportReview
        userId={userId}
        job={job}
        onConfirmed={() => void invalidateImport(client, userId, job.id)}
      />
    );
  }

  return (
    <div className={classes.page}>
      <header>
        <Title order={1} className={classes.title}>
          {t('importsPage.title')}
        </Title>
        <Text c="dimmed">{t('importsPage.intro')}</Text>
        <Text size="xs" c="gray.8" mt={4}>
          {t('importsPage.resumeNote')}
        </Text>
      </header>
      {job?.truncated && (
        <Alert color="blue.9" variant="outline">
          <Text size="sm">{translateMessage(`importTruncated|max=${IMPORT_LIMITS.maxLines}`)}</Text>
        </Alert>
      )}
      {job && jobId === job.id && job.unreadLines && job.unreadLines.length > 0 && (
        <UnreadLines lines={job.unreadLines} />
      )}
      {body}
      <LeaveGuard userId={userId} openJobId={openJobId} />
    </div>
  );
}

/** What a magic import could not read, line by line: said, never silently dropped. */
function UnreadLines({ lines }: { lines: string[] }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray.8" variant="outline">
      <details>
        <summary>
          <Text size="sm" span>
            {t('importsPage.unread', { count: lines.length })}
          </Text>
        </summary>
        <ul className={classes.unread}>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines keep the order the text had
            <li key={index}>{line}</li>
          ))}
        </ul>
      </details>
    </Alert>
  );
}
