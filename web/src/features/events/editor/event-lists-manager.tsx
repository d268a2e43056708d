import {
  EVENT_LIMITS,
  type EventWineList,
  EventWineListInput,
  EventWineListUpdate,
  type WineEvent,
} from '@kork/shared';
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, schemaErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import {
  addEventWineList,
  deleteEventWineList,
  eventKeys,
  importEventWineIds,
  updateEventWineList,
} from '../api/events';
import classes from './event-editor.module.css';
import { addWines, type DraftWine, draftWineOf, listsFullMessage } from './event-form';
import { type AddResult, type ImportSummary, ListWines, WineSources } from './list-wines';

export interface EventListsManagerProps {
  event: WineEvent;
  /** Called after any list change was saved (the page refetches the event). */
  onChanged?: () => void;
}

/**
 * The organiser's tools for an event's lists on its profile (SPEC §4): add a list, rename it, set its
 * wines, delete it, batch import ids into it, each saved at once with the §8 toast.
 */
export function EventListsManager({ event, onChanged }: EventListsManagerProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<EventWineList>();
  const changed = () => {
    void client.invalidateQueries({ queryKey: eventKeys.all });
    onChanged?.();
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="event-lists-manager-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="event-lists-manager-title">
            {t('eventEditor.manager.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('eventEditor.manager.intro')}
          </Text>
        </div>
        {event.wineLists.length === 0 && <Text size="sm">{t('eventEditor.manager.none')}</Text>}
        {event.wineLists.map((list) =>
          editing === list.id ? (
            <ListEditor
              key={list.id}
              eventId={event.id}
              list={list}
              onClose={() => setEditing(undefined)}
              onSaved={changed}
            />
          ) : (
            <Group key={list.id} gap="xs" wrap="nowrap" align="center" data-testid="managed-list">
              <Text fw={600} className={classes.grow}>
                {list.name}
              </Text>
              <Badge variant="light" color="wine.9" style={{ flex: 'none' }}>
                {t('eventEditor.lists.wineCount', { count: list.wines.length })}
              </Badge>
              <Button
                size="compact-sm"
                variant="light"
                radius="xl"
                leftSection={<IconPencil size={14} aria-hidden />}
                aria-label={t('eventEditor.manager.editNamed', { name: list.name })}
                onClick={() => setEditing(list.id)}
              >
                {t('eventEditor.manager.edit')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red.9"
                radius="xl"
                aria-label={t('eventEditor.manager.deleteNamed', { name: list.name })}
                onClick={() => setDeleting(list)}
              >
                <IconTrash size={16} aria-hidden />
              </Button>
            </Group>
          ),
        )}
        <NewListForm
          eventId={event.id}
          full={event.wineLists.length >= EVENT_LIMITS.listsMax}
          onAdded={changed}
        />
      </Stack>
      <DeleteListModal
        eventId={event.id}
        list={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={() => {
          if (deleting?.id === editing) setEditing(undefined);
          changed();
        }}
      />
    </Paper>
  );
}

function NewListForm({ eventId, full, onAdded }: { eventId: string; full: boolean; onAdded: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string>();
  const add = useMutation({
    mutationFn: (listName: string) => addEventWineList(eventId, { name: listName }),
  });
  const invalid = schemaErrors(EventWineListInput, { name }).name;
  const submit = async () => {
    setTouched(true);
    if (invalid || full || add.isPending) return;
    setProblem(undefined);
    try {
      await add.mutateAsync(name);
      notify.success(t('wineEvents.toasts.listAdded'));
      setName('');
      setTouched(false);
      onAdded();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(submitted) => {
        submitted.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          className={classes.grow}
          label={t('eventEditor.manager.newName')}
          value={name}
          maxLength={EVENT_LIMITS.listNameMax}
          disabled={full}
          error={(touched ? invalid : undefined) ?? problem}
          onChange={(changed) => {
            setName(changed.currentTarget.value);
            setProblem(undefined);
          }}
        />
        <Button
          type="submit"
          radius="xl"
          variant="light"
          loading={add.isPending}
          disabled={full}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('eventEditor.manager.add')}
        </Button>
      </Group>
      {full && (
        <Text size="sm" c="red.9" mt="xs" role="status">
          {listsFullMessage()}
        </Text>
      )}
    </form>
  );
}

/** One list opened: its name and wines edited here and saved together; ids imported at once. */
function ListEditor({
  eventId,
  list,
  onClose,
  onSaved,
}: {
  eventId: string;
  list: EventWineList;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(list.name);
  const [wines, setWines] = useState<DraftWine[]>(() => list.wines.map(draftWineOf));
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: EventWineListUpdate) => updateEventWineList(eventId, list.id, input),
  });
  const input = { name, wineIds: wines.map((wine) => wine.id) };
  const invalid = schemaErrors(EventWineListUpdate, input);
  const shownName = name.trim() || list.name;

  const submit = async () => {
    if (Object.keys(invalid).length > 0 || save.isPending) return;
    setProblem(undefined);
    setFieldErrors({});
    try {
      const saved = await save.mutateAsync(input);
      setName(saved.name);
      setWines(saved.wines.map(draftWineOf));
      setDirty(false);
      notify.success(t('wineEvents.toasts.listUpdated'));
      onSaved();
    } catch (error) {
      setProblem(errorMessage(error));
      setFieldErrors(apiFieldErrors(error));
    }
  };

  const add = (found: DraftWine[]): AddResult => {
    const result = addWines({ key: list.id, name, wines }, found);
    setWines(result.list.wines);
    if (result.added.length > 0) setDirty(true);
    return { added: result.added.length, overflow: result.overflow };
  };

  const importIds = async (text: string): Promise<ImportSummary> => {
    const report = await importEventWineIds(eventId, list.id, text);
    // The import is saved at once: its wines join the ones shown, in the list's order after them.
    setWines(
      (current) =>
        addWines({ key: list.id, name, wines: current }, report.list.wines.map(draftWineOf)).list.wines,
    );
    if (report.added.length > 0) {
      notify.success(t('wineEvents.toasts.listUpdated'));
      onSaved();
    }
    return {
      added: report.added.length,
      alreadyListed: report.alreadyListed,
      unknown: report.unknown,
      junk: report.junk,
      overflow: 0,
    };
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('eventEditor.lists.cardLabel', { name: list.name })}
    >
      <form
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('eventEditor.manager.name')}
            withAsterisk
            value={name}
            maxLength={EVENT_LIMITS.listNameMax}
            error={invalid.name ?? fieldErrors.name}
            onChange={(changed) => {
              setName(changed.currentTarget.value);
              setDirty(true);
            }}
          />
          <ListWines
            wines={wines}
            listName={shownName}
            onChange={(next) => {
              setWines(next);
              setDirty(true);
            }}
          />
          {(invalid.wineIds ?? fieldErrors.wineIds) && (
            <Text size="sm" c="red.9">
              {invalid.wineIds ?? fieldErrors.wineIds}
            </Text>
          )}
          <WineSources listName={shownName} wines={wines} onAdd={add} onImport={importIds} />
          {problem && (
            <Text size="sm" c="red.9" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="space-between" gap="xs">
            {dirty ? (
              <Text size="sm" c="orange.9">
                {t('eventEditor.manager.unsaved')}
              </Text>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" radius="xl" onClick={onClose}>
                {t('eventEditor.manager.done')}
              </Button>
              <Button
                type="submit"
                radius="xl"
                loading={save.isPending}
                aria-label={t('eventEditor.manager.saveNamed', { name: shownName })}
              >
                {t('eventEditor.manager.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DeleteListModal({
  eventId,
  list,
  onClose,
  onDeleted,
}: {
  eventId: string;
  list: EventWineList | undefined;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  const remove = useMutation({ mutationFn: (listId: string) => deleteEventWineList(eventId, listId) });
  const confirm = async () => {
    if (!list) return;
    setProblem(undefined);
    try {
      await remove.mutateAsync(list.id);
      notify.success(t('eventEditor.manager.deleted'));
      onDeleted();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Modal
      opened={Boolean(list)}
      onClose={() => {
        setProblem(undefined);
        onClose();
      }}
      title={t('eventEditor.manager.confirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('eventEditor.manager.keep') }}
    >
      {list && (
        <Stack gap="md">
          <Text size="sm" className={classes.wrap}>
            {t('eventEditor.manager.confirmText', { name: list.name, count: list.wines.length })}
          </Text>
          {problem && (
            <Text size="sm" c="red.9" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" radius="xl" onClick={onClose}>
              {t('eventEditor.manager.keep')}
            </Button>
            <Button color="red.9" radius="xl" loading={remove.isPending} onClick={() => void confirm()}>
              {t('eventEditor.manager.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
