import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/i18n';
import { boundText } from '../lib/number-text';

/**
 * The app's one number input (SPEC §5: numeric inputs ignore mouse-wheel changes).
 *
 * It is a text field: the form holds exactly the text typed — never rewritten, clamped, rounded, and no minus
 * sign or letter dropped — and reads it with `parseNumberText` / `schemaNumber` / `schemaMoney`
 * (lib/number-text.ts) in the page's language ("2,5" in Norwegian, "2.5" in English). The form's schema
 * judges the number; its message comes back through `error` and is shown beside the field. The mouse wheel
 * scrolls the page, as over any text.
 *
 * Works with `@mantine/form`: `<NumberField label="…" decimals={0} {...form.getInputProps('quantity')} />`,
 * the form value being a string (`numberText(value, locale)` gives a stored number's starting text).
 *
 * - `decimals`: digits allowed after the separator, 0 for whole numbers (the phone then offers digits only);
 *   a hint for the keyboard, not a rule: the schema decides.
 * - `min` / `max`: shown as the field's description ("From 0 to 100") when it has none of its own.
 * - `prefix` / `suffix`: a unit beside the text, e.g. a currency code, "%" or "cl".
 */
export interface NumberFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'prefix'> {
  /** The text as typed; `null`/`undefined` shows an empty field. */
  value?: string | null;
  /** The new text, exactly as typed. */
  onChange?: (text: string) => void;
  decimals?: number;
  min?: number;
  max?: number;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** Room for a unit written out ("NOK", "cl"): its characters and a little space; other sections keep Mantine's size. */
function sectionWidth(section: ReactNode): string | undefined {
  return typeof section === 'string' && section.length > 1 ? `calc(${section.length}ch + 1rem)` : undefined;
}

export function NumberField({
  value,
  onChange,
  decimals,
  min,
  max,
  prefix,
  suffix,
  description,
  ...rest
}: NumberFieldProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  let hint = description;
  if (hint === undefined && min !== undefined && max !== undefined)
    hint = t('numberField.between', { min: boundText(min, locale), max: boundText(max, locale) });
  else if (hint === undefined && min !== undefined)
    hint = t('numberField.atLeast', { min: boundText(min, locale) });
  return (
    <TextInput
      type="text"
      inputMode={decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      description={hint}
      leftSection={prefix}
      leftSectionPointerEvents="none"
      leftSectionWidth={sectionWidth(prefix)}
      rightSection={suffix}
      rightSectionPointerEvents="none"
      rightSectionWidth={sectionWidth(suffix)}
      {...rest}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(event.currentTarget.value)}
    />
  );
}
