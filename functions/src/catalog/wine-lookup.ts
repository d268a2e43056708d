/** Catalogue wines as other domains may read them: one or many by id, as stored. */
export type { WineRecord } from './catalog-store';
export { getWine, getWines } from './catalog-store';
