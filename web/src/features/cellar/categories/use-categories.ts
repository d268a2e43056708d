import type { WineListCategory } from '@kork/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { createCategory, deleteCategory, orderCategories, updateCategory } from '../api/categories';
import { categoriesQuery } from '../api/cellar-queries';
import { levelOf, withAdded, withOrder, withoutCategory, withReplaced } from './category-tree';

export interface CategoriesApi {
  /** undefined until the first answer; kept locally afterwards so changes show at once. */
  categories: WineListCategory[] | undefined;
  loading: boolean;
  loadError: boolean;
  reload: () => void;
  /** Rejects with the API's error, for the form to show its field messages. */
  add: (name: string, parentId: string | null) => Promise<void>;
  rename: (id: string, name: string) => Promise<void>;
  setVisible: (id: string, isVisible: boolean) => void;
  remove: (id: string) => Promise<void>;
  /** Saves a level's new order; shown at once and put back if the save fails. */
  reorder: (parentId: string | null, ids: string[]) => void;
}

/** The person's wine list categories and every change to them. */
export function useCategories(userId: string): CategoriesApi {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(categoriesQuery(userId));
  // Changes go into the cached list at once; a fresh answer (a reload) starts from the server again.
  const categories = query.data;
  const current = useRef(categories);
  current.current = categories;
  /** The latest reorder of each level: a late failure must not undo a newer order. */
  const latestOrder = useRef(new Map<string | null, number>());

  const update = useCallback(
    (change: (list: WineListCategory[]) => WineListCategory[]) => {
      const next = change(current.current ?? []);
      current.current = next;
      client.setQueryData(categoriesQuery(userId).queryKey, next);
    },
    [client, userId],
  );

  const add = useCallback(
    async (name: string, parentId: string | null) => {
      const created = await createCategory(userId, { name, parentId });
      update((list) => withAdded(list, created));
    },
    [userId, update],
  );

  const rename = useCallback(
    async (id: string, name: string) => {
      const changed = await updateCategory(userId, id, { name });
      update((list) => withReplaced(list, changed));
    },
    [userId, update],
  );

  const setVisible = useCallback(
    (id: string, isVisible: boolean) => {
      const setTo = (value: boolean) =>
        update((list) => list.map((c) => (c.id === id ? { ...c, isVisible: value } : c)));
      setTo(isVisible);
      updateCategory(userId, id, { isVisible }).catch((error: unknown) => {
        setTo(!isVisible);
        notify.error(errorMessage(error));
      });
    },
    [userId, update],
  );

  const remove = useCallback(
    async (id: string) => {
      await deleteCategory(userId, id);
      update((list) => withoutCategory(list, id));
      notify.success(t('cellarReview.categories.delete.done'));
    },
    [userId, update, t],
  );

  const reorder = useCallback(
    (parentId: string | null, ids: string[]) => {
      const previous = levelOf(current.current ?? [], parentId).map((c) => c.id);
      const attempt = (latestOrder.current.get(parentId) ?? 0) + 1;
      latestOrder.current.set(parentId, attempt);
      update((list) => withOrder(list, parentId, ids));
      orderCategories(userId, parentId, ids).catch((error: unknown) => {
        if (latestOrder.current.get(parentId) === attempt)
          update((list) => withOrder(list, parentId, previous));
        notify.error(errorMessage(error));
      });
    },
    [userId, update],
  );

  return {
    categories,
    loading: !categories && !query.isError,
    loadError: !categories && query.isError,
    reload: () => void query.refetch(),
    add,
    rename,
    setVisible,
    remove,
    reorder,
  };
}
