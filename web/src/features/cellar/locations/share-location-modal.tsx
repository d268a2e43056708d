import type { CellarLocation } from '@kork/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconExternalLink, IconLinkOff, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { errorMessage, translateMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { sharedLocationUrl, shareLocation, unshareLocation } from '../api/locations';

interface ShareLocationModalProps {
  userId: string;
  location: CellarLocation;
  onClose: () => void;
  /** The location with its new `shareToken` (or without one once sharing stopped). */
  onChanged: (location: CellarLocation) => void;
}

/**
 * Share a location as a read-only public link, copy or open the link, or stop sharing (the old link
 * then answers 404). Creating the link is a separate step so opening the dialog never shares by itself.
 */
export function ShareLocationModal({ userId, location, onClose, onChanged }: ShareLocationModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const url = location.shareToken ? sharedLocationUrl(location.shareToken) : undefined;

  async function change(action: 'share' | 'unshare') {
    setBusy(true);
    setFailure(undefined);
    try {
      const saved =
        action === 'share'
          ? await shareLocation(userId, location.id)
          : await unshareLocation(userId, location.id);
      notify.success(
        action === 'share'
          ? t('cellarPlaces.share.created', { name: location.name })
          : t('cellarPlaces.share.stopped', { name: location.name }),
      );
      onChanged(saved);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function copy(link: string) {
    try {
      await copyText(link);
      notify.success(t('cellarPlaces.share.copied'));
    } catch {
      notify.error(translateMessage('unableToCopyLink'));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cellarPlaces.share.title', { name: location.name })}
      centered
      closeButtonProps={{ 'aria-label': t('cellarPlaces.share.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('cellarPlaces.share.explanation')}</Text>
        {url && (
          <TextInput
            label={t('cellarPlaces.share.link')}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
        {failure && (
          <Alert color="wine" variant="light" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        {url ? (
          <Group gap="xs" justify="flex-end">
            <Button
              variant="subtle"
              color="wine.8"
              radius="xl"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              loading={busy}
              onClick={() => void change('unshare')}
            >
              {t('cellarPlaces.share.stop')}
            </Button>
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener"
              variant="light"
              radius="xl"
              aria-label={t('cellarPlaces.share.openLabel')}
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('cellarPlaces.share.open')}
            </Button>
            <Button
              radius="xl"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => void copy(url)}
              data-autofocus
            >
              {t('cellarPlaces.share.copy')}
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button
              radius="xl"
              leftSection={<IconShare size={16} aria-hidden />}
              loading={busy}
              onClick={() => void change('share')}
              data-autofocus
            >
              {t('cellarPlaces.share.create')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
