import {
  type CurrencyCode,
  PRICE_ROUNDINGS,
  PRICE_RULE_LIMITS,
  type PriceRounding,
  type PriceRuleSet,
  UNCATEGORIZED,
} from '@kork/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { apiFieldErrors, errorMessage } from '../../lib/form-schema';
import { formatDecimal } from '../../lib/format-number';
import { notify } from '../../lib/notify';
import { usePricingCategories, usePricingLocations, useSaveRuleSet } from './api/pricing';
import classes from './pricing.module.css';
import {
  emptyRange,
  emptyRuleSet,
  type GlassKind,
  mapFieldErrors,
  type RuleSetValues,
  ruleSetErrors,
  ruleSetValues,
  toRuleSetInput,
} from './rule-set-form';
import { RuleSetOptions } from './rule-set-options';
import { pathOptions } from './tree-names';

/** What the editor opens on: a new set, a saved one to change, or a saved one to copy. */
export type EditorTarget =
  | { mode: 'new' }
  | { mode: 'edit'; set: PriceRuleSet }
  | { mode: 'copy'; set: PriceRuleSet };

interface RuleSetEditorProps {
  userId: string;
  target: EditorTarget | undefined;
  currency: CurrencyCode;
  onClose: () => void;
  onSaved: (set: PriceRuleSet) => void;
}

/** The rule set editor in a dialog: full screen on phones; mounted only while open, so each start is fresh. */
export function RuleSetEditor({ target, onClose, ...rest }: RuleSetEditorProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const title =
    target?.mode === 'edit' ? t('pricingPage.editor.editTitle') : t('pricingPage.editor.newTitle');
  return (
    <Modal
      opened={target !== undefined}
      onClose={onClose}
      title={title}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': t('pricingPage.close') }}
    >
      {target && <EditorBody target={target} onClose={onClose} {...rest} />}
    </Modal>
  );
}

/** What each rounding does to a price of 347.20 in the set's direction, as a person reads it. */
const ROUNDING_EXAMPLES: Record<PriceRounding, { increase: number; decrease: number }> = {
  none: { increase: 347.2, decrease: 347.2 },
  whole: { increase: 348, decrease: 347 },
  five: { increase: 350, decrease: 345 },
  ten: { increase: 350, decrease: 340 },
  endsIn9: { increase: 349, decrease: 339 },
  endsIn90: { increase: 390, decrease: 290 },
};

function EditorBody({
  userId,
  target,
  currency,
  onClose,
  onSaved,
}: Omit<RuleSetEditorProps, 'target'> & { target: EditorTarget }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const save = useSaveRuleSet(userId);
  const categories = usePricingCategories(userId);
  const locations = usePricingLocations(userId);
  const [refusal, setRefusal] = useState<string>();
  const filtersId = useId();

  const form = useForm<RuleSetValues>({
    initialValues:
      target.mode === 'new'
        ? emptyRuleSet()
        : ruleSetValues(
            target.set,
            currency,
            locale,
            target.mode === 'copy'
              ? t('pricingPage.editor.copyName', { name: target.set.name }).slice(
                  0,
                  PRICE_RULE_LIMITS.nameMax,
                )
              : target.set.name,
          ),
    validate: (values) => ruleSetErrors(values, currency, locale),
  });
  const values = form.getValues();

  const categoryOptions = useMemo(() => pathOptions(categories.data ?? []), [categories.data]);
  const locationOptions = useMemo(
    () => [
      ...pathOptions(locations.data ?? []),
      { value: UNCATEGORIZED, label: t('pricingPage.editor.uncategorized') },
    ],
    [locations.data, t],
  );

  const submit = form.onSubmit(async (next) => {
    setRefusal(undefined);
    try {
      const input = toRuleSetInput(next, currency, locale);
      const saved = await save.mutateAsync({ id: target.mode === 'edit' ? target.set.id : undefined, input });
      notify.success(t('pricingPage.editor.saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      const fields = mapFieldErrors(apiFieldErrors(error));
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      setRefusal(
        error instanceof ApiError && Object.keys(fields).length > 0 ? undefined : errorMessage(error),
      );
    }
  });

  const example = (rounding: PriceRounding) => {
    const value = ROUNDING_EXAMPLES[rounding][values.direction];
    return formatDecimal(value, locale, 2, Number.isInteger(value) ? 0 : 2);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('pricingPage.editor.name')}
          required
          maxLength={PRICE_RULE_LIMITS.nameMax + 20}
          {...form.getInputProps('name')}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id={`${filtersId}-basis`}>
            {t('pricingPage.editor.basis')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby={`${filtersId}-basis`}
            data={[
              { value: 'incVat', label: t('pricingPage.basisShort.incVat') },
              { value: 'exVat', label: t('pricingPage.basisShort.exVat') },
              { value: 'exVatNet', label: t('pricingPage.basisShort.exVatNet') },
            ]}
            {...form.getInputProps('basis')}
          />
          <Text size="xs" c="dimmed" mt={4} data-testid="basis-hint">
            {t(`pricingPage.basisHint.${values.basis}`)}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={500} mb={4} id={`${filtersId}-direction`}>
            {t('pricingPage.editor.direction')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby={`${filtersId}-direction`}
            data={[
              { value: 'increase', label: t('pricingPage.direction.increase') },
              { value: 'decrease', label: t('pricingPage.direction.decrease') },
            ]}
            {...form.getInputProps('direction')}
          />
        </div>
        <Select
          label={t('pricingPage.editor.rounding')}
          description={t('pricingPage.editor.roundingHint', { price: example('none') })}
          allowDeselect={false}
          data={PRICE_ROUNDINGS.map((rounding) => ({
            value: rounding,
            label: t(`pricingPage.rounding.${rounding}`, { example: example(rounding) }),
          }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('rounding')}
        />

        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t('pricingPage.editor.ranges', { currency })}</legend>
          <Text size="xs" c="dimmed" mb="xs">
            {t('pricingPage.editor.rangesHint')}
          </Text>
          {form.errors.ranges && (
            <Text size="sm" c="red.8" role="alert" mb="xs">
              {form.errors.ranges}
            </Text>
          )}
          <Stack gap="sm">
            {values.ranges.map((range, index) => (
              <div key={range.key} className={classes.range} data-testid="price-range">
                <Group justify="space-between" gap="xs" mb={4}>
                  <Text size="sm" fw={600}>
                    {t('pricingPage.editor.range', { number: index + 1 })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('pricingPage.editor.removeRange', { number: index + 1 })}
                    disabled={values.ranges.length === 1}
                    onClick={() => form.removeListItem('ranges', index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 2 }} spacing="xs">
                  <NumberField
                    label={t('pricingPage.editor.from')}
                    suffix={currency}
                    decimals={2}
                    required
                    {...form.getInputProps(`ranges.${index}.from`)}
                  />
                  <NumberField
                    label={t('pricingPage.editor.to')}
                    placeholder={t('pricingPage.editor.andAbove')}
                    suffix={currency}
                    decimals={2}
                    {...form.getInputProps(`ranges.${index}.to`)}
                  />
                  <Select
                    label={t('pricingPage.editor.sellingKind')}
                    allowDeselect={false}
                    data={[
                      { value: 'percentage', label: t('pricingPage.kind.percentage') },
                      { value: 'fixed', label: t('pricingPage.kind.fixed') },
                    ]}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(`ranges.${index}.sellingKind`)}
                  />
                  <NumberField
                    label={t('pricingPage.editor.sellingValue')}
                    suffix={range.sellingKind === 'fixed' ? currency : '%'}
                    decimals={2}
                    required
                    {...form.getInputProps(`ranges.${index}.sellingValue`)}
                  />
                  <Select
                    label={t('pricingPage.editor.glassKind')}
                    allowDeselect={false}
                    data={(['percentage', 'fixed', 'unchanged'] as GlassKind[]).map((kind) => ({
                      value: kind,
                      label: t(`pricingPage.glassKind.${kind}`),
                    }))}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(`ranges.${index}.glassKind`)}
                  />
                  {range.glassKind !== 'unchanged' && (
                    <NumberField
                      label={t('pricingPage.editor.glassValue')}
                      suffix={range.glassKind === 'fixed' ? currency : '%'}
                      decimals={2}
                      required
                      {...form.getInputProps(`ranges.${index}.glassValue`)}
                    />
                  )}
                </SimpleGrid>
              </div>
            ))}
          </Stack>
          <Button
            mt="sm"
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={values.ranges.length >= PRICE_RULE_LIMITS.rangesMax}
            onClick={() => {
              const last = values.ranges[values.ranges.length - 1];
              form.insertListItem('ranges', emptyRange(last?.to ?? ''));
            }}
          >
            {t('pricingPage.editor.addRange')}
          </Button>
        </fieldset>

        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{t('pricingPage.editor.filters')}</legend>
          <Text size="xs" c="dimmed" mb="xs">
            {t('pricingPage.editor.filtersHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <MultiSelect
              label={t('pricingPage.editor.categories')}
              placeholder={values.categoryIds.length ? undefined : t('pricingPage.editor.allCategories')}
              data={categoryOptions}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('categoryIds')}
            />
            <MultiSelect
              label={t('pricingPage.editor.locations')}
              placeholder={values.locationIds.length ? undefined : t('pricingPage.editor.allLocations')}
              data={locationOptions}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('locationIds')}
            />
          </SimpleGrid>
        </fieldset>

        <RuleSetOptions userId={userId} form={form} categoryOptions={categoryOptions} />

        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" radius="xl" onClick={onClose}>
            {t('pricingPage.cancel')}
          </Button>
          <Button type="submit" radius="xl" loading={save.isPending}>
            {t('pricingPage.editor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
