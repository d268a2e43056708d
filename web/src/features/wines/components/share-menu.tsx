import { Button, Menu } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandWhatsapp,
  IconBrandX,
  IconLink,
  IconMail,
  IconShare,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyLink, hasWebShare, nativeShare, shareTargets } from '../../../lib/clipboard';

interface ShareMenuProps {
  url: string;
  /** The page's name, as the share sheet and the messages carry it. */
  title: string;
  copiedText: string;
}

/**
 * "Share": the device's own share sheet where it has one (a phone), else a menu of mail, Facebook, X,
 * WhatsApp and copying the link. A share sheet that fails opens the menu instead.
 */
export function ShareMenu({ url, title, copiedText }: ShareMenuProps) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(() => hasWebShare(url));
  const [opened, setOpened] = useState(false);
  const text = t('wineLover.share.text', { name: title });
  const targets = shareTargets(url, text);
  const external = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;
  const icon = <IconShare size={16} aria-hidden />;

  if (sheet) {
    return (
      <Button
        variant="light"
        radius="xl"
        leftSection={icon}
        onClick={async () => {
          if (await nativeShare(url, title)) return;
          setSheet(false);
          setOpened(true);
        }}
      >
        {t('wine.actions.share')}
      </Button>
    );
  }
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" shadow="md" radius="md">
      <Menu.Target>
        <Button variant="light" radius="xl" leftSection={icon}>
          {t('wine.actions.share')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('wineLover.share.menu')}>
        <Menu.Item component="a" href={targets.email} leftSection={<IconMail size={16} aria-hidden />}>
          {t('wineLover.share.email')}
        </Menu.Item>
        <Menu.Item
          {...external}
          href={targets.facebook}
          leftSection={<IconBrandFacebook size={16} aria-hidden />}
        >
          {t('wineLover.share.facebook')}
        </Menu.Item>
        <Menu.Item {...external} href={targets.x} leftSection={<IconBrandX size={16} aria-hidden />}>
          {t('wineLover.share.x')}
        </Menu.Item>
        <Menu.Item
          {...external}
          href={targets.whatsapp}
          leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
        >
          {t('wineLover.share.whatsapp')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={() => void copyLink(url, copiedText)}
        >
          {t('wineLover.share.copy')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
