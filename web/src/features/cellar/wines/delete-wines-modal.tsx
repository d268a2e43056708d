import type { CellarWine } from '@kork/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { deleteCellarWines } from '../api/delete-cellar-wines';
import classes from './cellar-wines-page.module.css';

interface DeleteWinesModalProps {
  userId: string;
  wines: CellarWine[];
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting the selected wines; the cellar history keeps a DELETED entry for each. */
export function DeleteWinesModal({ userId, wines, opened, onClose, onDeleted }: DeleteWinesModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const count = wines.length;

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await deleteCellarWines(
        userId,
        wines.map((wine) => wine.id),
      );
      notify.success(t('cellarWines.delete.done', { count: result?.count ?? count }));
      onDeleted();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cellarWines.delete.title')}
      closeButtonProps={{ 'aria-label': t('cellarWines.add.close') }}
      centered
    >
      <Stack gap="md">
        <Text>{t('cellarWines.delete.text', { count })}</Text>
        <Text component="ul" size="sm" c="dimmed" className={classes.deleteList}>
          {wines.slice(0, 10).map((wine) => (
            <li key={wine.id}>{wine.wineDisplayName}</li>
          ))}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" radius="xl" onClick={onClose} disabled={busy}>
            {t('cellarWines.delete.cancel')}
          </Button>
          <Button color="red" radius="xl" onClick={confirm} loading={busy}>
            {t('cellarWines.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
