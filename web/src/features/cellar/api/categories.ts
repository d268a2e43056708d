import type { CategoryInput, CategoryUpdate, WineListCategory } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

const base = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/wine-list-categories`;

/** `GET …/wine-list-categories`: sorted by parent, then order. */
export function listCategories(userId: string, signal?: AbortSignal): Promise<Page<WineListCategory>> {
  return api.get<Page<WineListCategory>>(base(userId), { signal });
}

/** `POST …/wine-list-categories`: added last at its level. */
export function createCategory(userId: string, input: CategoryInput): Promise<WineListCategory> {
  return api.post<WineListCategory>(base(userId), { body: input });
}

/** `PATCH …/wine-list-categories/{id}`. */
export function updateCategory(
  userId: string,
  id: string,
  changes: CategoryUpdate,
): Promise<WineListCategory> {
  return api.patch<WineListCategory>(`${base(userId)}/${encodeURIComponent(id)}`, { body: changes });
}

/** `PUT …/wine-list-categories/order`: the new order of one level. */
export function orderCategories(
  userId: string,
  parentId: string | null,
  ids: string[],
): Promise<Page<WineListCategory>> {
  return api.put<Page<WineListCategory>>(`${base(userId)}/order`, { body: { parentId, ids } });
}

/** `DELETE …/wine-list-categories/{id}`: with its subcategories. */
export function deleteCategory(userId: string, id: string): Promise<void> {
  return api.delete<void>(`${base(userId)}/${encodeURIComponent(id)}`);
}
