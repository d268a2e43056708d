import { RECIPE_LIMITS } from '@kork/shared';
import { ActionIcon, Anchor, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumberField } from '../../components/number-field';
import { wineLink } from './paths';
import { type DutyShare, useDutiesText } from './recipe-duties';
import type { IngredientWine, RecipeFormValues } from './recipe-form-model';
import classes from './recipes.module.css';

/** One ingredient of the recipe being edited: its amount and cost, moved, removed, or a warning on its wine. */
export function IngredientLine({
  form,
  index,
  count,
  wine,
  cost,
  duties,
  belowDuties = false,
  money,
  currency,
}: {
  form: UseFormReturnType<RecipeFormValues>;
  index: number;
  /** Ingredients in the recipe. */
  count: number;
  /** The line's wine as read now (undefined: not read yet, or no wine line). */
  wine: IngredientWine | undefined;
  /** The line's cost, written out. */
  cost: string;
  /** A wine line's share of its bottle's duties (part of its cost). */
  duties: DutyShare;
  /** Its cost is below its duties: the wine's purchase price was entered without them. */
  belowDuties?: boolean;
  money: (minor: number | null) => string;
  currency: string;
}) {
  const { t } = useTranslation();
  const dutiesText = useDutiesText(money);
  const line = form.getValues().ingredients[index];
  if (!line) return null;
  const name =
    line.kind === 'wine'
      ? wine?.wineDisplayName || line.displayName
      : line.name.trim() || t('recipesPage.form.otherIngredient');
  return (
    <li className={classes.line} data-testid="recipe-ingredient">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} size="sm" className={classes.wrap}>
          {name}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('recipesPage.form.moveUp', { name })}
            disabled={index === 0}
            onClick={() => form.reorderListItem('ingredients', { from: index, to: index - 1 })}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('recipesPage.form.moveDown', { name })}
            disabled={index === count - 1}
            onClick={() => form.reorderListItem('ingredients', { from: index, to: index + 1 })}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('recipesPage.form.remove', { name })}
            onClick={() => form.removeListItem('ingredients', index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {line.kind === 'wine' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
          <NumberField
            label={t('recipesPage.form.amountCl')}
            decimals={1}
            suffix="cl"
            {...form.getInputProps(`ingredients.${index}.amountCl`)}
          />
          <IngredientCost
            label={t('recipesPage.form.ingredientCost')}
            value={cost}
            // No share while the amount is not a number yet; "once saved" for a wine not read with the recipe.
            note={wine && !wine.missing && (duties || !wine.duties) ? dutiesText(duties) : undefined}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xs" mt={4}>
          <TextInput
            label={t('recipesPage.form.otherName')}
            maxLength={RECIPE_LIMITS.nameMax}
            {...form.getInputProps(`ingredients.${index}.name`)}
          />
          <NumberField
            label={t('recipesPage.form.amount')}
            decimals={2}
            {...form.getInputProps(`ingredients.${index}.amount`)}
          />
          <TextInput
            label={t('recipesPage.form.unit')}
            placeholder={t('recipesPage.form.unitPlaceholder')}
            maxLength={RECIPE_LIMITS.unitMax}
            {...form.getInputProps(`ingredients.${index}.unit`)}
          />
          <NumberField
            label={t('recipesPage.form.costPerUnit')}
            decimals={2}
            suffix={currency}
            {...form.getInputProps(`ingredients.${index}.costPerUnit`)}
          />
        </SimpleGrid>
      )}
      {line.kind === 'wine' && belowDuties && (
        <Text size="sm" c="red.9" mt={4} className={classes.warning} data-testid="below-duties">
          <IconAlertTriangle size={16} aria-hidden /> {t('recipesPage.duties.belowDuties')}{' '}
          <Anchor component={Link} underline="always" to={wineLink(name)} size="sm">
            {t('recipesPage.form.openWine', { name })}
          </Anchor>
        </Text>
      )}
      {line.kind === 'wine' && wine?.missing && (
        <Text size="sm" c="red.9" mt={4} className={classes.warning}>
          <IconAlertTriangle size={16} aria-hidden /> {t('recipesPage.form.wineMissing')}
        </Text>
      )}
      {line.kind === 'wine' && wine && !wine.missing && wine.purchasePriceWovat == null && (
        <Text size="sm" c="red.9" mt={4} className={classes.warning}>
          <IconAlertTriangle size={16} aria-hidden /> {t('recipesPage.form.noPurchasePrice')}{' '}
          <Anchor component={Link} underline="always" to={wineLink(name)} size="sm">
            {t('recipesPage.form.openWine', { name })}
          </Anchor>
        </Text>
      )}
    </li>
  );
}

function IngredientCost({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={classes.ingredientCost}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className={classes.money} data-testid="recipe-ingredient-cost">
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" className={classes.wrap} data-testid="recipe-ingredient-duties">
          {note}
        </Text>
      )}
    </div>
  );
}
