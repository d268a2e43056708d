/**
 * Catalogue wines as other domains may read them: one or many by id, or every wine page by page (a
 * seed's walk), as stored.
 */
export type { WineRecord } from './catalog-store';
export { allWines, getWine, getWines } from './catalog-store';
