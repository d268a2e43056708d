import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { CellarWineUpdate, type Locale } from '@kork/shared';
import { useForm } from '@mantine/form';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocale, i18n } from '../i18n/i18n';
import { schemaErrors, translateMessage } from '../lib/form-schema';
import { moneyTextError, schemaMoney, schemaNumber } from '../lib/number-text';
import { renderWithProviders } from '../test/render';
import { NumberField } from './number-field';

interface Values {
  quantity: string;
  sellingPrice: string;
  glassSize: string;
}

/** A small form as the app builds them: text in the form, the shared schema judging the numbers read from it. */
function validate(values: Values) {
  const locale = currentLocale();
  const errors = schemaErrors(CellarWineUpdate, {
    quantity: schemaNumber(values.quantity, locale) ?? undefined,
    sellingPrice: schemaMoney(values.sellingPrice, 'NOK', locale),
    glassSize: schemaNumber(values.glassSize, locale),
  });
  const decimals = moneyTextError(values.sellingPrice, 'NOK', locale);
  return decimals ? { ...errors, sellingPrice: translateMessage(decimals) } : errors;
}

function Harness({ onValues }: { onValues: (values: Values) => void }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { quantity: '6', sellingPrice: '', glassSize: '' },
    validate,
    validateInputOnChange: true,
    onValuesChange: onValues,
  });
  return (
    <form>
      <NumberField label="Bottles" decimals={0} min={0} max={1_000_000} {...form.getInputProps('quantity')} />
      <NumberField label="Selling price" decimals={2} suffix="NOK" {...form.getInputProps('sellingPrice')} />
      <NumberField
        label="Glass size"
        description="Up to 99 cl"
        suffix="cl"
        {...form.getInputProps('glassSize')}
      />
    </form>
  );
}

function renderField() {
  const onValues = vi.fn<(values: Values) => void>();
  renderWithProviders(<Harness onValues={onValues} />);
  return { onValues };
}

const input = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

function type(name: string | RegExp, text: string) {
  fireEvent.change(input(name), { target: { value: text } });
}

/** The message shown beside a field, if any (Mantine links it with aria-describedby). */
function messageOf(name: string | RegExp): string | null {
  const field = input(name);
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  // Norwegian groups thousands with no-break spaces.
  return error?.textContent?.replace(/\s/g, ' ') ?? null;
}

async function expectMessage(name: string | RegExp, text: string | null) {
  await waitFor(() => expect(messageOf(name)).toBe(text));
}

const cases: Record<
  Locale,
  {
    mustBeNumber: string;
    wholeNumber: string;
    quantityBounds: string;
    notNegative: string;
    tooManyDecimals: string;
    hint: string;
  }
> = {
  en: {
    mustBeNumber: 'Must be a number',
    wholeNumber: 'Must be a whole number',
    quantityBounds: 'Must be between 0 and 1,000,000',
    notNegative: 'Must not be negative',
    tooManyDecimals: 'Too many decimals',
    hint: 'From 0 to 1,000,000',
  },
  nb: {
    mustBeNumber: 'Må være et tall',
    wholeNumber: 'Må være et heltall',
    quantityBounds: 'Må være mellom 0 og 1 000 000',
    notNegative: 'Kan ikke være negativ',
    tooManyDecimals: 'For mange desimaler',
    hint: 'Fra 0 til 1 000 000',
  },
};

describe.each(['en', 'nb'] as const)('the number field in %s', (locale) => {
  const text = cases[locale];

  beforeEach(async () => {
    await i18n.changeLanguage(locale);
  });

  it('is a text field that keeps "-5" as typed and shows the schema’s bound message beside it', async () => {
    const { onValues } = renderField();

    expect(input('Bottles').type).toBe('text');
    expect(input('Bottles').inputMode).toBe('numeric');
    expect(input('Selling price').inputMode).toBe('decimal');
    type('Bottles', '-5');

    expect(input('Bottles').value).toBe('-5');
    expect(onValues.mock.lastCall?.[0]).toEqual(expect.objectContaining({ quantity: '-5' }));
    await expectMessage('Bottles', text.quantityBounds);
  });

  it('refuses "2.5" and "2,5" bottles as no whole number, never rounding them', async () => {
    renderField();

    type('Bottles', '2.5');
    await expectMessage('Bottles', text.wholeNumber);
    expect(input('Bottles').value).toBe('2.5');

    type('Bottles', '2,5');
    // A decimal comma in Norwegian; in English "2,5" is no number at all (no thousands group of three).
    await expectMessage('Bottles', locale === 'nb' ? text.wholeNumber : text.mustBeNumber);
    expect(input('Bottles').value).toBe('2,5');
  });

  it('says "abc" is not a number and leaves the letters where they are', async () => {
    renderField();

    type('Selling price', 'abc');
    await expectMessage('Selling price', text.mustBeNumber);
    expect(input('Selling price').value).toBe('abc');

    type('Bottles', '1,2,3');
    await expectMessage('Bottles', text.mustBeNumber);
    type('Bottles', '--5');
    await expectMessage('Bottles', text.mustBeNumber);
  });

  it('refuses a negative price "-100" instead of dropping its minus sign', async () => {
    renderField();

    type('Selling price', '-100');
    await expectMessage('Selling price', text.notNegative);
    expect(input('Selling price').value).toBe('-100');
  });

  it('reads thousands grouped the way the language writes them', async () => {
    renderField();

    type('Selling price', '1 234,5');
    await expectMessage('Selling price', locale === 'nb' ? null : text.mustBeNumber);
    type('Selling price', '1,234.5');
    await expectMessage('Selling price', locale === 'en' ? null : text.mustBeNumber);
    expect(input('Selling price').value).toBe('1,234.5');
  });

  it('refuses more decimals than the currency has rather than rounding', async () => {
    renderField();

    type('Selling price', locale === 'nb' ? '12,345' : '12.345');
    await expectMessage('Selling price', text.tooManyDecimals);
  });

  it('takes an empty optional field as no number', async () => {
    renderField();

    type('Glass size', '5');
    type('Glass size', '');
    await expectMessage('Glass size', null);
    expect(input('Glass size').value).toBe('');
  });

  it('ignores the mouse wheel', async () => {
    const { onValues } = renderField();

    const bottles = input('Bottles');
    bottles.focus();
    fireEvent.wheel(bottles, { deltaY: -100 });
    fireEvent.wheel(bottles, { deltaY: 100 });

    expect(bottles.value).toBe('6');
    expect(onValues).not.toHaveBeenCalled();
    expect(messageOf('Bottles')).toBeNull();
  });

  it('says what is allowed, and shows its unit beside the text', () => {
    renderField();

    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && el.textContent?.replace(/\s/g, ' ') === text.hint),
    ).toBeTruthy();
    expect(screen.getByText('Up to 99 cl')).toBeTruthy();
    expect(screen.getByText('NOK')).toBeTruthy();
  });
});

describe('the app’s number inputs', () => {
  const src = resolve(dirname(new URL(import.meta.url).pathname), '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });

  const NUMBER_INPUT = /<NumberInput\b|import[^;]*\bNumberInput\b[^;]*'@mantine\/core'|type=["']number["']/;

  it('are all this field: no Mantine NumberInput and no <input type="number">, which change with the wheel', () => {
    const others = sources(src)
      .filter((file) => NUMBER_INPUT.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(others).toEqual([]);
  });
});
