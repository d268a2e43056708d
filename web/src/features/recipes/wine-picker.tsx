import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickableWines } from './api/recipes';
import { type IngredientWine, toIngredientWine } from './recipe-form-model';

/** "Add wine or spirit": a search over the cellar's wines, spirits first; choosing one adds it. */
export function WinePicker({ userId, onPick }: { userId: string; onPick: (wine: IngredientWine) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [term] = useDebouncedValue(search.trim(), 250);
  const found = usePickableWines(userId, term, open || term !== '');
  const byId = useMemo(() => {
    const map = new Map<string, IngredientWine>();
    for (const wine of [...(found.data?.spirits ?? []), ...(found.data?.others ?? [])])
      map.set(wine.id, toIngredientWine(wine));
    return map;
  }, [found.data]);
  const data = useMemo(() => {
    const groups = [];
    const spirits = found.data?.spirits ?? [];
    const others = found.data?.others ?? [];
    if (spirits.length > 0)
      groups.push({
        group: t('recipesPage.form.spirits'),
        items: spirits.map((wine) => ({ value: wine.id, label: wine.wineDisplayName })),
      });
    if (others.length > 0)
      groups.push({
        group: t('recipesPage.form.otherWines'),
        items: others.map((wine) => ({ value: wine.id, label: wine.wineDisplayName })),
      });
    return groups;
  }, [found.data, t]);
  return (
    <Select
      label={t('recipesPage.form.addWine')}
      placeholder={t('recipesPage.form.addWinePlaceholder')}
      searchable
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onChange={(id) => {
        const wine = id ? byId.get(id) : undefined;
        if (wine) onPick(wine);
        setSearch('');
      }}
      nothingFoundMessage={found.isFetching ? t('recipesPage.form.searching') : t('recipesPage.form.noWines')}
      comboboxProps={{ withinPortal: true }}
      filter={({ options }) => options}
      data-testid="recipe-wine-picker"
    />
  );
}
