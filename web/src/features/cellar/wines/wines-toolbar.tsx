import { CELLAR_WINE_SOURCES, INVENTORY_COLUMNS, type InventoryColumn, MAIN_CATEGORIES } from '@kork/shared';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Popover,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconColumns3, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './cellar-wines-page.module.css';
import { FIXED_COLUMN } from './inventory-columns';
import type { StockFilter, WinesView } from './wines-url-state';

const SEARCH_DELAY_MS = 300;
const ALL = 'all';

interface WinesToolbarProps {
  view: WinesView;
  /** Applies a change to the search or filters (the page goes back to 1). */
  onChange: (changes: Partial<WinesView>) => void;
  columns: InventoryColumn[];
  onToggleColumn: (column: InventoryColumn, shown: boolean) => void;
}

/** Search, filters and the column chooser above the inventory. */
export function WinesToolbar({ view, onChange, columns, onToggleColumn }: WinesToolbarProps) {
  const { t } = useTranslation();
  const styleOptions = MAIN_CATEGORIES.map((style) => ({
    value: style,
    label: t(`wine.categories.${style}`),
  }));
  const sourceOptions = [
    { value: ALL, label: t('cellarWines.filters.sourceAll') },
    ...CELLAR_WINE_SOURCES.map((source) => ({
      value: source,
      label: t(`cellarWines.filters.source${source}`),
    })),
  ];
  const stockOptions = [
    { value: ALL, label: t('cellarWines.filters.stockAll') },
    { value: 'in', label: t('cellarWines.filters.stockIn') },
    { value: 'out', label: t('cellarWines.filters.stockOut') },
  ];

  return (
    <Stack gap="sm" role="search" aria-label={t('cellarWines.filters.label')}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <SearchBox value={view.search} onSearch={(search) => onChange({ search })} />
        <ColumnChooser columns={columns} onToggle={onToggleColumn} />
      </Group>
      <Group gap="sm" align="flex-end" className={classes.filters}>
        <MultiSelect
          label={t('cellarWines.filters.style')}
          placeholder={view.styles.length === 0 ? t('cellarWines.filters.stylePlaceholder') : undefined}
          data={styleOptions}
          value={view.styles}
          onChange={(styles) => onChange({ styles: styles as WinesView['styles'] })}
          clearable
          className={classes.styleFilter}
        />
        <Select
          label={t('cellarWines.filters.source')}
          data={sourceOptions}
          value={view.source ?? ALL}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ source: value === ALL || !value ? undefined : (value as WinesView['source']) })
          }
          className={classes.selectFilter}
        />
        <Select
          label={t('cellarWines.filters.stock')}
          data={stockOptions}
          value={view.stock ?? ALL}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ stock: value === ALL || !value ? undefined : (value as StockFilter) })
          }
          className={classes.selectFilter}
        />
        <Switch
          label={t('cellarWines.filters.drinkNow')}
          checked={view.drinkNow}
          onChange={(event) => onChange({ drinkNow: event.currentTarget.checked })}
          className={classes.switchFilter}
        />
      </Group>
    </Stack>
  );
}

/**
 * The search field: typing updates the field at once and the URL (and so the request) once typing
 * pauses, so a word is one request, not one per letter.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };

  // A search changed elsewhere (clear filters, back button) shows in the field.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (debounced.trim() !== latest.current.value.trim()) latest.current.onSearch(debounced);
  }, [debounced]);

  return (
    <TextInput
      type="search"
      label={t('cellarWines.search.label')}
      placeholder={t('cellarWines.search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      className={classes.search}
    />
  );
}

function ColumnChooser({
  columns,
  onToggle,
}: {
  columns: InventoryColumn[];
  onToggle: (column: InventoryColumn, shown: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" radius="xl" leftSection={<IconColumns3 size={16} aria-hidden />}>
          {t('cellarWines.columns.choose')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <fieldset className={classes.columnFieldset}>
          <legend className={classes.columnLegend}>{t('cellarWines.columns.legend')}</legend>
          <Stack gap="xs">
            {INVENTORY_COLUMNS.map((column) => (
              <Checkbox
                key={column}
                label={t(`cellarWines.columns.${column}`)}
                checked={columns.includes(column)}
                disabled={column === FIXED_COLUMN}
                onChange={(event) => onToggle(column, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </fieldset>
      </Popover.Dropdown>
    </Popover>
  );
}
