import { queryOptions } from '@tanstack/react-query';
import { listLocations } from '../../cellar/api/locations';

/** `GET …/locations`: the cellar's locations a new count may be limited to (read when its form opens). */
export function countLocationsQuery(userId: string) {
  return queryOptions({
    queryKey: ['cellar-locations', userId] as const,
    queryFn: ({ signal }) => listLocations(userId, signal),
  });
}
