import { listWineMemberships } from '../../wine-lists/wine-list-reads';
import { cellarSnapshot, ownWine, wineRef } from './cellar-rows';
import type { WineListsOfWineData } from './outputs';
import type { AssistantTool } from './tool';

export const wineListsOfWine: AssistantTool<'wine_lists_of_wine'> = {
  name: 'wine_lists_of_wine',
  description:
    "The user's wine lists a cellar wine (its cellarWineId, from search_cellar) is on, and whether the lists " +
    'print it now (a wine out of stock or in a hidden category is not printed).',
  async run(context, input) {
    const snapshot = await cellarSnapshot(context.userId);
    const wine = ownWine(snapshot, input.cellarWineId);
    const memberships = await listWineMemberships(context.userId, wine.id);
    const data: WineListsOfWineData = {
      ...wineRef(wine),
      count: memberships.count,
      printed: memberships.rows[0]?.printed ?? false,
      rows: memberships.rows.map(({ id, name, isPublic }) => ({ id, name, isPublic })),
    };
    return { data: { ...data } };
  },
};
