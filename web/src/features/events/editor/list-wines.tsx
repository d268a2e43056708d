import { EVENT_LIMITS, EventWineIdsImport } from '@kork/shared';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, schemaErrors } from '../../../lib/form-schema';
import { useViewer } from '../../../lib/session';
import { eventWineSearchQuery, organiserWineListsQuery } from '../api/event-queries';
import { cellarListWines } from './cellar-list-wines';
import classes from './event-editor.module.css';
import { type DraftWine, draftWineOf, listFullMessage } from './event-form';

/** Results one catalogue search shows. */
const RESULTS = 8;

/** The wines of a list in order, each moved up or down or removed. */
export function ListWines({
  wines,
  listName,
  onChange,
}: {
  wines: readonly DraftWine[];
  listName: string;
  onChange: (wines: DraftWine[]) => void;
}) {
  const { t } = useTranslation();
  if (wines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('eventEditor.wines.none')}
      </Text>
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...wines];
    const [wine] = next.splice(index, 1);
    if (wine) next.splice(index + by, 0, wine);
    onChange(next);
  };
  return (
    <ol className={classes.wines} aria-label={t('eventEditor.wines.listLabel', { name: listName })}>
      {wines.map((wine, index) => (
        <li key={wine.id} className={classes.wine}>
          <span className={classes.number} aria-hidden>
            {index + 1}.
          </span>
          <Text size="sm" className={classes.grow}>
            {wine.name}
          </Text>
          <span className={classes.actions}>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              disabled={index === 0}
              aria-label={t('eventEditor.wines.moveUp', { name: wine.name })}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              disabled={index === wines.length - 1}
              aria-label={t('eventEditor.wines.moveDown', { name: wine.name })}
              onClick={() => move(index, 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red.9"
              aria-label={t('eventEditor.wines.remove', { name: wine.name })}
              onClick={() => onChange(wines.filter((_, at) => at !== index))}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What a batch of ids did to a list. */
export interface ImportSummary {
  added: number;
  alreadyListed: string[];
  unknown: string[];
  junk: string[];
  /** Wines found that did not fit under the list's limit. */
  overflow: number;
}

/** What adding wines did: how many went on the list and how many did not fit. */
export interface AddResult {
  added: number;
  overflow: number;
}

/** The three ways to fill a list: a catalogue search, a copy of a cellar list, a batch of ids. */
export function WineSources({
  listName,
  wines,
  onAdd,
  onImport,
}: {
  listName: string;
  wines: readonly DraftWine[];
  /** Adds wines to the list (those already there are skipped). */
  onAdd: (wines: DraftWine[]) => AddResult;
  onImport: (text: string) => Promise<ImportSummary>;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState('search');
  const full = wines.length >= EVENT_LIMITS.winesPerListMax;
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={source}
        onChange={setSource}
        fullWidth
        size="xs"
        aria-label={t('eventEditor.sources.label', { name: listName })}
        data={[
          { value: 'search', label: t('eventEditor.sources.search') },
          { value: 'cellar', label: t('eventEditor.sources.cellar') },
          { value: 'import', label: t('eventEditor.sources.import') },
        ]}
      />
      {full && (
        <Text size="sm" c="red.9" role="status">
          {listFullMessage()}
        </Text>
      )}
      {source === 'search' && <WineSearch listName={listName} wines={wines} onAdd={onAdd} full={full} />}
      {source === 'cellar' && <CellarListCopy listName={listName} onAdd={onAdd} full={full} />}
      {source === 'import' && <IdsImport listName={listName} onImport={onImport} full={full} />}
    </Stack>
  );
}

/** Catalogue search (`GET /api/wines?search=`): each hit added with a button. */
function WineSearch({
  listName,
  wines,
  onAdd,
  full,
}: {
  listName: string;
  wines: readonly DraftWine[];
  onAdd: (wines: DraftWine[]) => AddResult;
  full: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ ...eventWineSearchQuery(term, RESULTS), enabled: term.length >= 2 });
  const listed = new Set(wines.map((wine) => wine.id));
  const rows = term.length >= 2 ? (found.data?.rows ?? []) : [];
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t('eventEditor.search.label')}
        description={t('eventEditor.search.hint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={EVENT_LIMITS.nameMax}
        autoComplete="off"
      />
      {found.isError && (
        <Text size="sm" c="red.9">
          {errorMessage(found.error)}
        </Text>
      )}
      {term.length >= 2 && found.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('eventEditor.search.nothing')}
        </Text>
      )}
      {rows.length > 0 && (
        <ul className={classes.results} aria-label={t('eventEditor.search.results')}>
          {rows.map((row) => {
            const wine = draftWineOf(row);
            const on = listed.has(wine.id);
            return (
              <li key={row.id} className={classes.result}>
                <Text size="sm" className={classes.grow}>
                  {wine.name}
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  radius="xl"
                  disabled={on || full}
                  leftSection={on ? null : <IconPlus size={14} aria-hidden />}
                  aria-label={
                    on
                      ? t('eventEditor.search.onListNamed', { name: wine.name, list: listName })
                      : t('eventEditor.search.addNamed', { name: wine.name, list: listName })
                  }
                  onClick={() => onAdd([wine])}
                >
                  {on ? t('eventEditor.search.onList') : t('eventEditor.search.add')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}

/** One of the organiser's cellar wine lists, its catalogue wines copied in its order. */
function CellarListCopy({
  listName,
  onAdd,
  full,
}: {
  listName: string;
  onAdd: (wines: DraftWine[]) => AddResult;
  full: boolean;
}) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const userId = viewer?.id;
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const cellarLists = useQuery(organiserWineListsQuery(userId ?? ''));
  if (cellarLists.isPending && userId) return <Loader size="sm" aria-label={t('eventEditor.loading')} />;
  const rows = cellarLists.data?.rows ?? [];
  if (!userId || cellarLists.isError || rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('eventEditor.cellar.none')}
      </Text>
    );
  const copy = async () => {
    if (!chosen || !userId) return;
    setBusy(true);
    setNote(undefined);
    setProblem(undefined);
    try {
      const { wines, custom } = await cellarListWines(userId, chosen);
      const result = onAdd(wines);
      const name = rows.find((row) => row.id === chosen)?.name ?? '';
      setNote(
        [
          t('eventEditor.cellar.copied', { count: result.added, name }),
          custom > 0 ? t('eventEditor.cellar.custom', { count: custom }) : '',
          result.overflow > 0 ? listFullMessage() : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Select
        label={t('eventEditor.cellar.label')}
        placeholder={t('eventEditor.cellar.placeholder')}
        data={rows.map((row) => ({
          value: row.id,
          label: t('eventEditor.cellar.option', { name: row.name, count: row.wineCount }),
        }))}
        value={chosen}
        onChange={setChosen}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Group>
        <Button
          variant="light"
          radius="xl"
          size="sm"
          disabled={!chosen || full}
          loading={busy}
          onClick={() => void copy()}
          aria-label={t('eventEditor.cellar.copyInto', { name: listName })}
        >
          {t('eventEditor.cellar.copy')}
        </Button>
      </Group>
      {note && (
        <Text size="sm" role="status">
          {note}
        </Text>
      )}
      {problem && (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

/** Vinmonopolet numbers or Vectura ids separated by commas or semicolons (SPEC §5), with a report. */
export function IdsImport({
  listName,
  onImport,
  full = false,
}: {
  listName: string;
  onImport: (text: string) => Promise<ImportSummary>;
  full?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportSummary>();
  const [problem, setProblem] = useState<string>();
  const invalid = schemaErrors(EventWineIdsImport, { ids: text }).ids;
  const run = async () => {
    setTouched(true);
    if (invalid || busy) return;
    setBusy(true);
    setProblem(undefined);
    setReport(undefined);
    try {
      setReport(await onImport(text));
      setText('');
      setTouched(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('eventEditor.import.label')}
        description={t('eventEditor.import.hint')}
        placeholder="1234501, 8765402; 5550103"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={EVENT_LIMITS.importTextMax}
        value={text}
        error={touched ? invalid : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => text && setTouched(true)}
      />
      <Group>
        <Button
          variant="light"
          radius="xl"
          size="sm"
          loading={busy}
          disabled={full}
          onClick={() => void run()}
          aria-label={t('eventEditor.import.runInto', { name: listName })}
        >
          {t('eventEditor.import.run')}
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red.9" role="alert">
          {problem}
        </Text>
      )}
      {report && <ImportReport report={report} />}
    </Stack>
  );
}

/** What a batch did: added, already listed, unknown ids, pieces that are no ids. */
export function ImportReport({ report }: { report: ImportSummary }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-labelledby={id}>
      <Text fw={600} size="sm" id={id} mb={4}>
        {t('eventEditor.import.reportTitle')}
      </Text>
      <ul className={classes.report}>
        <li>{t('eventEditor.import.added', { count: report.added })}</li>
        {report.alreadyListed.length > 0 && (
          <li>{t('eventEditor.import.alreadyListed', { ids: report.alreadyListed.join(', ') })}</li>
        )}
        {report.unknown.length > 0 && (
          <li>{t('eventEditor.import.unknown', { ids: report.unknown.join(', ') })}</li>
        )}
        {report.junk.length > 0 && (
          <li>
            {t('eventEditor.import.junk', { pieces: report.junk.map((piece) => `“${piece}”`).join(', ') })}
          </li>
        )}
        {report.overflow > 0 && (
          <li>
            {t('eventEditor.import.overflow', { count: report.overflow })} {listFullMessage()}
          </li>
        )}
      </ul>
    </Paper>
  );
}
