import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { CurrencySelect } from '../../features/config/components/currency-select';
import { useIsLoggedIn } from '../../lib/session';
import { LanguageSwitch } from './language-switch';
import classes from './navbar.module.css';

const PhoneMenu = lazy(() => import('./phone-menu'));
// Fetched as soon as a pointer or focus nears the burger, so the menu opens without a wait.
const loadPhoneMenu = () => void import('./phone-menu');

// `section` is the part of the app a link stands for: every cellar page marks "Wine cellar" as current.
const LINKS = [
  { to: '/feed', label: 'nav.feed', section: '/feed' },
  { to: '/events', label: 'nav.events', section: '/events' },
  { to: '/wine-cellar/home', label: 'nav.wineCellar', section: '/wine-cellar' },
] as const;

function isIn(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

interface NavbarProps {
  /** See-through over the home hero (the category strip is still in view). */
  transparent: boolean;
  /** The page slides under the navbar (home), so the navbar is laid over it. */
  overlay: boolean;
  /** Lined up with a full-width work screen (the cellar) rather than the centred pages. */
  wide: boolean;
}

export function Navbar({ transparent, overlay, wide }: NavbarProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The phone menu is mounted from its first opening on, so it can animate closed afterwards.
  const [menuWanted, setMenuWanted] = useState(false);

  // Any navigation (back button included) closes the phone menu.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  const links = (variant: 'bar' | 'drawer') =>
    LINKS.map((link) => (
      <Link
        key={link.to}
        to={link.to}
        className={variant === 'bar' ? classes.link : classes.drawerLink}
        aria-current={isIn(pathname, link.section) ? 'page' : undefined}
        onClick={variant === 'drawer' ? close : undefined}
      >
        {t(link.label)}
      </Link>
    ));

  return (
    <header
      className={classes.header}
      data-transparent={transparent || undefined}
      data-overlay={overlay || undefined}
      data-wide={wide || undefined}
    >
      <div className={classes.inner}>
        <Link to="/wine-cellar/home" className={classes.brand} aria-label={t('nav.logoLabel')}>
          <Logo tone={transparent ? 'light' : 'dark'} />
        </Link>

        <nav aria-label={t('nav.main')} className={classes.links}>
          {links('bar')}
        </nav>

        <div className={classes.actions}>
          <LanguageSwitch />
          <CurrencySelect />
          {!loggedIn && (
            <Link to="/sign-in" className={classes.signIn}>
              {t('nav.signIn')}
            </Link>
          )}
        </div>

        <Burger
          opened={opened}
          onClick={() => {
            setMenuWanted(true);
            toggle();
          }}
          onPointerEnter={loadPhoneMenu}
          onFocus={loadPhoneMenu}
          className={classes.burger}
          color={transparent ? 'var(--kork-hero-ink)' : 'var(--mantine-color-wine-9)'}
          aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={opened}
          aria-controls="kork-phone-menu"
        />
      </div>

      {menuWanted && (
        <Suspense fallback={null}>
          <PhoneMenu opened={opened} onClose={close} links={links('drawer')} loggedIn={loggedIn} />
        </Suspense>
      )}
    </header>
  );
}
