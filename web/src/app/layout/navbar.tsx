import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { CurrencySelect } from '../../features/config/components/currency-select';
import { useCartCount } from '../../features/marketplace/cart/use-cart-count';
import { GlobalSearchTrigger } from '../../features/search/global-search-trigger';
import { useSession } from '../../lib/session';
import { commonStyles, withStyles } from '../styles/component-styles';
import classes from './navbar.module.css';

const loadPhoneMenuWithStyles = withStyles(commonStyles, () => import('./phone-menu'));
const PhoneMenu = lazy(loadPhoneMenuWithStyles);
// Only a signed-in person has one: fetched when a stored session is found, alongside its viewer request.
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));
// Fetched as soon as a pointer or focus nears the burger, so the menu opens without a wait.
const loadPhoneMenu = () => void loadPhoneMenuWithStyles();

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
  const { t } = useTranslation('shell');
  const session = useSession();
  const viewer = session.status === 'authenticated' ? session.user : null;
  const cartCount = useCartCount();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The phone menu is mounted from its first opening on, so it can animate closed afterwards.
  const [menuWanted, setMenuWanted] = useState(false);

  useEffect(() => {
    if (session.status !== 'anonymous') void loadAccountMenu();
  }, [session.status]);

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

        <GlobalSearchTrigger transparent={transparent} />

        <div className={classes.actions}>
          <LanguageSwitch />
          <CurrencySelect />
          {viewer?.isBusiness && (
            <Link
              to="/cart"
              className={classes.cart}
              aria-label={cartCount > 0 ? t('nav.cartWithCount', { count: cartCount }) : t('nav.cart')}
              aria-current={isIn(pathname, '/cart') ? 'page' : undefined}
            >
              <IconShoppingCart size={22} stroke={1.7} aria-hidden />
              {/* The count appears once there is something to count (SPEC §6: business users see it). */}
              {cartCount > 0 && (
                <span className={classes.cartCount} aria-hidden="true">
                  {cartCount}
                </span>
              )}
            </Link>
          )}
          {viewer && (
            <Suspense fallback={<span className={classes.accountSlot} />}>
              <AccountMenu user={viewer} transparent={transparent} />
            </Suspense>
          )}
          {/* While the viewer of a stored token loads, neither shows: nobody sees "Sign in" flash. */}
          {session.status === 'anonymous' && (
            <Link to="/sign-in" className={classes.signIn}>
              {t('nav.signIn')}
            </Link>
          )}
        </div>

        {/* Three lines that turn into a cross, as Mantine's Burger draws them, without its code in the first load. */}
        <button
          type="button"
          onClick={() => {
            setMenuWanted(true);
            toggle();
          }}
          onPointerEnter={loadPhoneMenu}
          onFocus={loadPhoneMenu}
          className={`mantine-focus-auto ${classes.burger}`}
          data-transparent={transparent || undefined}
          aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={opened}
          aria-controls="kork-phone-menu"
        >
          <span className={classes.burgerLines} data-opened={opened || undefined} />
        </button>
      </div>

      {menuWanted && (
        <Suspense fallback={null}>
          <PhoneMenu
            opened={opened}
            onClose={close}
            links={links('drawer')}
            viewer={viewer}
            anonymous={session.status === 'anonymous'}
          />
        </Suspense>
      )}
    </header>
  );
}
