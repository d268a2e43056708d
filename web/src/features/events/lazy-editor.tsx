import { lazy } from 'react';

/*
 * The organiser's tools are code of their own: they download the first time someone opens the dialog or
 * looks at an event they may edit, never with the pages that only show events.
 */

export const LazyEventEditorDialog = lazy(() =>
  import('./editor/event-editor-dialog').then((m) => ({ default: m.EventEditorDialog })),
);

export const LazyEventListsManager = lazy(() =>
  import('./editor/event-lists-manager').then((m) => ({ default: m.EventListsManager })),
);
