import { type TastingNote, wineDisplayName } from '@kork/shared';
import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TastingForm } from './tasting-form';

interface TastingFormModalProps {
  opened: boolean;
  onClose: () => void;
  wine: { id: string; name: string; producer?: string | undefined };
  /** The note being changed; absent for a new one. */
  note?: TastingNote | undefined;
  viewerId: string;
  onSaved: (note: TastingNote) => void;
}

/** Writing or changing a tasting note without leaving the page it was started from. */
export function TastingFormModal({ opened, onClose, wine, note, viewerId, onSaved }: TastingFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={note ? t('tasting.form.editTitle') : t('tasting.form.newTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('tasting.form.close') }}
    >
      <Text size="sm" c="dimmed" mb="md">
        {wineDisplayName({ wineName: wine.name, producerName: wine.producer })}
      </Text>
      {/* Keyed by the note so each opening starts from what is saved, not from an earlier draft. */}
      {opened && (
        <TastingForm
          key={note?.id ?? 'new'}
          wineId={wine.id}
          note={note}
          viewerId={viewerId}
          onCancel={onClose}
          onSaved={(saved) => {
            onSaved(saved);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
