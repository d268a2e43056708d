import type { User } from '@kork/shared';
import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconArrowMerge, IconLogout, IconNotebook, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { UserAvatar } from '../../components/user-avatar';
import { CurrencySelect } from '../../features/config/components/currency-select';
import { useLogOut } from '../../lib/use-log-out';
import classes from './navbar.module.css';

interface PhoneMenuProps {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
  /** The signed-in person, if any. */
  viewer: User | null;
  /** Nobody is signed in (not merely: the viewer is still loading). */
  anonymous: boolean;
}

/**
 * The navbar's menu on phones. It is its own chunk, fetched the first time the burger is pressed, so
 * the drawer machinery does not weigh on the first page load.
 */
export default function PhoneMenu({ opened, onClose, links, viewer, anonymous }: PhoneMenuProps) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  return (
    <Drawer
      id="kork-phone-menu"
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(86vw, 360px)"
      title={<Logo />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      classNames={{ body: classes.drawerBody }}
    >
      <nav aria-label={t('nav.main')}>
        <Stack gap={4}>{links}</Stack>
      </nav>
      <Divider my="lg" />
      <Stack gap="md">
        <LanguageSwitch fullWidth />
        <CurrencySelect variant="field" />
        {viewer && (
          <>
            <Group gap="sm" wrap="nowrap">
              <UserAvatar user={viewer} size={40} />
              <div>
                <Text fw={700}>{viewer.fullName}</Text>
                <Text size="xs" c="dimmed">
                  {viewer.email}
                </Text>
              </div>
            </Group>
            <Button
              component={Link}
              to="/settings/profile"
              variant="light"
              fullWidth
              radius="xl"
              size="md"
              leftSection={<IconSettings size={18} aria-hidden />}
              onClick={onClose}
            >
              {t('nav.account.profile')}
            </Button>
            <Button
              component={Link}
              to="/my-tastings"
              variant="light"
              fullWidth
              radius="xl"
              size="md"
              leftSection={<IconNotebook size={18} aria-hidden />}
              onClick={onClose}
            >
              {t('myTastings.menu')}
            </Button>
            {viewer.role === 'admin' && (
              <Button
                component={Link}
                to="/admin/merge-wines"
                variant="light"
                fullWidth
                radius="xl"
                size="md"
                leftSection={<IconArrowMerge size={18} aria-hidden />}
                onClick={onClose}
              >
                {t('adminMerge.menu')}
              </Button>
            )}
            <Button
              variant="default"
              fullWidth
              radius="xl"
              size="md"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={() => {
                onClose();
                void logOut();
              }}
            >
              {t('nav.account.logOut')}
            </Button>
          </>
        )}
        {anonymous && (
          <Button component={Link} to="/sign-in" fullWidth radius="xl" size="md" onClick={onClose}>
            {t('nav.signIn')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
