import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/form-schema';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in a sentence or a summary. */
  children: ReactNode;
  confirmLabel: string;
  /** Carries the action out; a rejection is shown in the modal, which stays open. */
  onConfirm: () => Promise<void>;
  /** Keeps the confirm button off (a phrase still to be typed). */
  confirmDisabled?: boolean;
}

/** Asks before something that cannot be undone (deleting a note or a wine, merging wines). */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  confirmDisabled = false,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (opened) setFailure(undefined);
  }, [opened]);

  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('wine.confirm.close') }}
    >
      <Stack gap="md">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        {failure && (
          <Alert color="wine" variant="light" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" radius="xl" onClick={onClose} disabled={busy}>
            {t('wine.confirm.cancel')}
          </Button>
          <Button
            color="wine.8"
            radius="xl"
            loading={busy}
            disabled={confirmDisabled}
            onClick={() => void confirm()}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
