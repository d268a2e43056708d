/**
 * Which cellar wines the owner's lists hold, for figures over them (sales analytics' wine-list
 * engineering): each list's id, name and chosen wines, in the order chosen.
 */
import { listRecordsOf } from './wine-list-store';

export interface WineListContents {
  id: string;
  name: string;
  ownWineIds: string[];
}

/** Every list of the owner with the wines chosen for it, oldest list first. */
export async function wineListContentsOf(ownerId: string): Promise<WineListContents[]> {
  return (await listRecordsOf(ownerId)).map((record) => ({
    id: record.id,
    name: record.name,
    ownWineIds: [...(record.ownWineIds ?? [])],
  }));
}
