import { POS_LIMITS, type PosImportOutcome } from '@kork/shared';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage, translateMessage } from '../../lib/form-schema';
import { formatCount } from '../../lib/format-number';
import { notify } from '../../lib/notify';
import { useImportPosSales } from './api/pos';
import {
  type ColumnChoice,
  type CsvPreview,
  duplicateFields,
  guessColumns,
  IMPORT_FIELDS,
  type ImportField,
  importColumns,
  previewCsv,
} from './csv-columns';
import classes from './pos-section.module.css';

const MAX_MB = POS_LIMITS.importMaxBytes / 1024 / 1024;
/** Row errors listed; a file with more says how many more. */
const ERRORS_SHOWN = 100;

interface Chosen {
  name: string;
  text: string;
  preview: CsvPreview;
}

/**
 * A till's sales export: the file is read here only as far as its header and first rows, so the owner
 * can say which column is which; the whole file goes to the server, which records the sales.
 */
export function PosImportPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const run = useImportPosSales(userId);
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<Chosen>();
  const [problem, setProblem] = useState<string>();
  const [columns, setColumns] = useState<ColumnChoice>();
  const [priceUnit, setPriceUnit] = useState<'major' | 'minor'>('major');
  const [outcome, setOutcome] = useState<PosImportOutcome>();

  async function pick(next: File | null) {
    setFile(next);
    setChosen(undefined);
    setColumns(undefined);
    setProblem(undefined);
    setOutcome(undefined);
    if (!next) return;
    if (next.size > POS_LIMITS.importMaxBytes) {
      setProblem(t('posPage.import.tooLarge', { max: MAX_MB }));
      return;
    }
    try {
      const text = await next.text();
      const preview = await previewCsv(text);
      if (preview.header.length === 0) {
        setProblem(t('posPage.import.unreadable'));
        return;
      }
      if (preview.rows.length === 0) {
        setProblem(t('posPage.import.noRows'));
        return;
      }
      setChosen({ name: next.name, text, preview });
      setColumns(guessColumns(preview.header));
    } catch {
      setProblem(t('posPage.import.unreadable'));
    }
  }

  const duplicates = columns ? duplicateFields(columns) : [];
  const ready = columns ? importColumns(columns) : undefined;

  async function submit() {
    if (!chosen || !ready) return;
    try {
      const result = await run.mutateAsync({ csv: chosen.text, columns: ready, priceUnit });
      setOutcome(result);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  }

  function reset() {
    void pick(null);
  }

  const options = (chosen?.preview.header ?? [])
    .filter((name, index, all) => name !== '' && all.indexOf(name) === index)
    .map((name) => ({ value: name, label: name }));

  return (
    <section className={classes.section} aria-labelledby="pos-import-heading">
      <Title order={3} size="h4" id="pos-import-heading" mb={4}>
        {t('posPage.import.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('posPage.import.intro')}
      </Text>

      {outcome ? (
        <ImportOutcome outcome={outcome} onAgain={reset} />
      ) : (
        <Stack gap="md">
          <FileInput
            label={t('posPage.import.file')}
            description={t('posPage.import.fileHint', { max: MAX_MB })}
            placeholder={t('posPage.import.filePlaceholder')}
            accept=".csv,.txt,text/csv,text/plain"
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            value={file}
            onChange={(next) => void pick(next)}
            error={problem}
            clearable
            clearButtonProps={{ 'aria-label': t('posPage.import.clearFile') }}
            classNames={{ placeholder: classes.placeholder }}
            disabled={run.isPending}
          />
          {chosen && columns && (
            <>
              <PreviewTable preview={chosen.preview} name={chosen.name} />
              <fieldset className={classes.fieldset} disabled={run.isPending}>
                <legend>{t('posPage.import.columns')}</legend>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {IMPORT_FIELDS.map((field) => (
                    <ColumnSelect
                      key={field}
                      field={field}
                      value={columns[field]}
                      options={options}
                      duplicate={duplicates.includes(field)}
                      onChange={(value) => setColumns({ ...columns, [field]: value })}
                    />
                  ))}
                </SimpleGrid>
                <Stack gap={4} mt="sm">
                  <Text size="sm" fw={500} id="pos-import-price-unit">
                    {t('posPage.import.priceUnit')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="pos-import-price-unit"
                    value={priceUnit}
                    onChange={(value) => setPriceUnit(value as 'major' | 'minor')}
                    data={[
                      { value: 'major', label: t('posPage.import.major') },
                      { value: 'minor', label: t('posPage.import.minor') },
                    ]}
                    className={classes.segmented}
                  />
                </Stack>
              </fieldset>
              {run.isPending && (
                <Stack gap={6} role="status">
                  <Text size="sm">{t('posPage.import.running')}</Text>
                  <Progress value={100} striped animated aria-label={t('posPage.import.running')} />
                </Stack>
              )}
              <Group justify="flex-end">
                <Button radius="xl" loading={run.isPending} disabled={!ready} onClick={() => void submit()}>
                  {t('posPage.import.submit')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </section>
  );
}

function ColumnSelect({
  field,
  value,
  options,
  duplicate,
  onChange,
}: {
  field: ImportField;
  value: string | null;
  options: { value: string; label: string }[];
  duplicate: boolean;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const optional = field === 'transactionId';
  return (
    <Select
      label={t(`posPage.import.${field}`)}
      description={optional ? t('posPage.import.transactionIdHint') : undefined}
      placeholder={optional ? t('posPage.import.none') : undefined}
      required={!optional}
      data={options}
      value={value}
      onChange={onChange}
      clearable={optional}
      allowDeselect={optional}
      error={duplicate ? translateMessage('duplicateColumn') : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function PreviewTable({ preview, name }: { preview: CsvPreview; name: string }) {
  const { t } = useTranslation();
  return (
    // Scrolls sideways on its own when the file has many columns; focusable so a keyboard can scroll it.
    <section
      className={classes.preview}
      aria-label={t('posPage.import.preview', { name })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="xs">
        <Table.Caption>{t('posPage.import.preview', { name })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {preview.header.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns keep their places
              <Table.Th key={index}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the first rows of a file, never reordered
            <Table.Tr key={rowIndex}>
              {preview.header.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns keep their places
                <Table.Td key={index}>{row[index] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function ImportOutcome({ outcome, onAgain }: { outcome: PosImportOutcome; onAgain: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const figures = [
    ['transactions', outcome.transactions],
    ['recorded', outcome.recorded],
    ['duplicates', outcome.duplicates],
    ['needsMapping', outcome.needsMapping],
  ] as const;
  return (
    <Stack gap="md" role="status" aria-labelledby="pos-import-outcome">
      <Title order={4} size="h5" id="pos-import-outcome">
        {t('posPage.import.outcomeTitle')}
      </Title>
      <dl className={classes.figures}>
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`posPage.import.${key}`)}</dt>
            <dd>{formatCount(value, locale)}</dd>
          </div>
        ))}
      </dl>
      {outcome.errors.length > 0 && (
        <Alert color="red.9" variant="outline" title={t('posPage.import.rowErrors')}>
          <ul className={classes.errors}>
            {outcome.errors.slice(0, ERRORS_SHOWN).map((error) => (
              <li key={`${error.row}-${error.message}`}>
                <Text size="sm" span fw={600}>
                  {t('posPage.import.row', { row: error.row })}
                </Text>
                <Text size="sm" span>
                  {': '}
                  {translateMessage(error.message)}
                </Text>
              </li>
            ))}
          </ul>
          {outcome.errors.length > ERRORS_SHOWN && (
            <Text size="sm" mt="xs">
              {t('posPage.import.moreErrors', { count: outcome.errors.length - ERRORS_SHOWN })}
            </Text>
          )}
        </Alert>
      )}
      <Group>
        <Button variant="outline" radius="xl" onClick={onAgain}>
          {t('posPage.import.again')}
        </Button>
      </Group>
    </Stack>
  );
}
