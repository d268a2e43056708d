import { isBusinessUserType, type User } from '@kork/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session';
import { CELLAR_ICONS } from './cellar-icons';
import classes from './cellar-layout.module.css';
import { cellarPath, sectionsFor } from './cellar-sections';

/** A business account (SPEC §6: its user type is in the business set). */
export function isBusinessViewer(user: Pick<User, 'userType' | 'isBusiness'>): boolean {
  return user.userType ? isBusinessUserType(user.userType) : user.isBusiness === true;
}

/**
 * Whether the cellar offers its business sections: `undefined` while the session is still being worked
 * out, `false` for a private user or nobody signed in.
 */
export function useBusinessCellar(): boolean | undefined {
  const session = useSession();
  if (session.status === 'loading') return undefined;
  return session.status === 'authenticated' && isBusinessViewer(session.user);
}

/**
 * The cellar's sections with their icons, the ones that are the viewer's: all twelve for a business, the
 * six that are not trade for a private cellar. The current one is marked for sight and for screen readers.
 */
export function CellarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const business = useBusinessCellar() === true;
  return (
    <ul className={classes.menu}>
      {sectionsFor(business).map((section) => {
        const Icon = CELLAR_ICONS[section.key];
        return (
          <li key={section.key}>
            <NavLink to={cellarPath(section)} className={classes.menuLink} onClick={onNavigate}>
              <Icon size={20} stroke={1.6} aria-hidden className={classes.menuIcon} />
              <span>{t(`cellar.sections.${section.key}.title`)}</span>
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
