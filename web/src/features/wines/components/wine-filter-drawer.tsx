import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './wine-feed.module.css';

/**
 * The feed's filters on a phone, in a drawer from the left. Its own chunk: the drawer (focus trap, scroll
 * lock, transitions) downloads when someone first reaches for the Filters button, not with the feed.
 */
export default function WineFilterDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      id="kork-wine-filters"
      opened={opened}
      onClose={onClose}
      position="left"
      size="min(92vw, 400px)"
      title={t('feed.filters')}
      closeButtonProps={{ 'aria-label': t('feed.closeFilters') }}
      classNames={{ title: classes.drawerTitle, body: classes.drawerBody }}
    >
      {children}
    </Drawer>
  );
}
