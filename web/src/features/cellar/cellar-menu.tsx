import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CELLAR_ICONS } from './cellar-icons';
import classes from './cellar-layout.module.css';
import { CELLAR_SECTIONS, cellarPath } from './cellar-sections';

/** The 12 cellar sections with their icons; the current one is marked for sight and for screen readers. */
export function CellarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.menu}>
      {CELLAR_SECTIONS.map((section) => {
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
