/**
 * The manifest sweep's bad values (manifest-sweep/stack.ts): what a route's zod/mini schemas take, read
 * from their definitions, and the values each field must refuse, fixed and drawn by fast-check.
 */
import type { RouteKey } from '@kork/functions/routes';
import fc from 'fast-check';

// — Reading zod/mini schemas —

export interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
export interface CheckDef {
  check: string;
  maximum?: number;
  minimum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
}
export type Schema = { _zod: { def: Def }; safeParse(value: unknown): { success: boolean } };

export const defOf = (schema: Schema): Def => schema._zod.def;
export const checksOf = (schema: Schema): CheckDef[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);

/** Optional, nullable, default and the like around a schema. */
export const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'nonoptional',
  'catch',
]);

export function unwrap(schema: Schema): Schema {
  let current = schema;
  while (WRAPPERS.has(defOf(current).type)) current = defOf(current).innerType as Schema;
  return current;
}

export type PathPart = string | number;

/** One field a request can carry: where it is, its schema, and fields that must come with it. */
export interface Leaf {
  path: PathPart[];
  schema: Schema;
  /** A discriminated union's tag, so the value is read as the option it belongs to. */
  with: [PathPart[], unknown][];
}

/** Every field of a schema down to its leaves; a list is a leaf of its own and its first item's fields. */
export function leavesOf(schema: Schema, path: PathPart[] = [], tags: [PathPart[], unknown][] = []): Leaf[] {
  const core = unwrap(schema);
  const def = defOf(core);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
      leavesOf(field, [...path, key], tags),
    );
  }
  if (def.type === 'union' && typeof def.discriminator === 'string') {
    const key = def.discriminator;
    return (def.options as Schema[]).flatMap((option) => {
      const tag = (defOf(unwrap(option)).shape as Record<string, Schema>)[key];
      const value = (defOf(tag as Schema).values as unknown[])[0];
      return leavesOf(option, path, [...tags, [[...path, key], value]]);
    });
  }
  if (def.type === 'pipe') {
    const input = unwrap(def.in as Schema);
    const output = unwrap(def.out as Schema);
    if (defOf(input).type === 'transform') return leavesOf(output, path, tags);
    if (defOf(input).type === 'array' && defOf(output).type === 'array')
      return [{ path, schema, with: tags }, ...leavesOf(defOf(output).element as Schema, [...path, 0], tags)];
    return [{ path, schema, with: tags }];
  }
  if (def.type === 'array')
    return [{ path, schema, with: tags }, ...leavesOf(def.element as Schema, [...path, 0], tags)];
  if (def.type === 'record') {
    const keys = defOf(unwrap(def.keyType as Schema)).entries as Record<string, string> | undefined;
    const first = keys ? Object.values(keys)[0] : 'key';
    return [
      { path, schema, with: tags },
      ...leavesOf(def.valueType as Schema, [...path, String(first)], tags),
    ];
  }
  return [{ path, schema, with: tags }];
}

/** The schemas a leaf is made of: a union's options, a pipe and its ends. */
export function partsOf(schema: Schema): Schema[] {
  const core = unwrap(schema);
  const def = defOf(core);
  if (def.type === 'union') return (def.options as Schema[]).flatMap(partsOf);
  if (def.type === 'pipe') return [core, ...partsOf(def.in as Schema), ...partsOf(def.out as Schema)];
  return [core];
}

export const kindsOf = (schema: Schema) => new Set(partsOf(schema).map((part) => defOf(part).type));

export function maxLengthOf(schema: Schema): number | undefined {
  const maxima = partsOf(schema).flatMap((part) =>
    checksOf(part).flatMap((c) => (c.check === 'max_length' && c.maximum !== undefined ? [c.maximum] : [])),
  );
  return maxima.length > 0 ? Math.max(...maxima) : undefined;
}

export function numberBounds(schema: Schema): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const part of partsOf(schema)) {
    for (const c of checksOf(part)) {
      if (c.check === 'greater_than') bounds.min = Number(c.value);
      if (c.check === 'less_than') bounds.max = Number(c.value);
    }
  }
  return bounds;
}

export const has = (schema: Schema, check: string) => checksOf(schema).some((c) => c.check === check);

/**
 * Why a leaf is not bounded, if it is not: every text needs a most length (its own or its pipe's), a
 * number a least and a most value (a form number's text is read into a bounded number), a list a most length.
 */
export function unbounded(leaf: Leaf): string | undefined {
  const parts = partsOf(leaf.schema);
  const of = (type: string) => parts.filter((part) => defOf(part).type === type);
  const pipes = of('pipe');
  if (of('string').some((part) => !has(part, 'max_length') && !pipes.some((p) => has(p, 'max_length'))))
    return 'text without a maximum length';
  const numbers = [...of('number'), ...pipes];
  if (of('number').length > 0 && !numbers.some((p) => has(p, 'greater_than') && has(p, 'less_than')))
    return 'a number without both bounds';
  if (of('array').length > 0 && !of('array').some((p) => has(p, 'max_length')))
    return 'a list without a maximum length';
  return undefined;
}

// — Bad values —

export const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** Text that no field may take: NUL, other controls, lone surrogates, and more than `max` characters. */
export function harmfulTexts(max: number | undefined, transport: Transport): string[] {
  const texts = ['\u0000', 'Barolo\u0000', 'bell\u0007'];
  if (transport === 'json') texts.push('\ud800', 'Barolo\udfff');
  const over = (max ?? 100_000) + 1;
  // The origin (like API Gateway) refuses request lines over 16 KB before any code runs.
  if (transport !== 'query') texts.push('é'.repeat(over));
  else if (over < 8_000) texts.push('x'.repeat(over));
  return texts;
}

export const HARMFUL_NUMBERS = [1e308, -1e308, 5e-324, -5e-324, 2 ** 53 + 1, -(2 ** 53 + 1)];
export const NUMERIC_TEXTS = [
  '1e308',
  '-1e308',
  '5e-324',
  '9007199254740993',
  'NaN',
  'Infinity',
  '-Infinity',
];
export const WRONG_TYPES: unknown[] = [12345, true, {}, [], 'text', { $gt: '' }, ['a', 'b']];

export type Transport = 'json' | 'form' | 'query';

/** Values the leaf must refuse, whatever it is. */
export function mustRefuse(leaf: Leaf, transport: Transport): unknown[] {
  const kinds = kindsOf(leaf.schema);
  const values: unknown[] = [];
  const takesText = kinds.has('string') || kinds.has('enum') || kinds.has('literal');
  const takesNumbers = kinds.has('number') || kinds.has('int');
  if (takesText || transport !== 'json') values.push(...harmfulTexts(maxLengthOf(leaf.schema), transport));
  if (takesNumbers) {
    values.push(...NUMERIC_TEXTS.filter(() => transport !== 'json' || kinds.has('string')));
    if (transport === 'json') values.push(...HARMFUL_NUMBERS);
    else values.push(...HARMFUL_NUMBERS.map(String));
    const { min, max } = numberBounds(leaf.schema);
    if (max !== undefined) values.push(transport === 'json' ? max + 1 : String(max + 1));
    if (min !== undefined) values.push(transport === 'json' ? min - 1 : String(min - 1));
  }
  if (transport === 'json') {
    values.push(deep(300));
    if (kinds.has('array')) {
      const max = maxLengthOf(leaf.schema) ?? 1000;
      values.push(
        Array.from({ length: max + 1 }, () => 'x'),
        Array.from({ length: 20_000 }, (_, i) => i),
      );
    }
  }
  return values;
}

/** Values of the wrong type; a union that takes one of them legitimately leaves it out. */
export function wrongTypes(leaf: Leaf, transport: Transport): unknown[] {
  const candidates = transport === 'json' ? WRONG_TYPES : ['text', 'true', '12'];
  return candidates.filter((value) => !leaf.schema.safeParse(value).success);
}

/** A few random values of each harmful kind, for fast-check to draw from. */
export function randomHarmful(leaf: Leaf, transport: Transport): fc.Arbitrary<unknown> {
  const around = fc.string({ maxLength: 12 });
  const max = maxLengthOf(leaf.schema);
  const texts: fc.Arbitrary<unknown>[] = [
    fc.tuple(around, around).map(([a, b]) => `${a}\u0000${b}`),
    fc
      .tuple(
        around,
        fc.integer({ min: 1, max: 31 }).filter((c) => c !== 9 && c !== 10 && c !== 13),
        around,
      )
      // Inside the text: a vertical tab or form feed at either end is whitespace, trimmed like a space.
      .map(([a, c, b]) => `${a}x${String.fromCharCode(c)}x${b}`),
    fc.integer({ min: 0x7f, max: 0x9f }).map((c) => `x${String.fromCharCode(c)}`),
  ];
  if (transport === 'json') {
    texts.push(
      fc
        .tuple(around, fc.integer({ min: 0xd800, max: 0xdfff }), around)
        .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
    );
  }
  if (max !== undefined && (transport !== 'query' || max < 8_000)) {
    const letter = transport === 'query' ? 'x' : 'ø';
    texts.push(fc.integer({ min: max + 1, max: max + 40 }).map((n) => letter.repeat(n)));
  }
  const kinds = kindsOf(leaf.schema);
  const numbers: fc.Arbitrary<number>[] = [];
  if (kinds.has('number') || kinds.has('int')) {
    const { min, max: most } = numberBounds(leaf.schema);
    numbers.push(fc.double({ min: 1e-320, max: 1e-131, noNaN: true }));
    if (most !== undefined) numbers.push(fc.double({ min: most + 1, noNaN: true, noDefaultInfinity: true }));
    if (min !== undefined) numbers.push(fc.double({ max: min - 1, noNaN: true, noDefaultInfinity: true }));
    numbers.push(fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 60n }).map(Number));
  }
  const asTransport = numbers.map((arb) => (transport === 'json' ? arb : arb.map((n) => String(n))));
  return fc.oneof(...texts, ...asTransport);
}

// — Requests —

export function setAt(target: Record<string, unknown>, path: PathPart[], value: unknown): void {
  let current: Record<PathPart, unknown> = target;
  path.forEach((part, i) => {
    if (i === path.length - 1) {
      current[part] = value;
      return;
    }
    const next = path[i + 1];
    if (current[part] === undefined) current[part] = typeof next === 'number' ? [] : {};
    current = current[part] as Record<PathPart, unknown>;
  });
}

export interface Case {
  /** Where the bad value goes. */
  where: 'body' | 'fields' | 'query' | 'params';
  path: PathPart[];
  value: unknown;
  with: [PathPart[], unknown][];
}

export const describeCase = (c: Case) =>
  `${c.where} ${c.path.join('.')} = ${JSON.stringify(c.value)?.slice(0, 80) ?? String(c.value)}`;

/** The route's path with its parameters filled in; `bad` replaces one of them. */
export function pathOf(
  key: RouteKey,
  values: Record<string, string>,
  bad?: { name: string; value: string },
): string {
  const path = key.split(' ')[1] as string;
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(bad?.name === name ? bad.value : (values[name] as string)),
  );
}

/** Whether the answer's field messages name the field the bad value was in (or its parent or child). */
export function namesField(fields: Record<string, string> | undefined, path: PathPart[]): boolean {
  const field = path.map(String).join('.');
  return Object.keys(fields ?? {}).some(
    (key) => key === field || field.startsWith(`${key}.`) || key.startsWith(`${field}.`),
  );
}
