import type { DutyMissing, Recipe, RecipeDutiesDate } from '@kork/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WARNING_TEXT_COLOR } from '../../lib/warning-color';
import classes from './recipes.module.css';

/** A wine's share of its duties as the figures have it: known, missing (and why), or not looked up yet. */
export type DutyShare = { share: number } | { missing: DutyMissing } | undefined;

/**
 * "of which duties NOK 11.18" for a wine's share (part of its cost, never added to it); "duties unknown:
 * alcohol unknown" when they are not known; "duties shown once saved" for a wine not read with the recipe.
 */
export function useDutiesText(money: (minor: number | null) => string) {
  const { t } = useTranslation();
  return (share: DutyShare): string => {
    if (share === undefined) return t('recipesPage.duties.afterSave');
    if ('missing' in share)
      return t('recipesPage.duties.unknown', { reason: t(`recipesPage.duties.missing.${share.missing}`) });
    return t('recipesPage.duties.ofWhich', { amount: money(share.share) });
  };
}

/** A read recipe's "of which duties", or why they are unknown; nothing for a recipe without wines. */
export function RecipeDutiesLine({
  recipe,
  money,
}: {
  recipe: Pick<Recipe, 'duties' | 'ingredients'>;
  money: (minor: number | null) => string;
}) {
  const text = useDutiesText(money);
  if (recipe.duties === undefined) return null;
  const missing = recipe.ingredients.find((ingredient) => ingredient.dutiesMissing)?.dutiesMissing;
  const share: DutyShare =
    recipe.duties !== null ? { share: recipe.duties } : missing ? { missing } : undefined;
  if (!share) return null;
  return (
    <Text size="xs" c="dimmed" className={classes.wrap} data-testid="recipe-duties">
      {text(share)}
    </Text>
  );
}

/** Which rates the duties are from, plainly when that year's rates are not loaded yet. */
export function DutiesAsOf({ dates }: { dates: RecipeDutiesDate | undefined }) {
  const { t } = useTranslation();
  if (!dates?.stale || !dates.ratesAsOf) return null;
  return (
    <Text size="xs" c={WARNING_TEXT_COLOR} data-testid="recipe-duties-stale">
      {t('recipesPage.duties.stale', { year: dates.date.slice(0, 4), from: dates.ratesAsOf.slice(0, 4) })}
    </Text>
  );
}
