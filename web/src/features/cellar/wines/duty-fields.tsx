import { CONTAINER_TYPES } from '@kork/shared';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField, type NumberFieldProps } from '../../../components/number-field';

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
