import { EVENT_LIMITS } from '@kork/shared';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/form-schema';
import { lookUpEventWineIds } from '../api/events';
import classes from './event-editor.module.css';
import {
  addWines,
  type DraftList,
  type DraftWine,
  draftWineOf,
  listsFullMessage,
  newDraftKey,
} from './event-form';
import { type AddResult, type ImportSummary, ListWines, WineSources } from './list-wines';

/**
 * The dialog's third step: the event's lists, built here and saved with the event in one write. Each is
 * named and filled by a catalogue search, a copy of a cellar list or a batch of ids looked up (nothing is
 * saved until the event is).
 */
export function DraftListsStep({
  lists,
  setLists,
  errors,
}: {
  lists: readonly DraftList[];
  setLists: Dispatch<SetStateAction<DraftList[]>>;
  /** Field messages by path (`wineLists.0.name`). */
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const full = lists.length >= EVENT_LIMITS.listsMax;

  const add = () => {
    if (full) return;
    if (name.trim() === '') {
      setNameError(translateMessage('required'));
      return;
    }
    setLists((current) => [...current, { key: newDraftKey(), name, wines: [] }]);
    setName('');
    setNameError(undefined);
  };
  const update = (key: string, change: (list: DraftList) => DraftList) =>
    setLists((current) => current.map((list) => (list.key === key ? change(list) : list)));

  const listsError = errors.wineLists;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('eventEditor.lists.intro')}
      </Text>
      {lists.map((list, index) => (
        <DraftListCard
          key={list.key}
          list={list}
          index={index}
          errors={errors}
          onChange={(change) => update(list.key, change)}
          onDelete={() => setLists((current) => current.filter((other) => other.key !== list.key))}
        />
      ))}
      {lists.length === 0 && (
        <Text size="sm" fs="italic">
          {t('eventEditor.lists.none')}
        </Text>
      )}
      <Paper withBorder radius="md" p="sm">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            className={classes.grow}
            label={t('eventEditor.lists.newName')}
            value={name}
            maxLength={EVENT_LIMITS.listNameMax}
            error={nameError}
            disabled={full}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button
            radius="xl"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={full}
            onClick={add}
          >
            {t('eventEditor.lists.add')}
          </Button>
        </Group>
        {full && (
          <Text size="sm" c="red.9" mt="xs" role="status">
            {listsFullMessage()}
          </Text>
        )}
      </Paper>
      {listsError && (
        <Text size="sm" c="red.9" role="alert">
          {listsError}
        </Text>
      )}
    </Stack>
  );
}

function DraftListCard({
  list,
  index,
  errors,
  onChange,
  onDelete,
}: {
  list: DraftList;
  index: number;
  errors: Record<string, string>;
  onChange: (change: (list: DraftList) => DraftList) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const shownName = list.name.trim() || t('eventEditor.lists.untitled', { number: index + 1 });
  const add = (wines: DraftWine[]): AddResult => {
    const result = addWines(list, wines);
    onChange((current) => addWines(current, wines).list);
    return { added: result.added.length, overflow: result.overflow };
  };
  const importIds = async (text: string): Promise<ImportSummary> => {
    const found = await lookUpEventWineIds(text);
    const wines = found.wines.map(draftWineOf);
    const idOf = new Map(wines.map((wine, at) => [wine.id, found.foundIds[at] ?? wine.id]));
    const result = addWines(list, wines);
    onChange((current) => addWines(current, wines).list);
    return {
      added: result.added.length,
      alreadyListed: result.alreadyListed.map((wine) => idOf.get(wine.id) ?? wine.id),
      unknown: found.unknown,
      junk: found.junk,
      overflow: result.overflow,
    };
  };
  const wineError = errors[`wineLists.${index}.wineIds`];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('eventEditor.lists.cardLabel', { name: shownName })}
      data-testid="draft-list"
    >
      <Stack gap="sm">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            className={classes.grow}
            label={t('eventEditor.lists.name')}
            withAsterisk
            value={list.name}
            maxLength={EVENT_LIMITS.listNameMax}
            error={errors[`wineLists.${index}.name`]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange((current) => ({ ...current, name: value }));
            }}
          />
          <Button
            variant="default"
            radius="xl"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={t('eventEditor.lists.deleteNamed', { name: shownName })}
            onClick={onDelete}
          >
            {t('eventEditor.lists.delete')}
          </Button>
        </Group>
        <Group gap="xs">
          <Badge variant="light" color="wine.9">
            {t('eventEditor.lists.wineCount', { count: list.wines.length })}
          </Badge>
        </Group>
        <ListWines
          wines={list.wines}
          listName={shownName}
          onChange={(wines) => onChange((current) => ({ ...current, wines }))}
        />
        {wineError && (
          <Text size="sm" c="red.9">
            {wineError}
          </Text>
        )}
        <WineSources listName={shownName} wines={list.wines} onAdd={add} onImport={importIds} />
      </Stack>
    </Paper>
  );
}
