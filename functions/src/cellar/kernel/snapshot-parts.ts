/** The parts of a cellar snapshot besides its wines, as held in memory and as shared (docs/cellar-reads.md). */
import type { Cellar } from '@kork/shared';

/** The settings of a cellar that its reads use (its pictures are not held). */
export type CellarSettings = Pick<Cellar, 'id' | 'ownerId' | 'baseCurrency' | 'defaultGlassSize' | 'vats'>;

/** A location as a snapshot holds it (its share link is not held: read it from the location). */
export interface SnapshotLocation {
  id: string;
  name: string;
  /** '' for a top-level location. */
  parentId: string;
  order: number;
}
