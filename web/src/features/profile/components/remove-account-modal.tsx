import { CONFIRMATION_PHRASES } from '@kork/shared';
import { Alert, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { errorMessage } from '../../../lib/form-schema';
import type { RemovalAction } from '../api/remove-user';

interface RemoveAccountModalProps {
  action: RemovalAction;
  opened: boolean;
  onClose: () => void;
  /** Carries out the removal with the typed phrase; a rejection is shown in the modal. */
  onConfirm: (confirmation: string) => Promise<void>;
}

/**
 * Deactivating or deleting an account asks for a typed phrase (SPEC §4), shown in the visitor's
 * language. The button stays disabled until the phrase is typed exactly, so a slip of the hand cannot
 * remove an account.
 */
export function RemoveAccountModal({ action, opened, onClose, onConfirm }: RemoveAccountModalProps) {
  const { t } = useTranslation();
  const phrase = CONFIRMATION_PHRASES[action][currentLocale()];
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const matches = typed.trim() === phrase;

  // Each opening starts empty: a phrase typed for an earlier attempt must not confirm a new one.
  useEffect(() => {
    if (!opened) return;
    setTyped('');
    setFailure(undefined);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`profile.remove.${action}.title`)}
      closeButtonProps={{ 'aria-label': t('profile.remove.close') }}
      centered
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!matches) return;
          setBusy(true);
          setFailure(undefined);
          try {
            await onConfirm(typed.trim());
          } catch (error) {
            setFailure(errorMessage(error));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t(`profile.remove.${action}.consequence`)}</Text>
          <Text size="sm">
            {t('profile.remove.typeToConfirm')} <Code fw={700}>{phrase}</Code>
          </Text>
          <TextInput
            label={t('profile.remove.phraseLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
          />
          {failure && (
            <Alert color="wine" variant="light" role="alert">
              <Text size="sm">{failure}</Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" radius="xl" onClick={onClose}>
              {t('profile.remove.cancel')}
            </Button>
            <Button type="submit" color="wine.8" radius="xl" disabled={!matches} loading={busy}>
              {t(`profile.remove.${action}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
