import type { SearchHit } from '@kork/shared';

/** The feed filtered by one value, the way its filter panel writes the URL. */
function feedWith(name: string, value: string): string {
  return `/feed?${new URLSearchParams({ [name]: value })}`;
}

/** Where choosing a search result takes the viewer: the thing itself, or the feed filtered by it. */
export function searchHitPath(hit: Pick<SearchHit, 'kind' | 'id'>): string {
  const id = encodeURIComponent(hit.id);
  switch (hit.kind) {
    case 'wine':
      return `/wines/${id}`;
    case 'expert':
      return `/users/${id}`;
    case 'tastingLocation':
      return `/restaurants/${id}`;
    case 'wineEvent':
      return `/events/${id}`;
    case 'category':
      return feedWith('category', hit.id);
    case 'country':
    case 'region':
    case 'subRegion':
      return feedWith('origins', hit.id);
    case 'grape':
      return feedWith('grapes', hit.id);
    case 'manufacturer':
      return feedWith('manufacturers', hit.id);
  }
}

/** The feed searched for a text: what Enter does when no result is chosen. */
export function feedSearchPath(text: string): string {
  return feedWith('search', text.trim());
}
