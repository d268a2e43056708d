import { CONTAINER_TYPES, type CurrencyCode } from '@kork/shared';
import { Select, Switch, type SwitchProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField, type NumberFieldProps } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { WARNING_TEXT_COLOR } from '../../../lib/warning-color';
import { DUTY_MISSING_KEYS, type DutyInclusive } from './duty-price';

/** A wine's alcohol for the duties (docs/duties.md): percent by volume, as typed. */
export function AlcoholInput(props: NumberFieldProps) {
  const { t } = useTranslation();
  return (
    <NumberField
      label={t('cellarWines.duties.alcohol')}
      description={t('cellarWines.duties.alcoholHint')}
      decimals={2}
      suffix="%"
      {...props}
    />
  );
}

/**
 * The container the packaging taxes and deposit go by, each named in the page's language; empty leaves it
 * to the catalogue's packaging (a single-use glass bottle when that says nothing).
 */
export function ContainerSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const data = [
    { value: '', label: t('cellarWines.duties.containerDefault') },
    ...CONTAINER_TYPES.map((type) => ({ value: type, label: t(`cellarWines.duties.containers.${type}`) })),
  ];
  return (
    <Select
      label={t('cellarWines.duties.container')}
      description={t('cellarWines.duties.containerHint')}
      data={data}
      allowDeselect={false}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * "Price includes duties" under a purchase price, and what the price typed comes to with today's duties
 * when it does not ("With duties: NOK 159.67"), or what that still needs (the alcohol, the rates).
 */
export function IncludesDutiesSwitch({
  switchProps,
  converted,
  currency,
}: {
  switchProps: SwitchProps;
  converted: DutyInclusive | undefined;
  currency: CurrencyCode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Switch
        label={t('cellarWines.duties.includesDuties')}
        description={t('cellarWines.duties.includesDutiesHint')}
        {...switchProps}
      />
      {converted?.ok && (
        <Text size="sm" fw={600} role="status">
          {t('cellarWines.duties.withDuties', {
            amount: formatMoney(converted.price, currency, currentLocale()),
          })}
        </Text>
      )}
      {converted && !converted.ok && (
        <Text size="sm" c={converted.missing === 'loading' ? 'dimmed' : WARNING_TEXT_COLOR} role="status">
          {t(DUTY_MISSING_KEYS[converted.missing])}
        </Text>
      )}
    </>
  );
}
