import { type CellarLocation, UNCATEGORIZED } from '@kork/shared';
import { ActionIcon, Button, Menu, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconDots,
  IconEdit,
  IconFolderPlus,
  IconPlus,
  IconShare,
  IconTrash,
  IconWorld,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../lib/notify';
import { QueryProvider } from '../../../lib/query-client';
import { locationsQuery } from '../api/cellar-queries';
import { deleteLocation } from '../api/locations';
import { LocationFormModal, type LocationFormTarget } from './location-form-modal';
import { buildLocationTree, flattenTree, type LocationNode, subtreeIds } from './location-tree';
import classes from './locations-panel.module.css';
import { ShareLocationModal } from './share-location-modal';

export interface LocationsPanelProps {
  userId: string;
  /** The chosen location id, `UNCATEGORIZED`, or undefined for all wines. */
  selected: string | undefined;
  onSelect: (locationId: string | undefined) => void;
  /** Called after a location was added, renamed or deleted, so lists that show locations can refresh. */
  onLocationsChanged?: () => void;
}

/** The one dialog open at a time; locations are named by id so a dialog always shows the latest row. */
type Dialog = { type: 'create'; parentId?: string } | { type: 'rename' | 'delete' | 'share'; id: string };

/**
 * The cellar's locations as a tree to filter the wines by: "All wines", every location with its
 * sub-locations, and "Uncategorized". Each location counts its own bottles and its sub-locations', and
 * has a menu to add a sub-location, rename, delete and share it.
 */
export function LocationsPanel(props: LocationsPanelProps) {
  return (
    <QueryProvider>
      <Panel {...props} />
    </QueryProvider>
  );
}

function Panel({ userId, selected, onSelect, onLocationsChanged }: LocationsPanelProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(locationsQuery(userId));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A reload keeps the tree on screen; only a first load (or a retry after a failure) shows the skeleton.
  const status = query.isError && !query.isFetching ? 'error' : query.data ? 'ready' : 'loading';

  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: locationsQuery(userId).queryKey }),
    [client, userId],
  );
  const closeDialog = useCallback(() => setDialog(null), []);

  const locations = useMemo(() => (status === 'ready' && query.data) || [], [status, query.data]);
  const tree = useMemo(() => buildLocationTree(locations), [locations]);
  const nodeOf = (id: string) => flattenTree(tree).find((node) => node.location.id === id);

  // Share and unshare answer the row without its bottle count, so only the token is taken over.
  const replaceToken = (saved: CellarLocation) =>
    client.setQueryData(locationsQuery(userId).queryKey, (current) =>
      current?.map((location) =>
        location.id === saved.id ? { ...location, shareToken: saved.shareToken } : location,
      ),
    );

  const actions: LocationActions = {
    addChild: (location) => setDialog({ type: 'create', parentId: location.id }),
    rename: (location) => setDialog({ type: 'rename', id: location.id }),
    remove: (location) => setDialog({ type: 'delete', id: location.id }),
    share: (location) => setDialog({ type: 'share', id: location.id }),
  };

  const dialogNode = dialog && dialog.type !== 'create' ? nodeOf(dialog.id) : undefined;
  const formTarget: LocationFormTarget | undefined =
    dialog?.type === 'create'
      ? { kind: 'create', parent: dialog.parentId ? nodeOf(dialog.parentId)?.location : undefined }
      : dialog?.type === 'rename' && dialogNode
        ? { kind: 'rename', location: dialogNode.location }
        : undefined;

  return (
    <nav aria-label={t('cellarPlaces.panel.label')} className={classes.panel}>
      {status === 'loading' && <PanelSkeleton />}
      {status === 'error' && (
        <Stack gap="xs" align="flex-start" role="alert" className={classes.problem}>
          <Text size="sm">{t('cellarPlaces.panel.loadError')}</Text>
          <Button size="xs" radius="xl" variant="light" onClick={reload}>
            {t('cellarPlaces.panel.retry')}
          </Button>
        </Stack>
      )}
      {status === 'ready' && (
        <ul className={classes.list}>
          <FixedItem
            label={t('cellarPlaces.panel.allWines')}
            selected={selected === undefined}
            onSelect={() => onSelect(undefined)}
          />
          {tree.map((node) => (
            <LocationItem
              key={node.location.id}
              node={node}
              selected={selected}
              onSelect={onSelect}
              actions={actions}
            />
          ))}
          <FixedItem
            label={t('cellarPlaces.panel.uncategorized')}
            selected={selected === UNCATEGORIZED}
            onSelect={() => onSelect(UNCATEGORIZED)}
          />
        </ul>
      )}
      {status === 'ready' && locations.length === 0 && (
        <Text size="sm" c="dimmed" px="xs">
          {t('cellarPlaces.panel.empty')}
        </Text>
      )}
      <Button
        variant="light"
        radius="xl"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => setDialog({ type: 'create' })}
        disabled={status !== 'ready'}
      >
        {t('cellarPlaces.panel.addLocation')}
      </Button>

      {formTarget && (
        <LocationFormModal
          userId={userId}
          target={formTarget}
          locations={locations}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            reload();
            onLocationsChanged?.();
          }}
        />
      )}
      {dialog?.type === 'share' && dialogNode && (
        <ShareLocationModal
          userId={userId}
          location={dialogNode.location}
          onClose={closeDialog}
          onChanged={replaceToken}
        />
      )}
      {dialog?.type === 'delete' && dialogNode && (
        <ConfirmModal
          opened
          onClose={closeDialog}
          title={t('cellarPlaces.delete.title', { name: dialogNode.location.name })}
          confirmLabel={t('cellarPlaces.delete.confirm')}
          onConfirm={async () => {
            const { location } = dialogNode;
            await deleteLocation(userId, location.id);
            // Filtering by a location that is gone would show nothing: fall back to all wines.
            if (selected && subtreeIds(locations, location.id).has(selected)) onSelect(undefined);
            notify.success(t('cellarPlaces.delete.done', { name: location.name }));
            closeDialog();
            reload();
            onLocationsChanged?.();
          }}
        >
          {t('cellarPlaces.delete.text', {
            name: dialogNode.location.name,
            count: dialogNode.totalBottles,
          })}
        </ConfirmModal>
      )}
    </nav>
  );
}

interface LocationActions {
  addChild: (location: CellarLocation) => void;
  rename: (location: CellarLocation) => void;
  remove: (location: CellarLocation) => void;
  share: (location: CellarLocation) => void;
}

/** "All wines" and "Uncategorized": selectable, without counts or actions. */
function FixedItem({
  label,
  selected,
  onSelect,
}: {
  label: string;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <div className={classes.row} data-selected={selected || undefined}>
        <button
          type="button"
          className={classes.item}
          aria-current={selected ? 'true' : undefined}
          onClick={onSelect}
        >
          <span className={classes.name}>{label}</span>
        </button>
      </div>
    </li>
  );
}

interface LocationItemProps {
  node: LocationNode;
  selected: string | undefined;
  onSelect: (locationId: string) => void;
  actions: LocationActions;
}

/** One location, its bottle count and its menu, with its sub-locations nested below. */
function LocationItem({ node, selected, onSelect, actions }: LocationItemProps) {
  const { t } = useTranslation();
  const { location } = node;
  const isSelected = selected === location.id;

  return (
    <li>
      <div
        className={classes.row}
        data-selected={isSelected || undefined}
        style={{ '--depth': node.depth } as CSSProperties}
      >
        <button
          type="button"
          className={classes.item}
          aria-current={isSelected ? 'true' : undefined}
          onClick={() => onSelect(location.id)}
        >
          <span className={classes.name}>{location.name}</span>
          {location.shareToken && (
            <>
              <IconWorld size={14} className={classes.sharedIcon} aria-hidden />
              <VisuallyHidden>{t('cellarPlaces.panel.sharedBadge')}</VisuallyHidden>
            </>
          )}
          {/* The bare number fits a narrow drawer; screen readers hear "12 bottles". */}
          <span className={classes.count} aria-hidden>
            {node.totalBottles}
          </span>
          <VisuallyHidden>{t('cellarPlaces.panel.bottles', { count: node.totalBottles })}</VisuallyHidden>
        </button>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              radius="xl"
              aria-label={t('cellarPlaces.panel.actionsFor', { name: location.name })}
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconFolderPlus size={16} aria-hidden />}
              onClick={() => actions.addChild(location)}
            >
              {t('cellarPlaces.panel.addSublocation')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => actions.rename(location)}
            >
              {t('cellarPlaces.panel.rename')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconShare size={16} aria-hidden />}
              onClick={() => actions.share(location)}
            >
              {location.shareToken ? t('cellarPlaces.panel.manageSharing') : t('cellarPlaces.panel.share')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="wine.8"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => actions.remove(location)}
            >
              {t('cellarPlaces.panel.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
      {node.children.length > 0 && (
        <ul className={classes.list}>
          {node.children.map((child) => (
            <LocationItem
              key={child.location.id}
              node={child}
              selected={selected}
              onSelect={onSelect}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

function PanelSkeleton() {
  return (
    <Stack gap={6} aria-busy="true">
      <Skeleton height={34} radius="md" />
      <Skeleton height={34} radius="md" />
      <Skeleton height={34} radius="md" ml="md" />
      <Skeleton height={34} radius="md" />
    </Stack>
  );
}
