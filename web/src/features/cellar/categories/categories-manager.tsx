import type { WineListCategory } from '@kork/shared';
import { Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../lib/query-client';
import classes from './categories-manager.module.css';
import { CategoryNameForm } from './category-name-form';
import { CategoryRow } from './category-row';
import { levelOf, moveId } from './category-tree';
import { DeleteCategoryModal } from './delete-category-modal';
import { SortableLevel } from './sortable-level';
import { type CategoriesApi, useCategories } from './use-categories';

/**
 * The wine list categories of a cellar (SPEC §3): categories with one level of subcategories, each with
 * a name, a visibility and an order. Reordering is shown at once and saved a level at a time.
 */
export function CategoriesManager({ userId }: { userId: string }) {
  return (
    <QueryProvider>
      <Categories userId={userId} />
    </QueryProvider>
  );
}

function Categories({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const api = useCategories(userId);
  const [deleting, setDeleting] = useState<WineListCategory | null>(null);
  // Moves made with the arrow buttons are read out, as dnd-kit does for drags.
  const [announcement, setAnnouncement] = useState('');

  const top = api.categories ? levelOf(api.categories, null) : [];

  function reorder(level: WineListCategory[], parentId: string | null, from: number, to: number) {
    const ids = moveId(
      level.map((c) => c.id),
      from,
      to,
    );
    api.reorder(parentId, ids);
    const moved = level[from];
    if (moved) {
      setAnnouncement(
        t('cellarReview.categories.dnd.over', { name: moved.name, position: to + 1, count: level.length }),
      );
    }
  }

  const renderLevel = (level: WineListCategory[], parentId: string | null, label: string) => (
    <SortableLevel items={level} label={label} onReorder={(ids) => api.reorder(parentId, ids)}>
      {(category, index) => (
        <CategoryRow
          key={category.id}
          category={category}
          index={index}
          count={level.length}
          onMove={(to) => reorder(level, parentId, index, to)}
          onVisibleChange={(isVisible) => api.setVisible(category.id, isVisible)}
          onRename={(name) => api.rename(category.id, name)}
          siblingNames={level.filter((other) => other.id !== category.id).map((other) => other.name)}
          onDelete={() => setDeleting(category)}
        >
          {parentId === null && api.categories && (
            <Subcategories parent={category} api={api} renderLevel={renderLevel} />
          )}
        </CategoryRow>
      )}
    </SortableLevel>
  );

  return (
    <section className={classes.section} aria-labelledby="wine-list-categories-heading">
      <Title order={2} id="wine-list-categories-heading" className={classes.heading}>
        {t('cellarReview.categories.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('cellarReview.categories.intro')}
      </Text>

      <CategoryNameForm
        label={t('cellarReview.categories.add.label')}
        placeholder={t('cellarReview.categories.add.placeholder')}
        submitLabel={t('cellarReview.categories.add.submit')}
        takenNames={top.map((c) => c.name)}
        onSubmit={(name) => api.add(name, null)}
      />

      <div className={classes.tree}>
        {api.loading && (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={44} radius="md" />
            <Skeleton height={44} radius="md" />
          </Stack>
        )}
        {api.loadError && (
          <Stack align="flex-start" gap="xs" role="alert">
            <Text fw={600}>{t('cellarReview.categories.loadError')}</Text>
            <Button size="xs" radius="xl" variant="light" onClick={api.reload}>
              {t('cellarReview.retry')}
            </Button>
          </Stack>
        )}
        {api.categories && top.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('cellarReview.categories.empty')}
          </Text>
        )}
        {top.length > 0 && renderLevel(top, null, t('cellarReview.categories.title'))}
      </div>

      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <DeleteCategoryModal
        category={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(category) => api.remove(category.id)}
      />
    </section>
  );
}

interface SubcategoriesProps {
  parent: WineListCategory;
  api: CategoriesApi;
  renderLevel: (level: WineListCategory[], parentId: string | null, label: string) => ReactNode;
}

/** A top-level category's subcategories and the way to add one. */
function Subcategories({ parent, api, renderLevel }: SubcategoriesProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const level = levelOf(api.categories ?? [], parent.id);
  const stopAdding = () => setAdding(false);

  return (
    <div className={classes.children}>
      {level.length > 0 &&
        renderLevel(level, parent.id, t('cellarReview.categories.subcategories', { name: parent.name }))}
      {adding ? (
        <div className={classes.addSub}>
          <CategoryNameForm
            label={t('cellarReview.categories.addSub.label', { name: parent.name })}
            submitLabel={t('cellarReview.categories.addSub.submit')}
            hideLabel
            autoFocus
            cancel={{ label: t('cellarReview.categories.addSub.cancel'), onCancel: stopAdding }}
            takenNames={level.map((c) => c.name)}
            onSubmit={async (name) => {
              await api.add(name, parent.id);
              stopAdding();
            }}
          />
        </div>
      ) : (
        <Button
          variant="subtle"
          size="compact-sm"
          radius="xl"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setAdding(true)}
          aria-label={t('cellarReview.categories.addSub.label', { name: parent.name })}
          className={classes.addSubButton}
        >
          {t('cellarReview.categories.addSub.open')}
        </Button>
      )}
    </div>
  );
}
