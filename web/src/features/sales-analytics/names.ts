import { MAIN_CATEGORIES, type MainCategory } from '@kork/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { vocabularyLabel } from '../../lib/vocabulary';

function isMainCategory(id: string | undefined): id is MainCategory {
  return (MAIN_CATEGORIES as readonly string[]).includes(id ?? '');
}

/** Main category ids and stored country names as the reader's language has them. */
export function useGroupNames() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCallback(
    (id: string | undefined) =>
      isMainCategory(id) ? t(`wine.categories.${id}`) : id || t('salesAnalytics.noCategory'),
    [t],
  );
  const countryName = useCallback(
    (name: string | undefined) =>
      name ? vocabularyLabel('country', name, language) : t('salesAnalytics.noCountry'),
    [t, language],
  );
  return { categoryName, countryName };
}
