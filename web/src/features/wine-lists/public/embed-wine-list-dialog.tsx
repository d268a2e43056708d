import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { translateMessage } from '../../../lib/form-schema';
import { escapeAttribute } from '../../../lib/html';
import { notify } from '../../../lib/notify';
import type { ListTheme } from './list-theme';

/** The path of a list's compact version for other sites' frames. */
export function embedListPath(listId: string, theme: ListTheme = 'light'): string {
  const path = `/embed/wine-lists/${encodeURIComponent(listId)}`;
  return theme === 'dark' ? `${path}?theme=dark` : path;
}

/** The HTML a restaurant pastes into its own site: an iframe of `/embed/wine-lists/{id}` as wide as its column. */
export function listEmbedCode(
  origin: string,
  list: { id: string; name: string },
  theme: ListTheme = 'light',
): string {
  const src = `${origin}${embedListPath(list.id, theme)}`;
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(list.name)}" width="100%" height="800" style="border:0;width:100%;max-width:720px" loading="lazy"></iframe>`;
}

interface EmbedWineListDialogProps {
  opened: boolean;
  onClose: () => void;
  list: { id: string; name: string };
}

/** "Embed on your website": the owner chooses light or dark and copies the frame's code. */
export function EmbedWineListDialog({ opened, onClose, list }: EmbedWineListDialogProps) {
  const { t } = useTranslation();
  const themeLabel = useId();
  const [theme, setTheme] = useState<ListTheme>('light');
  const code = listEmbedCode(window.location.origin, list, theme);

  async function copy() {
    try {
      await copyText(code);
      notify.success(t('wineListPublic.embed.copied'));
    } catch {
      notify.error(translateMessage('unableToCopyLink'));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('wineListPublic.embed.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('wineListPublic.embed.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('wineListPublic.embed.text')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={themeLabel}>
            {t('wineListPublic.theme.choose')}
          </Text>
          <SegmentedControl
            aria-labelledby={themeLabel}
            value={theme}
            onChange={(value) => setTheme(value === 'dark' ? 'dark' : 'light')}
            data={[
              { value: 'light', label: t('wineListPublic.theme.light') },
              { value: 'dark', label: t('wineListPublic.theme.dark') },
            ]}
          />
        </Stack>
        <Textarea
          label={t('wineListPublic.embed.code')}
          value={code}
          readOnly
          rows={5}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end">
          <Button radius="xl" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
            {t('wineListPublic.embed.copy')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
