import { type CellarLocation, type CellarWine, type Placement, UNCATEGORIZED } from '@kork/shared';
import { Alert, Button, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  buildLocationTree,
  flattenTree,
  locationPath,
  PATH_SEPARATOR,
} from '../../cellar/locations/location-tree';

interface WineLocationsModalProps {
  opened: boolean;
  onClose: () => void;
  wine: CellarWine;
  locations: UseQueryResult<CellarLocation[]>;
}

interface PlacementRow {
  key: string;
  path: string;
  quantity: number;
}

/** The placements in the cellar's tree order (as the locations panel lists them), Uncategorized last. */
function placementRows(
  placements: readonly Placement[],
  locations: readonly CellarLocation[],
  uncategorized: string,
  unknown: string,
): PlacementRow[] {
  const order = new Map(
    flattenTree(buildLocationTree(locations)).map((node, index) => [node.location.id, index]),
  );
  const rank = (placement: Placement) =>
    placement.locationId === null ? Number.MAX_SAFE_INTEGER : (order.get(placement.locationId) ?? -1);
  return [...placements]
    .sort((a, b) => rank(a) - rank(b))
    .map((placement) => ({
      key: placement.locationId ?? UNCATEGORIZED,
      path:
        placement.locationId === null
          ? uncategorized
          : locationPath(locations, placement.locationId).join(PATH_SEPARATOR) || unknown,
      quantity: placement.quantity,
    }));
}

/** Where the bottles of one cellar wine are: every placement with its whole location path. */
export function WineLocationsModal({ opened, onClose, wine, locations }: WineLocationsModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('wine.cellar.locations.title', { name: wine.wineDisplayName })}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('wine.cellar.locations.close') }}
    >
      <Placements wine={wine} locations={locations} />
    </Modal>
  );
}

function Placements({ wine, locations }: Pick<WineLocationsModalProps, 'wine' | 'locations'>) {
  const { t } = useTranslation();

  if (wine.placements.length === 0) return <Text>{t('wine.cellar.locations.none')}</Text>;

  if (!locations.data && !locations.isError) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('wine.cellar.locations.loading')}>
        {wine.placements.map((placement) => (
          <Skeleton key={placement.locationId ?? UNCATEGORIZED} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }

  if (!locations.data) {
    return (
      <Alert
        color="red"
        variant="light"
        radius="md"
        role="alert"
        title={t('wine.cellar.locations.loadError')}
      >
        <Button size="xs" radius="xl" variant="light" color="red" onClick={() => void locations.refetch()}>
          {t('wine.cellar.retry')}
        </Button>
      </Alert>
    );
  }

  const rows = placementRows(
    wine.placements,
    locations.data,
    t('cellarWines.add.uncategorized'),
    t('wine.cellar.locations.unknown'),
  );
  return (
    <Table striped verticalSpacing="xs" aria-label={t('cellarWines.detail.placements')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('wine.cellar.locations.location')}</Table.Th>
          <Table.Th ta="end">{t('wine.cellar.locations.bottles')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.path}</Table.Td>
            <Table.Td ta="end">{row.quantity}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{t('wine.cellar.locations.total')}</Table.Th>
          <Table.Td ta="end" fw={700}>
            {wine.quantity}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
