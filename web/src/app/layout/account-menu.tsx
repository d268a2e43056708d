import type { User } from '@kork/shared';
import {
  IconArrowMerge,
  IconBottle,
  IconBuildingWarehouse,
  IconLogout,
  IconNotebook,
  IconSettings,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useLogOut } from '../../lib/use-log-out';
import classes from './account-menu.module.css';

/**
 * The signed-in person's menu behind their avatar: profile and settings, wine cellar, tastings, the
 * admin tools for admins, log out. A disclosure (button + list of links) built from plain elements: it
 * is in the navbar on every page, and a popover library would weigh on the first load for a few links.
 */
export function AccountMenu({ user, transparent }: { user: User; transparent: boolean }) {
  const { t } = useTranslation('shell');
  // Two of its items are named in the full catalogue; the list is hidden until opened, and the catalogue
  // is there long before anyone can open it.
  const { t: tAll } = useTranslation('translation', { useSuspense: false });
  const logOut = useLogOut();
  const { pathname } = useLocation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Moving to another page closes it.
  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  // A press anywhere else closes it, as menus do.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  // Escape closes it and returns to the button; tabbing out of it closes it, moving between its own
  // items does not.
  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={classes.root}>
      <button
        ref={buttonRef}
        type="button"
        className={classes.trigger}
        data-transparent={transparent || undefined}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('nav.account.menu', { name: user.fullName || user.email })}
        onClick={() => setOpen((value) => !value)}
      >
        <UserAvatar user={user} size={34} />
      </button>
      <div id={menuId} className={classes.menu} hidden={!open}>
        <div className={classes.who}>
          <span className={classes.name}>{user.fullName}</span>
          <span className={classes.email}>{user.email}</span>
        </div>
        <ul className={classes.items}>
          <li>
            <Link to="/settings/profile" className={classes.item}>
              <IconSettings size={18} aria-hidden />
              {t('nav.account.profile')}
            </Link>
          </li>
          <li>
            <Link to="/wine-cellar/home" className={classes.item}>
              <IconBottle size={18} aria-hidden />
              {t('nav.wineCellar')}
            </Link>
          </li>
          <li>
            <Link to="/my-tastings" className={classes.item}>
              <IconNotebook size={18} aria-hidden />
              {tAll('myTastings.menu')}
            </Link>
          </li>
          {(user.userType === 'WINE_IMPORTER' || user.userType === 'WHOLESALER') && (
            <li>
              <Link to="/supplier-portal" className={classes.item}>
                <IconBuildingWarehouse size={18} aria-hidden />
                {tAll('supplierPortal.menu')}
              </Link>
            </li>
          )}
          {user.role === 'admin' && (
            <li>
              <Link to="/admin/merge-wines" className={classes.item}>
                <IconArrowMerge size={18} aria-hidden />
                {tAll('adminMerge.menu')}
              </Link>
            </li>
          )}
          {user.role === 'admin' && (
            <li>
              <Link to="/admin/suppliers" className={classes.item}>
                <IconBuildingWarehouse size={18} aria-hidden />
                {tAll('supplierPortal.admin.menu')}
              </Link>
            </li>
          )}
          <li>
            <button type="button" className={classes.item} onClick={() => void logOut()}>
              <IconLogout size={18} aria-hidden />
              {t('nav.account.logOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
