import { Button, Drawer, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import classes from './cellar-layout.module.css';
import { CellarMenu, useBusinessCellar } from './cellar-menu';
import { BusinessOnlyPage } from './cellar-section-page';
import { CELLAR_SECTIONS, cellarPath } from './cellar-sections';

/**
 * The cellar: a side menu beside the section on wide screens, a menu button and drawer on phones. A
 * private cellar that opens a business section sees what the section is for instead of the section.
 */
export function CellarLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const current = CELLAR_SECTIONS.find((section) => {
    const path = cellarPath(section);
    return pathname === path || pathname.startsWith(`${path}/`);
  });
  const business = useBusinessCellar();
  const closed = current?.business === true && business === false;
  // A business section waits for the account, so a private one never glimpses it before being told.
  const waiting = current?.business === true && business === undefined;

  return (
    <div className={classes.layout}>
      <aside className={classes.sidebar}>
        <nav aria-label={t('cellar.menuLabel')}>
          <Text className={classes.sidebarTitle}>{t('cellar.title')}</Text>
          <CellarMenu />
        </nav>
      </aside>

      <div className={classes.phoneBar}>
        <Button
          variant="default"
          radius="xl"
          leftSection={<IconLayoutSidebarLeftExpand size={18} aria-hidden />}
          onClick={open}
          aria-expanded={opened}
          aria-controls="kork-cellar-menu"
        >
          {t('cellar.openMenu')}
        </Button>
        {current && (
          <Text fw={600} c="wine.8" truncate>
            {t(`cellar.sections.${current.key}.title`)}
          </Text>
        )}
      </div>

      <Drawer
        id="kork-cellar-menu"
        opened={opened}
        onClose={close}
        size="min(82vw, 320px)"
        title={t('cellar.title')}
        closeButtonProps={{ 'aria-label': t('cellar.closeMenu') }}
        classNames={{ title: classes.drawerTitle }}
      >
        <nav aria-label={t('cellar.menuLabel')}>
          <CellarMenu onNavigate={close} />
        </nav>
      </Drawer>

      <div className={classes.content}>
        {closed && current ? (
          <BusinessOnlyPage section={current.key} />
        ) : waiting ? (
          <Skeleton height={240} radius="lg" aria-busy="true" />
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}
