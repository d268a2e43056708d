import type { WineEvent } from '@kork/shared';

export interface EventListsManagerProps {
  event: WineEvent;
  /** Called after any list change was saved (the page refetches the event). */
  onChanged?: () => void;
}

/**
 * The organiser's tools for an event's lists on its profile (SPEC §4): add a list, rename it, set its
 * wines, delete it, batch import ids into it, each saved at once with the §8 toast.
 */
export function EventListsManager(_props: EventListsManagerProps) {
  return null;
}
