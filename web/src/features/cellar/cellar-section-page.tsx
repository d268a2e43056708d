import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { CELLAR_ICONS } from './cellar-icons';
import { CELLAR_SECTIONS, type CellarSectionKey } from './cellar-sections';

function isSectionKey(value: unknown): value is CellarSectionKey {
  return CELLAR_SECTIONS.some((section) => section.key === value);
}

/** The section the router says this is (route `handle.cellarSection`). */
function useCellarSection(): CellarSectionKey {
  const handle = useMatches().at(-1)?.handle as { cellarSection?: unknown } | undefined;
  return isSectionKey(handle?.cellarSection) ? handle.cellarSection : 'home';
}

/** A cellar section whose feature has not landed: its name and what it will do. */
export function CellarSectionPage() {
  const { t } = useTranslation();
  const section = useCellarSection();
  const Icon = CELLAR_ICONS[section];
  return (
    <ComingSoon
      title={t(`cellar.sections.${section}.title`)}
      description={t(`cellar.sections.${section}.description`)}
      icon={<Icon size={32} stroke={1.5} />}
    />
  );
}
