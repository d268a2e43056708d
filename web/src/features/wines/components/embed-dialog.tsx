import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { translateMessage } from '../../../lib/form-schema';
import { escapeAttribute } from '../../../lib/html';
import { notify } from '../../../lib/notify';
import { QueryProvider } from '../../../lib/query-client';
import { useIsLoggedIn } from '../../../lib/session';
import { embedPriceKeyQuery } from '../../embed/api/embed-queries';

export interface EmbedChoices {
  showPrice: boolean;
  showRating: boolean;
  /** Proof that a registered account chose to show the price; the price shows only with it. */
  priceKey?: string;
}

/** The HTML another site pastes to show the wine's card: an iframe of `/embed/wines/{id}`. */
export function embedCode(origin: string, wine: { id: string; name: string }, choices: EmbedChoices): string {
  const showPrice = choices.showPrice && Boolean(choices.priceKey);
  const key = showPrice ? `&priceKey=${encodeURIComponent(choices.priceKey ?? '')}` : '';
  const src = `${origin}/embed/wines/${encodeURIComponent(wine.id)}?showPrice=${showPrice}&showRating=${choices.showRating}${key}`;
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(wine.name)}" width="360" height="520" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

interface EmbedDialogProps {
  opened: boolean;
  onClose: () => void;
  wine: { id: string; name: string };
}

/**
 * "Embed this wine": choose what the card shows, copy the code. Prices are for registered users: only a
 * signed-in account can put the price on its card (with the key the API gives it).
 */
export function EmbedDialog(props: EmbedDialogProps) {
  return (
    <QueryProvider>
      <Embed {...props} />
    </QueryProvider>
  );
}

function Embed({ opened, onClose, wine }: EmbedDialogProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [choices, setChoices] = useState<EmbedChoices>({ showPrice: true, showRating: true });
  const key = useQuery({ ...embedPriceKeyQuery(wine.id), enabled: opened && loggedIn });
  const priceKey = key.data?.priceKey;
  const code = embedCode(window.location.origin, wine, { ...choices, priceKey });

  async function copy() {
    try {
      await copyText(code);
      notify.success(t('wine.embed.copied'));
    } catch {
      notify.error(translateMessage('unableToCopyLink'));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('wine.embed.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('wine.embed.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('wine.embed.text')}</Text>
        <Group gap="lg">
          <Checkbox
            label={t('wine.embed.showPrice')}
            description={loggedIn ? undefined : t('wine.embed.priceSignIn')}
            checked={choices.showPrice && priceKey !== undefined}
            disabled={priceKey === undefined}
            onChange={(event) => {
              const showPrice = event.currentTarget.checked;
              setChoices((current) => ({ ...current, showPrice }));
            }}
          />
          <Checkbox
            label={t('wine.embed.showRating')}
            checked={choices.showRating}
            onChange={(event) => {
              const showRating = event.currentTarget.checked;
              setChoices((current) => ({ ...current, showRating }));
            }}
          />
        </Group>
        <Textarea
          label={t('wine.embed.code')}
          value={code}
          readOnly
          autosize
          minRows={4}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end">
          <Button radius="xl" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
            {t('wine.embed.copy')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
