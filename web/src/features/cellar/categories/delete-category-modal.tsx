import type { WineListCategory } from '@kork/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';

interface DeleteCategoryModalProps {
  /** The category to delete; null keeps the dialog closed. */
  category: WineListCategory | null;
  onConfirm: (category: WineListCategory) => Promise<void>;
  onClose: () => void;
}

/** Deleting takes the subcategories with it and cannot be undone, so it is asked first. */
export function DeleteCategoryModal({ category, onConfirm, onClose }: DeleteCategoryModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The dialog keeps its text while it closes, after `category` is already null.
  const [shown, setShown] = useState(category);
  if (category && category !== shown) setShown(category);

  async function confirm() {
    if (!category) return;
    setBusy(true);
    try {
      await onConfirm(category);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={category !== null}
      onClose={onClose}
      title={t('cellarReview.categories.delete.title')}
      radius="lg"
      centered
    >
      <Text>{t('cellarReview.categories.delete.text', { name: shown?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" radius="xl" onClick={onClose}>
          {t('cellarReview.categories.delete.cancel')}
        </Button>
        <Button color="red" radius="xl" loading={busy} onClick={() => void confirm()}>
          {t('cellarReview.categories.delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
