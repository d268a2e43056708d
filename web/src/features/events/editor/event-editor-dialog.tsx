import type { WineEvent } from '@kork/shared';

export interface EventEditorDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The event to edit; none creates a new one. */
  event?: WineEvent;
  /** Called with the saved event (after the §8 toast). */
  onSaved?: (event: WineEvent) => void;
}

/**
 * Create or edit an event in four steps (SPEC §2): about; date, time and location; wine lists;
 * additional info. Closing the dialog clears the lists being built.
 */
export function EventEditorDialog(_props: EventEditorDialogProps) {
  return null;
}
