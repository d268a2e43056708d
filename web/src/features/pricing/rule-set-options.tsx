import { PRICE_RULE_LIMITS, UNCATEGORIZED } from '@kork/shared';
import { Checkbox, MultiSelect, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExcludableWines, useExcludedWines } from './api/pricing';
import classes from './pricing.module.css';
import type { RuleSetValues } from './rule-set-form';

interface RuleSetOptionsProps {
  userId: string;
  form: UseFormReturnType<RuleSetValues>;
  categoryOptions: { value: string; label: string }[];
}

/**
 * A rule set's safeguards: raise only (never lowers a price), and the wine list categories and wines it
 * leaves as they are.
 */
export function RuleSetOptions({ userId, form, categoryOptions }: RuleSetOptionsProps) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t('pricingPage.editor.safeguards')}</legend>
      <Checkbox
        label={t('pricingPage.editor.raiseOnly')}
        description={t('pricingPage.editor.raiseOnlyHint')}
        mb="sm"
        {...form.getInputProps('raiseOnly', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <MultiSelect
          label={t('pricingPage.editor.excludeCategories')}
          placeholder={values.excludeCategoryIds.length ? undefined : t('pricingPage.editor.noneExcluded')}
          data={[...categoryOptions, { value: UNCATEGORIZED, label: t('pricingPage.editor.uncategorized') }]}
          searchable
          clearable
          maxValues={PRICE_RULE_LIMITS.excludedCategoriesMax}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('excludeCategoryIds')}
        />
        <ExcludedWines
          userId={userId}
          value={values.excludeWineIds}
          onChange={(ids) => form.setFieldValue('excludeWineIds', ids)}
          error={form.errors.excludeWineIds}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {t('pricingPage.editor.glassOnlyHint')}
      </Text>
    </fieldset>
  );
}

/** Wines to leave out: a search over the cellar's wines; the chosen ones keep their names. */
function ExcludedWines({
  userId,
  value,
  onChange,
  error,
}: {
  userId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [term] = useDebouncedValue(search.trim(), 250);
  const found = useExcludableWines(userId, term, open || term !== '');
  // Names of the wines chosen now, and of those the saved set named (read once each).
  const names = useRef(new Map<string, string>());
  const initial = useRef(value);
  const saved = useExcludedWines(userId, initial.current);
  for (const result of saved) if (result.data) names.current.set(result.data.id, result.data.wineDisplayName);
  for (const wine of found.data ?? []) names.current.set(wine.id, wine.wineDisplayName);
  const data = useMemo(() => {
    const ids = [...new Set([...value, ...(found.data ?? []).map((wine) => wine.id)])];
    return ids.map((id) => ({ value: id, label: names.current.get(id) ?? id }));
  }, [value, found.data]);
  return (
    <MultiSelect
      label={t('pricingPage.editor.excludeWines')}
      placeholder={value.length ? undefined : t('pricingPage.editor.searchWines')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      filter={({ options }) => options}
      maxValues={PRICE_RULE_LIMITS.excludedWinesMax}
      nothingFoundMessage={t('pricingPage.editor.noWines')}
      error={typeof error === 'string' ? error : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
