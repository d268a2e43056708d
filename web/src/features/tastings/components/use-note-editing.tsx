import { type TastingNote, wineDisplayName } from '@kork/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../lib/notify';
import { deleteTasting } from '../api/delete-tasting';
import { TastingFormModal } from './tasting-form-modal';

interface NoteEditing {
  edit: (note: TastingNote) => void;
  remove: (note: TastingNote) => void;
  /** The edit form and the delete confirmation; render them once, anywhere in the page. */
  modals: ReactNode;
}

/**
 * Changing and deleting notes from a list: the form opens prefilled, deleting asks first, and the list
 * is told to refresh once either is done.
 */
export function useNoteEditing({
  viewerId,
  wineName,
  onChanged,
}: {
  viewerId: string | undefined;
  /** The wine's display name when all notes are about one wine; otherwise each note's own wine is used. */
  wineName?: string | undefined;
  onChanged: () => void;
}): NoteEditing {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TastingNote>();
  const [deleting, setDeleting] = useState<TastingNote>();

  const noteWine = editing?.wine;
  const name =
    wineName ??
    (noteWine ? wineDisplayName({ wineName: noteWine.name, producerName: noteWine.producer }) : '');

  const modals = (
    <>
      {viewerId && (
        <TastingFormModal
          opened={editing !== undefined}
          onClose={() => setEditing(undefined)}
          wine={{ id: editing?.wineId ?? '', name }}
          note={editing}
          viewerId={viewerId}
          onSaved={onChanged}
        />
      )}
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('tasting.delete.title')}
        confirmLabel={t('tasting.delete.confirm')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteTasting(deleting.id);
          setDeleting(undefined);
          notify.success(t('tasting.delete.done'));
          onChanged();
        }}
      >
        {t('tasting.delete.text')}
      </ConfirmModal>
    </>
  );

  return { edit: setEditing, remove: setDeleting, modals };
}
