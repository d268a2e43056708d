import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { WineListCategory } from '@kork/shared';
import { ActionIcon, Badge, Group, Switch, Text, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconEye,
  IconEyeOff,
  IconGripVertical,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './categories-manager.module.css';
import { CategoryNameForm } from './category-name-form';

interface CategoryRowProps {
  category: WineListCategory;
  /** Position in its level, and the level's size: the ends cannot move further. */
  index: number;
  count: number;
  /** Move to another position in the same level. */
  onMove: (to: number) => void;
  onVisibleChange: (isVisible: boolean) => void;
  onRename: (name: string) => Promise<void>;
  /** The names of the other categories under the same parent: a rename may not take one of them. */
  siblingNames?: readonly string[];
  onDelete: () => void;
  /** The subcategories, under a top-level category. */
  children?: ReactNode;
}

/**
 * One category: a drag handle, its name (renamed in place), whether wine lists show it, and buttons to
 * move it up or down — the same reorder as dragging, for screen readers and small touch screens.
 */
export function CategoryRow({
  category,
  index,
  count,
  onMove,
  onVisibleChange,
  onRename,
  siblingNames,
  onDelete,
  children,
}: CategoryRowProps) {
  const { t } = useTranslation();
  const { name } = category;
  const [renaming, setRenaming] = useState(false);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: category.id });

  function move(to: number) {
    onMove(to);
    // The row moves in the DOM, which can drop focus: keep it on the arrow pressed, or on the other
    // one once the row reaches an end and the pressed arrow is disabled.
    const atEnd = to === 0 || to === count - 1;
    const pressed = to < index ? upRef : downRef;
    const other = to < index ? downRef : upRef;
    requestAnimationFrame(() => (atEnd ? other : pressed).current?.focus());
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={classes.item}
      data-dragging={isDragging || undefined}
    >
      <div className={classes.row}>
        <ActionIcon
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          variant="subtle"
          color="gray"
          className={classes.handle}
          aria-label={t('cellarReview.categories.drag', { name })}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>

        <div className={classes.name}>
          {renaming ? (
            <CategoryNameForm
              label={t('cellarReview.categories.rename.label', { name })}
              submitLabel={t('cellarReview.categories.rename.save')}
              initialName={name}
              takenNames={siblingNames}
              hideLabel
              autoFocus
              cancel={{
                label: t('cellarReview.categories.rename.cancel'),
                onCancel: () => setRenaming(false),
              }}
              onSubmit={async (next) => {
                await onRename(next);
                setRenaming(false);
              }}
            />
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} className={classes.nameText} data-hidden={!category.isVisible || undefined}>
                {name}
              </Text>
              {!category.isVisible && (
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {t('cellarReview.categories.hidden')}
                </Badge>
              )}
            </Group>
          )}
        </div>

        <Group gap={4} wrap="nowrap" className={classes.actions}>
          <Switch
            checked={category.isVisible}
            onChange={(event) => onVisibleChange(event.currentTarget.checked)}
            aria-label={t('cellarReview.categories.visible', { name })}
            onLabel={<IconEye size={14} aria-hidden />}
            offLabel={<IconEyeOff size={14} aria-hidden />}
            size="md"
            mr={6}
          />
          <RowAction
            ref={upRef}
            label={t('cellarReview.categories.moveUp', { name })}
            disabled={index === 0}
            onClick={() => move(index - 1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </RowAction>
          <RowAction
            ref={downRef}
            label={t('cellarReview.categories.moveDown', { name })}
            disabled={index === count - 1}
            onClick={() => move(index + 1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </RowAction>
          <RowAction
            label={t('cellarReview.categories.rename.open', { name })}
            onClick={() => setRenaming(true)}
          >
            <IconPencil size={16} aria-hidden />
          </RowAction>
          <RowAction
            label={t('cellarReview.categories.delete.open', { name })}
            color="red"
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </RowAction>
        </Group>
      </div>
      {children}
    </li>
  );
}

interface RowActionProps {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** An icon button named for screen readers, with the same name as a tooltip for the eye. */
function RowAction({ label, onClick, disabled = false, color = 'gray', children, ref }: RowActionProps) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        ref={ref}
        variant="subtle"
        color={color}
        size="lg"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
