import {
  type CurrencyCode,
  IMPORT_LINE_FILTERS,
  type ImportDetail,
  type ImportJob,
  type ImportLine,
  type ImportLineFilter,
  type ImportStatus,
  type MatchCandidate,
} from '@kork/shared';
import { Alert, Button, Group, Pagination, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { errorMessage, translateMessage } from '../../../lib/form-schema';
import { formatCount } from '../../../lib/format-number';
import { importCellarQuery } from '../api/import-reads';
import { useConfirmImport, useImportLines, useUpdateImport } from '../api/imports';
import classes from './import-review.module.css';
import { ReviewLine } from './review-line';
import {
  type Decision,
  filterCounts,
  firstFilter,
  type PendingDecision,
  REVIEW_PAGE_SIZE,
  toReviewCount,
  withDecision,
} from './review-model';

/** From 960 px the lines are a table; below, cards. */
export const REVIEW_TABLE_QUERY = '(min-width: 60em)';

export interface ImportReviewProps {
  userId: string;
  job: ImportDetail | ImportJob;
  /** Called once the import has been started (the job is `importing`). */
  onConfirmed?: () => void;
}

/**
 * The review step of a batch import: what the file held and how it matched, one page of lines at a time
 * under a filter; each line's decision (another catalogue wine, a custom wine, skip, confirm) saved as it
 * is made; then "Confirm all" and the import of the confirmed wines.
 */
export function ImportReview({ userId, job, onConfirmed }: ImportReviewProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const wide = useMediaQuery(REVIEW_TABLE_QUERY, true, { getInitialValueInEffect: false });
  const [filter, setFilter] = useState<ImportLineFilter>(() => firstFilter(job.counts));
  const [page, setPage] = useState(1);
  const offset = (page - 1) * REVIEW_PAGE_SIZE;
  const lines = useImportLines(userId, job.id, { filter, offset, limit: REVIEW_PAGE_SIZE });
  const current = newest(job, lines.data);
  const counts = current.counts;
  const perFilter = filterCounts(counts);
  const currency = useCellarCurrency(userId);
  const update = useUpdateImport(userId, job.id);
  const confirm = useConfirmImport(userId, job.id);
  const [pending, setPending] = useState<ReadonlyMap<number, PendingDecision>>(new Map());
  const [picked, setPicked] = useState<ReadonlyMap<string, MatchCandidate>>(new Map());
  const [failure, setFailure] = useState<string>();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const sequence = useRef(0);
  // Decisions made in quick succession each see the ones before them.
  const pendingNow = useRef(pending);
  pendingNow.current = pending;
  const reasonId = useId();
  const closedId = useId();

  const rows = lines.data?.lines.rows ?? [];
  const total = lines.data?.lines.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  // Lines leave a filter as they are decided ("to review" → confirmed): a page that emptied goes back.
  useEffect(() => {
    if (lines.data && !lines.isPlaceholderData && page > pages) setPage(pages);
  }, [lines.data, lines.isPlaceholderData, page, pages]);

  const saving = [...pending.values()].some((decision) => decision.saving);
  // Decisions are taken only in review: once the import runs, or was cancelled in another tab, every
  // control is closed and a line says why.
  const editable = current.status === 'review';

  async function decide(line: ImportLine, decision: Decision, wine?: MatchCandidate) {
    if (!editable) return;
    const index = line.index;
    if (wine) setPicked((map) => new Map(map).set(wine.wineId, wine));
    const seq = ++sequence.current;
    // What is sent is what the line shows: the unsaved decision before this one, with this one over it.
    const merged: Decision = { ...pendingNow.current.get(index)?.decision, ...decision };
    pendingNow.current = new Map(pendingNow.current).set(index, { decision: merged, seq, saving: true });
    setPending(pendingNow.current);
    const settle = (next: (entry: PendingDecision) => PendingDecision | undefined) =>
      setPending((map) => {
        const entry = map.get(index);
        if (!entry || entry.seq !== seq) return map;
        const copy = new Map(map);
        const value = next(entry);
        if (value) copy.set(index, value);
        else copy.delete(index);
        return copy;
      });
    try {
      await update.mutateAsync({ lines: [{ index, ...merged }] });
      settle(() => undefined);
    } catch (error) {
      settle((entry) => ({ ...entry, saving: false, error: errorMessage(error) }));
    }
  }

  function retry(line: ImportLine) {
    const entry = pendingNow.current.get(line.index);
    if (entry) void decide(line, entry.decision);
  }

  async function confirmAll() {
    setFailure(undefined);
    setConfirmingAll(true);
    try {
      await update.mutateAsync({ confirmAll: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setConfirmingAll(false);
    }
  }

  async function startImport() {
    setFailure(undefined);
    try {
      await confirm.mutateAsync();
      onConfirmed?.();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const nothingConfirmed = counts.confirmed === 0;
  const list = (
    <Stack gap={0} aria-busy={lines.isFetching || undefined}>
      {lines.isPending ? (
        <Stack gap="xs" aria-label={t('importsPage.review.loading')}>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : lines.isError ? (
        <Alert color="red.9" variant="outline" role="alert">
          {errorMessage(lines.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('importsPage.review.empty')}
        </Text>
      ) : (
        <>
          {wide && (
            <div className={classes.header} aria-hidden>
              <span>{t('importsPage.review.columns.line')}</span>
              <span>{t('importsPage.review.columns.match')}</span>
              <span>{t('importsPage.review.columns.confirm')}</span>
            </div>
          )}
          {rows.map((line) => (
            <ReviewLine
              key={line.index}
              line={withDecision(line, pending.get(line.index))}
              pending={pending.get(line.index)}
              picked={picked}
              currency={currency}
              layout={wide ? 'row' : 'card'}
              disabled={!editable}
              onDecide={decide}
              onRetry={retry}
            />
          ))}
        </>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('importsPage.review.pages')}
            getControlProps={(control) => ({ 'aria-label': t(`importsPage.review.pagination.${control}`) })}
            getItemProps={(item) => ({
              'aria-label': t('importsPage.review.pagination.page', { page: item }),
            })}
          />
        </Group>
      )}
    </Stack>
  );

  return (
    <Stack gap="md" className={classes.review}>
      <div>
        <Title order={2}>{t('importsPage.review.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('importsPage.review.intro')}
        </Text>
      </div>
      {!editable && (
        <Alert id={closedId} color="blue.9" variant="outline" role="status">
          <Text size="sm">{t(`importsPage.review.closed.${closedReason(current.status)}`)}</Text>
        </Alert>
      )}
      <dl className={classes.summary} aria-label={t('importsPage.review.summary.label')}>
        {(
          [
            ['lines', counts.lines],
            ['matched', counts.matched],
            ['toReview', toReviewCount(counts)],
            ['confirmed', counts.confirmed],
            ['duplicates', counts.duplicates],
            ['skipped', counts.skipped],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className={classes.figure} data-testid={`import-count-${key}`}>
            <dt>{t(`importsPage.review.summary.${key}`)}</dt>
            <dd>{formatCount(value, locale)}</dd>
          </div>
        ))}
      </dl>
      <Tabs
        value={filter}
        onChange={(value) => {
          if (!value) return;
          setFilter(value as ImportLineFilter);
          setPage(1);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('importsPage.review.filters.label')} mb="sm">
          {IMPORT_LINE_FILTERS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`importsPage.review.filters.${value}`)}
              <span className={classes.tabCount}>{formatCount(perFilter[value], locale)}</span>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {IMPORT_LINE_FILTERS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {value === filter && list}
          </Tabs.Panel>
        ))}
      </Tabs>
      <div className={classes.bar}>
        {failure && (
          <Alert color="red.9" variant="outline" role="alert" mb="sm">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            onClick={confirmAll}
            loading={confirmingAll}
            disabled={!editable || perFilter.toReview === 0 || saving}
            aria-describedby={editable ? undefined : closedId}
          >
            {t('importsPage.review.confirmAll')}
          </Button>
          <Stack gap={4} align="flex-end">
            <Button
              onClick={startImport}
              loading={confirm.isPending}
              disabled={!editable || nothingConfirmed || saving}
              aria-describedby={!editable ? closedId : nothingConfirmed ? reasonId : undefined}
            >
              {t('importsPage.review.import', { count: counts.confirmed })}
            </Button>
            {editable && nothingConfirmed && (
              <Text id={reasonId} size="sm" c="dimmed">
                {translateMessage('importNothingConfirmed')}
              </Text>
            )}
          </Stack>
        </Group>
      </div>
    </Stack>
  );
}

/** Why the review takes no more decisions, as the key of the line that says it. */
function closedReason(status: ImportStatus): 'importing' | 'imported' | 'cancelled' | 'other' {
  return status === 'importing' || status === 'imported' || status === 'cancelled' ? status : 'other';
}

/** The job as last answered: the page's copy, or the one that came with the lines, whichever is newer. */
function newest(job: ImportJob, withLines: ImportDetail | undefined): ImportJob {
  if (!withLines || withLines.id !== job.id) return job;
  return withLines.updatedAt >= job.updatedAt ? withLines : job;
}

/** The cellar's base currency, as the other cellar pages read it (kroner until it has come). */
function useCellarCurrency(userId: string): CurrencyCode {
  const cellar = useQuery(importCellarQuery(userId));
  return cellar.data?.baseCurrency ?? 'NOK';
}
