import type { CurrencyCode, Locale, Recipe } from '@kork/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { currentLocale } from '../../i18n/i18n';
import { formatDecimal, formatPercent } from '../../lib/format-number';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { CellarOwnerPage } from '../cellar/cellar-owner-page';
import { useDeleteRecipe, useRecipeCellar, useRecipes } from './api/recipes';
import { WINES_PATH } from './paths';
import { DutiesAsOf, RecipeDutiesLine } from './recipe-duties';
import { RecipeEditor } from './recipe-editor';
import classes from './recipes.module.css';

export const BEVERAGES_PATH = '/wine-cellar/beverages';

/** /wine-cellar/beverages: the cellar's drink recipes with their cost and margins (SPEC §3 Recipe). */
export function BeveragesPage() {
  const { t } = useTranslation();
  return (
    <CellarOwnerPage
      title={t('recipesPage.title')}
      path={BEVERAGES_PATH}
      signedOut={t('recipesPage.signedOut')}
      signIn={t('recipesPage.signIn')}
    >
      {(userId) => <Beverages key={userId} userId={userId} />}
    </CellarOwnerPage>
  );
}

interface Formats {
  money: (minor: number | null) => string;
  percent: (value: number | null) => string;
  ratio: (value: number | null) => string;
}

function formats(code: CurrencyCode, locale: Locale): Formats {
  return {
    money: (minor) => (minor === null ? '–' : formatMoney(minor, code, locale)),
    percent: (value) => (value === null ? '–' : formatPercent(value, locale)),
    ratio: (value) => (value === null ? '–' : formatDecimal(value, locale, 2, 2)),
  };
}

/** A recipe one of whose wines has no purchase price or is gone: its cost is unknown. */
const costUnknown = (recipe: Recipe) => recipe.cost === null && recipe.ingredients.length > 0;

function Beverages({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const recipes = useRecipes(userId);
  const cellar = useRecipeCellar(userId);
  const remove = useDeleteRecipe(userId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Recipe | null>();
  const [deleting, setDeleting] = useState<Recipe>();
  const code: CurrencyCode = recipes.data?.currency ?? cellar.data?.baseCurrency ?? 'NOK';
  const show = formats(code, locale);
  const all = recipes.data?.rows ?? [];
  const term = search.trim().toLocaleLowerCase(locale);
  const rows = useMemo(
    () =>
      term
        ? all.filter(
            (recipe) =>
              recipe.name.toLocaleLowerCase(locale).includes(term) ||
              recipe.ingredients.some((ingredient) =>
                ingredient.displayName.toLocaleLowerCase(locale).includes(term),
              ),
          )
        : all,
    [all, term, locale],
  );

  const create = () => setEditing(null);

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div className={classes.heading}>
            <Title order={1} className={classes.title}>
              {t('recipesPage.title')}
            </Title>
            <Text c="dimmed">{t('recipesPage.intro')}</Text>
          </div>
          <Button radius="xl" leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
            {t('recipesPage.new')}
          </Button>
        </Group>
      </header>

      {all.length > 0 && (
        <TextInput
          type="search"
          mb="md"
          label={t('recipesPage.search')}
          placeholder={t('recipesPage.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}

      {recipes.isError && !recipes.data && (
        <Alert color="red" title={t('recipesPage.loadError')}>
          <Button variant="light" size="xs" onClick={() => void recipes.refetch()}>
            {t('recipesPage.retry')}
          </Button>
        </Alert>
      )}
      {recipes.isPending && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {recipes.data && all.length === 0 && (
        <div className={classes.empty}>
          <Text fw={600}>{t('recipesPage.empty.title')}</Text>
          <Text c="dimmed" mb="sm">
            {t('recipesPage.empty.text')}
          </Text>
          <Button radius="xl" leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
            {t('recipesPage.empty.create')}
          </Button>
          <Text size="sm" c="dimmed" mt="md">
            {t('recipesPage.catalogueHint')}{' '}
            <Anchor component={Link} underline="always" to={`${WINES_PATH}?style=spirits`} size="sm">
              {t('recipesPage.catalogueLink')}
            </Anchor>
          </Text>
        </div>
      )}
      {all.length > 0 && rows.length === 0 && (
        <div className={classes.empty}>
          <Text fw={600}>{t('recipesPage.noMatch')}</Text>
        </div>
      )}
      {rows.length > 0 && (
        <>
          <DutiesAsOf dates={rows.find((row) => row.dutiesAsOf)?.dutiesAsOf} />
          <RecipesTable rows={rows} show={show} onOpen={setEditing} />
          <ul className={classes.cards} aria-label={t('recipesPage.listLabel')}>
            {rows.map((recipe) => (
              <li key={recipe.id}>
                <UnstyledButton
                  className={classes.card}
                  onClick={() => setEditing(recipe)}
                  data-testid="recipe-card"
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={600} className={classes.wrap}>
                      {recipe.name}
                    </Text>
                    {recipe.includeInPos && <PosBadge />}
                  </Group>
                  <dl className={classes.cardFigures}>
                    <CardFigure
                      label={t('recipesPage.columns.cost')}
                      value={show.money(recipe.cost)}
                      note={<RecipeDutiesLine recipe={recipe} money={show.money} />}
                    />
                    <CardFigure
                      label={t('recipesPage.columns.sellingPrice')}
                      value={show.money(recipe.sellingPrice)}
                    />
                    <CardFigure
                      label={t('recipesPage.columns.costPercentage')}
                      value={show.percent(recipe.costPercentage)}
                    />
                    <CardFigure
                      label={t('recipesPage.columns.ratio')}
                      value={show.ratio(recipe.sellBuyRatio)}
                    />
                  </dl>
                  {costUnknown(recipe) && <CostUnknown />}
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </>
      )}

      <RecipeEditor
        recipe={editing}
        onClose={() => setEditing(undefined)}
        onDelete={(recipe) => setDeleting(recipe)}
        hidden={deleting !== undefined}
        userId={userId}
        code={code}
        defaultVat={cellar.data?.vats.spirits}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={t('recipesPage.form.deleteTitle')}
        confirmLabel={t('recipesPage.form.deleteConfirm')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify.success(t('recipesPage.form.deleted'));
          setDeleting(undefined);
          setEditing(undefined);
        }}
      >
        {t('recipesPage.form.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmModal>
    </div>
  );
}

function PosBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="teal.9" variant="outline" radius="sm" tt="none" miw="max-content">
      {t('recipesPage.inPos')}
    </Badge>
  );
}

function CostUnknown() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="red.9" mt={4} className={classes.warning}>
      <IconAlertTriangle size={14} aria-hidden /> {t('recipesPage.costUnknown')}
    </Text>
  );
}

function CardFigure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      {/* The note sits inside the figure's dd: a dl's groups hold only dt and dd. */}
      <dd>
        <Text component="span" size="sm" fw={600} className={classes.money}>
          {value}
        </Text>
        {note && <div className={classes.note}>{note}</div>}
      </dd>
    </div>
  );
}

function RecipesTable({
  rows,
  show,
  onOpen,
}: {
  rows: Recipe[];
  show: Formats;
  onOpen: (recipe: Recipe) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640} className={classes.table}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Caption>{t('recipesPage.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('recipesPage.columns.name')}</Table.Th>
            <Table.Th ta="right">{t('recipesPage.columns.cost')}</Table.Th>
            <Table.Th ta="right">{t('recipesPage.columns.sellingPrice')}</Table.Th>
            <Table.Th ta="right">{t('recipesPage.columns.costPercentage')}</Table.Th>
            <Table.Th ta="right">{t('recipesPage.columns.ratio')}</Table.Th>
            <Table.Th>{t('recipesPage.columns.pos')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((recipe) => (
            <Table.Tr key={recipe.id} data-testid="recipe-row">
              <Table.Td>
                <UnstyledButton className={classes.link} onClick={() => onOpen(recipe)}>
                  {recipe.name}
                </UnstyledButton>
                {costUnknown(recipe) && <CostUnknown />}
              </Table.Td>
              <Table.Td ta="right" className={classes.money}>
                {show.money(recipe.cost)}
                <div className={classes.note}>
                  <RecipeDutiesLine recipe={recipe} money={show.money} />
                </div>
              </Table.Td>
              <Table.Td ta="right" className={classes.money}>
                {show.money(recipe.sellingPrice)}
              </Table.Td>
              <Table.Td ta="right" className={classes.money}>
                {show.percent(recipe.costPercentage)}
              </Table.Td>
              <Table.Td ta="right" className={classes.money}>
                {show.ratio(recipe.sellBuyRatio)}
              </Table.Td>
              <Table.Td>{recipe.includeInPos && <PosBadge />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
