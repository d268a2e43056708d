import { Button, Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { CurrencySelect } from '../../features/config/components/currency-select';
import { LanguageSwitch } from './language-switch';
import classes from './navbar.module.css';

interface PhoneMenuProps {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
  loggedIn: boolean;
}

/**
 * The navbar's menu on phones. It is its own chunk, fetched the first time the burger is pressed, so
 * the drawer machinery does not weigh on the first page load.
 */
export default function PhoneMenu({ opened, onClose, links, loggedIn }: PhoneMenuProps) {
  const { t } = useTranslation();
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
        {!loggedIn && (
          <Button component={Link} to="/sign-in" fullWidth radius="xl" size="md" onClick={onClose}>
            {t('nav.signIn')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
