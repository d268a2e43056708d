import type { CellarSortColumn, CellarWine, InventoryColumn } from '@kork/shared';
import { Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ViewMoney } from '../../config/view-money';
import classes from './cellar-wines-page.module.css';
import { cellText, WineNameCell } from './inventory-cell';
import { isNumericColumn, isSortable, tableMinWidth } from './inventory-columns';
import type { WinesView } from './wines-url-state';

interface InventoryTableProps {
  rows: CellarWine[];
  columns: InventoryColumn[];
  sort: WinesView['sort'];
  onSort: (column: CellarSortColumn) => void;
  selected: ReadonlySet<string>;
  onSelect: (wine: CellarWine, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onOpen: (wine: CellarWine) => void;
  busy: boolean;
  /** Money in the viewer's currency. */
  money?: ViewMoney;
}

/**
 * The inventory as a table: one page of at most 50 rows (the server pages), a sticky header, and a
 * horizontal scroll on narrow screens instead of squeezed columns.
 */
export function InventoryTable(props: InventoryTableProps) {
  const { rows, columns, selected, onSelectAll, busy, money } = props;
  const { t } = useTranslation();
  const chosen = rows.filter((row) => selected.has(row.id)).length;

  return (
    <Table.ScrollContainer minWidth={tableMinWidth(columns)} type="native">
      <Table
        stickyHeader
        highlightOnHover
        tabularNums
        verticalSpacing="sm"
        aria-label={t('cellarWines.table.label')}
        aria-busy={busy}
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.checkCell}>
              <Checkbox
                aria-label={t('cellarWines.table.selectAll')}
                checked={rows.length > 0 && chosen === rows.length}
                indeterminate={chosen > 0 && chosen < rows.length}
                onChange={(event) => onSelectAll(event.currentTarget.checked)}
              />
            </Table.Th>
            {columns.map((column) => (
              <HeaderCell key={column} column={column} sort={props.sort} onSort={props.onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((wine) => (
            <InventoryRow
              key={wine.id}
              wine={wine}
              columns={columns}
              selected={selected.has(wine.id)}
              onSelect={props.onSelect}
              onOpen={props.onOpen}
              money={money}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HeaderCell({
  column,
  sort,
  onSort,
}: {
  column: InventoryColumn;
  sort: WinesView['sort'];
  onSort: (column: CellarSortColumn) => void;
}) {
  const { t } = useTranslation();
  const label = t(`cellarWines.columns.${column}`);
  const align = isNumericColumn(column) ? classes.numericHead : undefined;
  if (!isSortable(column)) return <Table.Th className={align}>{label}</Table.Th>;

  const direction = sort?.column === column ? sort.direction : undefined;
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      className={align}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-active={direction ? true : undefined}
        onClick={() => onSort(column)}
        title={t('cellarWines.sort.sortBy', { column: label })}
      >
        <span>{label}</span>
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

function InventoryRow({
  wine,
  columns,
  selected,
  onSelect,
  onOpen,
  money,
}: {
  wine: CellarWine;
  columns: InventoryColumn[];
  selected: boolean;
  onSelect: (wine: CellarWine, selected: boolean) => void;
  onOpen: (wine: CellarWine) => void;
  money: ViewMoney | undefined;
}) {
  const { t } = useTranslation();
  const open = () => onOpen(wine);
  return (
    <Table.Tr
      className={classes.row}
      data-empty={wine.quantity === 0 ? true : undefined}
      data-selected={selected ? true : undefined}
      onClick={open}
    >
      {/* The checkbox cell swallows clicks: a near miss should not open the wine. */}
      <Table.Td className={classes.checkCell} onClick={(event) => event.stopPropagation()}>
        <Checkbox
          aria-label={t('cellarWines.table.select', { name: wine.wineDisplayName })}
          checked={selected}
          onChange={(event) => onSelect(wine, event.currentTarget.checked)}
        />
      </Table.Td>
      {columns.map((column) =>
        column === 'wineDisplayName' ? (
          <Table.Td key={column} className={classes.nameCell}>
            <WineNameCell wine={wine} onOpen={open} />
          </Table.Td>
        ) : (
          <Table.Td key={column} className={isNumericColumn(column) ? classes.numeric : undefined}>
            <Text
              size="sm"
              lineClamp={column === 'purchaseNote' ? 2 : undefined}
              className={isNumericColumn(column) ? classes.money : undefined}
            >
              {cellText(t, column, wine, money)}
            </Text>
          </Table.Td>
        ),
      )}
    </Table.Tr>
  );
}
