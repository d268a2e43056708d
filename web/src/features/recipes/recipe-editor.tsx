import { type CurrencyCode, POS_NAME_MAX, RECIPE_LIMITS, type Recipe, RecipeInput } from '@kork/shared';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { apiFieldErrors, errorMessage, schemaErrors, translateMessage } from '../../lib/form-schema';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { moneyTextError } from '../../lib/number-text';
import { useIngredientWines, useSaveRecipe } from './api/recipes';
import { IngredientLine } from './ingredient-line';
import { WINES_PATH } from './paths';
import type { DutyShare } from './recipe-duties';
import { RecipeFigures } from './recipe-figures';
import {
  emptyRecipe,
  type IngredientWine,
  liveFigures,
  otherLine,
  type RecipeFormValues,
  recipeValues,
  toIngredientWine,
  toRecipeInput,
  wineLine,
} from './recipe-form-model';
import classes from './recipes.module.css';
import { WinePicker } from './wine-picker';

interface RecipeEditorProps {
  /** undefined: closed; null: a new recipe. */
  recipe: Recipe | null | undefined;
  onClose: () => void;
  onDelete: (recipe: Recipe) => void;
  /** Out of sight while its deletion is being confirmed, so one dialog holds the focus at a time. */
  hidden?: boolean;
  userId: string;
  code: CurrencyCode;
  /** The cellar's VAT for spirits: a new recipe's VAT. */
  defaultVat: number | undefined;
}

/** "New recipe" / editing one: full screen on phones; mounted only while open, so each starts from its recipe. */
export function RecipeEditor({ recipe, onClose, hidden = false, ...rest }: RecipeEditorProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={recipe !== undefined && !hidden}
      onClose={onClose}
      title={recipe ? t('recipesPage.form.editTitle') : t('recipesPage.form.newTitle')}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': t('recipesPage.form.close') }}
    >
      {recipe !== undefined && (
        <RecipeForm key={recipe?.id ?? 'new'} recipe={recipe} onDone={onClose} {...rest} />
      )}
    </Modal>
  );
}

function RecipeForm({
  recipe,
  onDone,
  onDelete,
  userId,
  code,
  defaultVat,
}: Omit<RecipeEditorProps, 'onClose' | 'recipe' | 'hidden'> & { recipe: Recipe | null; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const save = useSaveRecipe(userId);
  const [refusal, setRefusal] = useState<string>();
  const [picked, setPicked] = useState<Map<string, IngredientWine>>(() => new Map());
  const currency = recipe?.currency ?? code;

  const form = useForm<RecipeFormValues>({
    initialValues: recipe ? recipeValues(recipe, locale) : emptyRecipe(defaultVat, locale),
    validateInputOnChange: ['posName'],
    validate: (values) => {
      const errors: Record<string, string> = schemaErrors(
        RecipeInput,
        toRecipeInput(values, currency, locale),
      );
      const moneyError = (path: string, text: string) => {
        const decimals = moneyTextError(text, currency, locale);
        if (decimals) errors[path] = translateMessage(decimals);
      };
      moneyError('sellingPrice', values.sellingPrice);
      values.ingredients.forEach((line, index) => {
        if (line.kind === 'other') moneyError(`ingredients.${index}.costPerUnit`, line.costPerUnit);
      });
      return errors;
    },
  });
  const values = form.getValues();

  // The wines of a recipe read from the server: their purchase price and bottle size now.
  const savedWineIds = useMemo(
    () => [
      ...new Set(
        (recipe?.ingredients ?? []).flatMap((ingredient) =>
          ingredient.kind === 'wine' ? [ingredient.ownWineId] : [],
        ),
      ),
    ],
    [recipe],
  );
  const savedWines = useIngredientWines(userId, savedWineIds);
  // Each saved wine's duties per bottle as the recipe was read: its share follows the amount typed.
  const savedDuties = useMemo(() => dutiesOfSaved(recipe), [recipe]);
  const wineOf = (id: string): IngredientWine | undefined => {
    const chosen = picked.get(id);
    if (chosen) return chosen;
    const index = savedWineIds.indexOf(id);
    const read = index >= 0 ? savedWines[index] : undefined;
    if (read?.data) return toIngredientWine(read.data, savedDuties.get(id));
    if (read?.error instanceof ApiError && read.error.status === 404)
      return { id, wineDisplayName: '', bottleSize: 0, missing: true };
    return undefined;
  };
  const figures = liveFigures(values, wineOf, defaultVat ?? 0, currency, locale);
  const money = (minor: number | null) => (minor === null ? '–' : formatMoney(minor, currency, locale));

  const submit = form.onSubmit(async (formValues) => {
    setRefusal(undefined);
    try {
      await save.mutateAsync({ id: recipe?.id, body: toRecipeInput(formValues, currency, locale) });
      notify.success(t('recipesPage.form.saved'));
      onDone();
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      setRefusal(error instanceof ApiError ? translateMessage(error.message) : errorMessage(error));
    }
  });

  const full = values.ingredients.length >= RECIPE_LIMITS.ingredientsMax;
  const posLength = values.posName.trim().length;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('recipesPage.form.name')}
          maxLength={RECIPE_LIMITS.nameMax}
          data-autofocus
          {...form.getInputProps('name')}
        />

        <section aria-labelledby="recipe-ingredients-title">
          <Title order={2} size="h5" id="recipe-ingredients-title" mb="xs">
            {t('recipesPage.form.ingredients')}
          </Title>
          {values.ingredients.length === 0 && (
            <Text size="sm" c="dimmed" mb="xs">
              {t('recipesPage.form.noIngredients')}
            </Text>
          )}
          {typeof form.errors.ingredients === 'string' && (
            <Text c="red.8" size="sm" mb="xs" role="alert">
              {form.errors.ingredients}
            </Text>
          )}
          <ol className={classes.lines} aria-label={t('recipesPage.form.ingredients')}>
            {values.ingredients.map((line, index) => {
              const wine = line.kind === 'wine' ? wineOf(line.ownWineId) : undefined;
              return (
                <IngredientLine
                  key={line.key}
                  form={form}
                  index={index}
                  count={values.ingredients.length}
                  wine={wine}
                  cost={money(figures.ingredientCosts[index] ?? null)}
                  duties={figures.ingredientDuties[index]}
                  belowDuties={belowDuties(figures.ingredientCosts[index], figures.ingredientDuties[index])}
                  money={money}
                  currency={currency}
                />
              );
            })}
          </ol>
          {!full && (
            <Stack gap="xs" mt="sm">
              <WinePicker
                userId={userId}
                onPick={(wine) => {
                  setPicked((current) => new Map(current).set(wine.id, wine));
                  form.insertListItem('ingredients', wineLine(wine, locale));
                }}
              />
              <Group gap="xs">
                <Button
                  variant="default"
                  radius="xl"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => form.insertListItem('ingredients', otherLine())}
                >
                  {t('recipesPage.form.addOther')}
                </Button>
              </Group>
              <Text size="xs" c="dimmed">
                {t('recipesPage.catalogueHint')}{' '}
                <Anchor component={Link} underline="always" to={`${WINES_PATH}?style=spirits`} size="xs">
                  {t('recipesPage.catalogueLink')}
                </Anchor>
              </Text>
            </Stack>
          )}
        </section>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label={t('recipesPage.form.sellingPrice')}
            decimals={2}
            suffix={currency}
            {...form.getInputProps('sellingPrice')}
          />
          <NumberField
            label={t('recipesPage.form.vat')}
            decimals={1}
            suffix="%"
            {...form.getInputProps('vatPercentage')}
          />
        </SimpleGrid>

        <RecipeFigures figures={figures} money={money} dutiesAsOf={recipe?.dutiesAsOf} />

        <Stack gap="xs">
          <Switch
            label={t('recipesPage.form.includeInPos')}
            {...form.getInputProps('includeInPos', { type: 'checkbox' })}
          />
          <TextInput
            label={t('recipesPage.form.posName')}
            description={t('recipesPage.form.posNameHint')}
            rightSection={
              <Text size="xs" c={posLength > POS_NAME_MAX ? 'red.9' : 'dimmed'} data-testid="pos-name-count">
                {posLength}/{POS_NAME_MAX}
              </Text>
            }
            rightSectionWidth="4.5rem"
            rightSectionPointerEvents="none"
            {...form.getInputProps('posName')}
          />
        </Stack>

        {refusal && (
          <Alert color="red" role="alert" title={t('recipesPage.form.refused')}>
            {refusal}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          {recipe ? (
            <Button
              variant="subtle"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(recipe)}
            >
              {t('recipesPage.form.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" radius="xl" loading={save.isPending}>
            {t('recipesPage.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The bottle duties of the wines a saved recipe pours, by wine, as it was read. */
function dutiesOfSaved(recipe: Recipe | null | undefined): Map<string, IngredientWine['duties']> {
  const duties = new Map<string, IngredientWine['duties']>();
  for (const ingredient of recipe?.ingredients ?? []) {
    if (ingredient.kind !== 'wine') continue;
    if (ingredient.bottleDuties !== undefined)
      duties.set(ingredient.ownWineId, { total: ingredient.bottleDuties });
    else if (ingredient.dutiesMissing)
      duties.set(ingredient.ownWineId, { missing: ingredient.dutiesMissing });
  }
  return duties;
}

/** A wine's cost share below its duties share: its purchase price was not entered with duties. */
function belowDuties(cost: number | null | undefined, duties: DutyShare): boolean {
  return cost != null && duties !== undefined && 'share' in duties && duties.share > cost;
}
