/**
 * The public directories as other domains read them: active experts (people) and tasting locations
 * (places), with their public names, cached briefly per instance.
 */
export type { PublicName } from './public-profiles';
export { directory } from './public-profiles';
