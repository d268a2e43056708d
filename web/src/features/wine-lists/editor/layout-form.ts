import {
  type Locale,
  type Margins,
  PAPER_MM,
  type PaperSize,
  type WineListLayout,
  WineListLayoutInput,
} from '@kork/shared';
import { type FieldErrors, schemaErrors } from '../../../lib/form-schema';
import { numberText, schemaNumber } from '../../../lib/number-text';

/**
 * The page setup form: the layout's shape, numbers as the text typed (components/number-field.tsx) and
 * optional texts as strings, so a schema issue's path (`margins.left`, `header.text`) names its field.
 */
export interface LayoutFormValues
  extends Omit<
    WineListLayout,
    'width' | 'height' | 'margins' | 'header' | 'footnote' | 'privateNote' | 'lowStockThreshold'
  > {
  width: string;
  height: string;
  margins: Record<keyof Margins, string>;
  header: { logo: boolean; name: boolean; text: string };
  footnote: string;
  privateNote: string;
  lowStockThreshold: string;
}

export function formValuesOf(layout: WineListLayout, locale: Locale): LayoutFormValues {
  const text = (value: number) => numberText(value, locale);
  return {
    ...layout,
    width: text(layout.width),
    height: text(layout.height),
    margins: {
      top: text(layout.margins.top),
      right: text(layout.margins.right),
      bottom: text(layout.margins.bottom),
      left: text(layout.margins.left),
    },
    header: { logo: layout.header.logo, name: layout.header.name, text: layout.header.text ?? '' },
    footnote: layout.footnote ?? '',
    privateNote: layout.privateNote ?? '',
    lowStockThreshold: text(layout.lowStockThreshold),
  };
}

/** Empty text clears an optional field (`null`), which the schema and the API both take. */
function optionalText(value: string): string | null {
  return value.trim() === '' ? null : value;
}

/** What the schema and the API are given: named papers carry their own size. */
export function layoutInputOf(values: LayoutFormValues, locale: Locale): Record<string, unknown> {
  const number = (text: string) => schemaNumber(text, locale);
  const paper = values.paperSize === 'custom' ? undefined : PAPER_MM[values.paperSize];
  return {
    paperSize: values.paperSize,
    orientation: values.orientation,
    width: paper ? paper.width : number(values.width),
    height: paper ? paper.height : number(values.height),
    margins: {
      top: number(values.margins.top),
      right: number(values.margins.right),
      bottom: number(values.margins.bottom),
      left: number(values.margins.left),
    },
    font: values.font,
    header: { logo: values.header.logo, name: values.header.name, text: optionalText(values.header.text) },
    footnote: optionalText(values.footnote),
    pageNumbers: values.pageNumbers,
    glassColumn: values.glassColumn,
    qrCode: values.qrCode,
    sorting: values.sorting,
    privateNote: optionalText(values.privateNote),
    lowStockThreshold: number(values.lowStockThreshold),
    ...(values.language ? { language: values.language } : {}),
  };
}

/** The layout as the renderers take it: no nulls. */
function withoutNulls(parsed: Record<string, unknown>): WineListLayout {
  const header = parsed.header as { logo: boolean; name: boolean; text?: string | null };
  const layout = { ...parsed, header: { logo: header.logo, name: header.name } } as Record<string, unknown>;
  if (header.text) (layout.header as { text?: string }).text = header.text;
  if (!parsed.footnote) delete layout.footnote;
  if (!parsed.privateNote) delete layout.privateNote;
  return layout as unknown as WineListLayout;
}

export interface CheckedLayout {
  input: Record<string, unknown>;
  errors: FieldErrors;
  /** The layout when every field is valid. */
  layout?: WineListLayout;
}

/** Validates the form with the API's own schema: translated messages by field path, and the layout. */
export function checkLayout(values: LayoutFormValues, locale: Locale): CheckedLayout {
  const input = layoutInputOf(values, locale);
  const errors = schemaErrors(WineListLayoutInput, input);
  if (Object.keys(errors).length > 0) return { input, errors };
  const parsed = WineListLayoutInput.safeParse(input);
  if (!parsed.success) return { input, errors };
  return { input, errors, layout: withoutNulls(parsed.data as Record<string, unknown>) };
}

/** A named paper's size as the custom fields' starting text. */
export function paperText(paperSize: Exclude<PaperSize, 'custom'>, locale: Locale) {
  const { width, height } = PAPER_MM[paperSize];
  return { width: numberText(width, locale), height: numberText(height, locale) };
}

/** Two layouts print the same (the order of keys aside). */
export function sameLayout(a: WineListLayout, b: WineListLayout): boolean {
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${k}:${stable(v)}`).join(',')}}`;
}

/** Field messages the API sent: `layout.margins.left` and `margins.left` both name the margin field. */
export function layoutApiErrors(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, text] of Object.entries(fields)) errors[key.replace(/^layout\./, '')] = text;
  return errors;
}
