import type { ImportJob } from '@kork/shared';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n/i18n';
import { translateMessage } from '../../lib/form-schema';
import { formatCount } from '../../lib/format-number';
import { useImportLines } from './api/imports';
import classes from './imports.module.css';

const WINES_PATH = '/wine-cellar/wines';
const HISTORY_PATH = '/wine-cellar/history';

interface OutcomeProps {
  userId: string;
  job: ImportJob;
  /** Back to the upload, with the same kind. */
  onRetry: () => void;
  /** Back to the kind picker. */
  onStartNew: () => void;
}

/** Where a finished job ended: imported, cancelled, failed or without wines. */
export function ImportOutcome({ userId, job, onRetry, onStartNew }: OutcomeProps) {
  const { t } = useTranslation();
  const locale = currentLocale();

  if (job.status === 'imported') return <Imported userId={userId} job={job} onStartNew={onStartNew} />;

  if (job.status === 'cancelled')
    return (
      <Outcome title={t('importsPage.outcome.cancelledTitle')}>
        <Text>{translateMessage('importCancelled')}</Text>
        {job.counts.imported > 0 && (
          <Text size="sm">
            {t('importsPage.outcome.cancelledWritten', {
              count: job.counts.imported,
              formatted: formatCount(job.counts.imported, locale),
            })}
          </Text>
        )}
        <Group>
          <Button radius="xl" onClick={onStartNew}>
            {t('importsPage.outcome.startNew')}
          </Button>
          {job.counts.imported > 0 && (
            <Button component={Link} to={WINES_PATH} variant="default" radius="xl">
              {t('importsPage.outcome.seeCellar')}
            </Button>
          )}
        </Group>
      </Outcome>
    );

  const failed = job.status === 'failed';
  return (
    <Outcome title={t(failed ? 'importsPage.outcome.failedTitle' : 'importsPage.outcome.noWinesTitle')}>
      <Alert color="red.9" variant="outline" role="alert">
        <Text size="sm">{translateMessage(failed ? (job.error?.code ?? 'generic') : 'noWinesDetected')}</Text>
        {failed && job.error?.detail && (
          <Text size="sm" mt={4}>
            {job.error.detail}
          </Text>
        )}
      </Alert>
      <Group>
        <Button radius="xl" onClick={onRetry}>
          {t('importsPage.outcome.tryAgain')}
        </Button>
        <Button component={Link} to={`${WINES_PATH}?add=1`} variant="default" radius="xl">
          {t(failed ? 'importsPage.outcome.addByHand' : 'importsPage.outcome.addWinesByHand')}
        </Button>
      </Group>
    </Outcome>
  );
}

function Outcome({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="import-outcome-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="import-outcome-heading">
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}

function Imported({ userId, job, onStartNew }: { userId: string; job: ImportJob; onStartNew: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  // Lines added to a wine already in the cellar: among the duplicates, those written as "add".
  const duplicates = useImportLines(
    userId,
    job.id,
    { filter: 'duplicates', offset: 0, limit: 500 },
    job.counts.duplicates > 0,
  );
  const added =
    job.counts.duplicates === 0
      ? 0
      : duplicates.data?.lines.rows.filter((line) => line.onDuplicate === 'add' && line.ownWineId).length;
  const figures = [
    ['imported', job.counts.imported],
    ['addedToExisting', added],
    ['skipped', job.counts.skipped],
  ] as const;
  return (
    <Outcome title={t('importsPage.outcome.importedTitle')}>
      <Group gap="xs" c="teal.9">
        <IconCircleCheck size={22} aria-hidden />
        <Text role="status">
          {t('importsPage.outcome.importedText', {
            count: job.counts.imported,
            formatted: formatCount(job.counts.imported, locale),
          })}
        </Text>
      </Group>
      <dl className={classes.figures}>
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`importsPage.outcome.${key}`)}</dt>
            <dd>{value === undefined ? '…' : formatCount(value, locale)}</dd>
          </div>
        ))}
      </dl>
      <Group>
        <Button component={Link} to={WINES_PATH} radius="xl">
          {t('importsPage.outcome.seeCellar')}
        </Button>
        <Button component={Link} to={HISTORY_PATH} variant="default" radius="xl">
          {t('importsPage.outcome.seeHistory')}
        </Button>
        <Button variant="subtle" radius="xl" onClick={onStartNew}>
          {t('importsPage.outcome.startNew')}
        </Button>
      </Group>
    </Outcome>
  );
}
