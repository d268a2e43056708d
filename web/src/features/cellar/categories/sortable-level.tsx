import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { WineListCategory } from '@kork/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './categories-manager.module.css';
import { moveId } from './category-tree';

interface SortableLevelProps {
  /** One level (same parent), in order. */
  items: WineListCategory[];
  /** Called with the level's ids in their new order after a drop. */
  onReorder: (ids: string[]) => void;
  /** Names the list for screen readers. */
  label: string;
  children: (category: WineListCategory, index: number) => ReactNode;
}

/**
 * One level of categories that can be reordered by dragging a row's handle, with the mouse, by touch or
 * with the keyboard (space to lift, arrows to move, space to drop). Each level has its own context, so a
 * category can never be dropped into another level.
 */
export function SortableLevel({ items, onReorder, label, children }: SortableLevelProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle is still a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((c) => c.id);

  const nameOf = (id: UniqueIdentifier) => items.find((c) => c.id === id)?.name ?? '';
  const positionOf = (id: UniqueIdentifier) => ({ position: ids.indexOf(String(id)) + 1, count: ids.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('cellarReview.categories.dnd.pickedUp', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('cellarReview.categories.dnd.over', { name: nameOf(active.id), ...positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('cellarReview.categories.dnd.dropped', { name: nameOf(active.id), ...positionOf(over.id) })
        : t('cellarReview.categories.dnd.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('cellarReview.categories.dnd.cancelled', { name: nameOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(moveId(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('cellarReview.categories.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={classes.level} aria-label={label}>
          {items.map((category, index) => children(category, index))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
