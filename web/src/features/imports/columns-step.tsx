import {
  assignmentProblems,
  IMPORT_FIELDS,
  type ImportField,
  type ImportJob,
  type ImportPriceBasis,
  type MessageKey,
} from '@kork/shared';
import { Alert, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DutiesBasisChoice } from '../../components/duties-basis-choice';
import { ApiError } from '../../lib/api-client';
import { errorMessage, translateMessage } from '../../lib/form-schema';
import { CancelButton } from './import-working';
import classes from './imports.module.css';

/** The Select's value for a column that is not imported (a Select's values are strings). */
const NONE = 'none';

interface ColumnsStepProps {
  job: ImportJob;
  /** Sends the assignment; a refusal (400 with field messages) is shown beside the columns. */
  onMatch: (assignment: (ImportField | null)[], purchasePrices: ImportPriceBasis) => Promise<void>;
  onCancel: () => Promise<void>;
}

/**
 * Which column of the file is which field (SPEC §5): the guess the server made (from the headers, a
 * recognised export or the last import), checked live — one column must be the wine name, and a field
 * may be chosen for one column only.
 */
export function ColumnsStep({ job, onMatch, onCancel }: ColumnsStepProps) {
  const { t } = useTranslation();
  const columns = job.columns ?? [];
  const [assignment, setAssignment] = useState<(ImportField | null)[]>(() =>
    columns.map((_, at) => job.assignment?.[at] ?? null),
  );
  const [purchasePrices, setPurchasePrices] = useState<ImportPriceBasis>(job.purchasePrices ?? 'withDuties');
  const [busy, setBusy] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const problems = useMemo(() => assignmentProblems(assignment), [assignment]);
  const shown: Record<string, string> = { ...serverProblems };
  for (const [key, code] of Object.entries(problems)) shown[key] = translateMessage(code as MessageKey);

  const options = useMemo(
    () => [
      { value: NONE, label: t('importsPage.columns.none') },
      ...IMPORT_FIELDS.map((field) => ({ value: field, label: t(`importsPage.fields.${field}`) })),
    ],
    [t],
  );

  function choose(index: number, value: string | null) {
    setServerProblems({});
    setAssignment((current) =>
      current.map((field, at) =>
        at === index ? (value && value !== NONE ? (value as ImportField) : null) : field,
      ),
    );
  }

  async function match() {
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onMatch(assignment, purchasePrices);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setServerProblems(error.fields);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const recognised =
    job.format === 'cellarTracker' || job.format === 'vivino'
      ? t(`importsPage.columns.recognised.${job.format}`)
      : job.assignmentSource === 'remembered'
        ? t('importsPage.columns.remembered')
        : job.assignmentSource === 'values'
          ? t('importsPage.columns.guessedFromValues')
          : t('importsPage.columns.guessed');

  return (
    <section aria-labelledby="import-columns-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="import-columns-heading">
            {t('importsPage.columns.heading')}
          </Title>
          <Text size="sm" c="gray.8">
            {t('importsPage.columns.intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Badge variant="outline" color={job.format === 'table' ? 'gray.8' : 'teal.9'} radius="sm">
            {recognised}
          </Badge>
          {job.fileName && (
            <Text size="sm" c="gray.8">
              {job.fileName}
            </Text>
          )}
        </Group>
        <table className={classes.columns}>
          <caption className={classes.fileInput}>{t('importsPage.columns.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('importsPage.columns.column')}</th>
              <th scope="col">{t('importsPage.columns.samples')}</th>
              <th scope="col">{t('importsPage.columns.field')}</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column, at) => {
              const header =
                column.header.trim() || t('importsPage.columns.untitled', { n: column.index + 1 });
              const samples = column.samples.filter((value) => value.trim() !== '');
              return (
                <tr key={column.index} data-testid="import-column">
                  <th scope="row" className={classes.header}>
                    {header}
                  </th>
                  <td>
                    {samples.length > 0 ? (
                      <ul
                        className={classes.samples}
                        aria-label={t('importsPage.columns.samplesOf', { header })}
                      >
                        {samples.map((value, row) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the first rows of a file, never reordered
                          <li key={row} title={value}>
                            {value}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <Text size="sm" c="gray.8">
                        {t('importsPage.columns.empty')}
                      </Text>
                    )}
                  </td>
                  <td className={classes.fieldCell}>
                    <Select
                      aria-label={t('importsPage.columns.fieldFor', { header })}
                      data={options}
                      value={assignment[at] ?? NONE}
                      onChange={(value) => choose(at, value)}
                      allowDeselect={false}
                      error={shown[`assignment.${at}`]}
                      disabled={busy}
                      comboboxProps={{ withinPortal: true }}
                      maxDropdownHeight={280}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {assignment.includes('purchasePriceWovat') && (
          <DutiesBasisChoice
            value={purchasePrices}
            onChange={setPurchasePrices}
            hintTestId="purchase-prices-hint"
            texts={{
              label: t('importsPage.columns.purchasePrices'),
              withDuties: t('importsPage.columns.withDuties'),
              withoutDuties: t('importsPage.columns.withoutDuties'),
              hint: t(
                purchasePrices === 'withDuties'
                  ? 'importsPage.columns.withDutiesHint'
                  : 'importsPage.columns.withoutDutiesHint',
              ),
            }}
          />
        )}
        {shown.assignment && (
          <Alert color="red.9" variant="outline" role="alert">
            <Text size="sm">{shown.assignment}</Text>
          </Alert>
        )}
        {failure && (
          <Alert color="red.9" variant="outline" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Group justify="space-between">
          <CancelButton onCancel={onCancel} />
          <Button
            radius="xl"
            loading={busy}
            disabled={Object.keys(problems).length > 0}
            onClick={() => void match()}
          >
            {t('importsPage.columns.match')}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
