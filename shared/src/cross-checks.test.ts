/**
 * Every rule across fields in the shared schemas (the end after the start, passwords that match, ranges
 * in order) runs only once the fields it reads are valid: fed broken fields, a schema answers with the
 * fields' own messages and never throws (a throw is a 500 at the API).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as shared from './index';

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; when?: unknown } } }[];
  [key: string]: unknown;
}
type Schema = { _zod: { def: Def }; safeParse(value: unknown): { success: boolean } };

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

/** The schemas a schema is built from, one level down. */
function childrenOf(schema: Schema): Schema[] {
  const def = schema._zod.def;
  const children: unknown[] = [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.keyType,
    def.valueType,
    def.left,
    def.right,
    ...((def.options as unknown[]) ?? []),
    ...Object.values((def.shape as Record<string, unknown>) ?? {}),
  ];
  return children.filter(isSchema);
}

/** Types whose checks read more than one value: a check on one of these is a rule across fields. */
const COMPOSITE = new Set(['object', 'union', 'intersection', 'array', 'record', 'tuple']);

/** What a schema's checks see: a pipe's checks see what comes out of it. */
function shapeOf(schema: Schema): string {
  const def = schema._zod.def;
  return def.type === 'pipe' ? shapeOf(def.out as Schema) : def.type;
}

/** Every rule across fields in a schema, with where it sits and whether it waits for valid fields. */
function crossChecksOf(schema: Schema, seen = new Set<Schema>()): { guarded: boolean; type: string }[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const own = COMPOSITE.has(shapeOf(schema))
    ? (def.checks ?? [])
        .map((check) => check._zod.def)
        .filter((check) => check.check === 'custom')
        .map((check) => ({ guarded: typeof check.when === 'function', type: def.type }))
    : [];
  return [...own, ...childrenOf(schema).flatMap((child) => crossChecksOf(child, seen))];
}

const EXPORTED = (Object.entries(shared) as [string, unknown][]).filter((entry): entry is [string, Schema] =>
  isSchema(entry[1]),
);
const WITH_CROSS_CHECKS = EXPORTED.filter(([, schema]) => crossChecksOf(schema).length > 0);

// — Broken input, shaped like the schema —

/** Text of every shape a field may meet: valid dates and times beside broken ones ("ab:cd", "1e999"). */
const TEXTS = [
  'ab:cd',
  '1e999',
  '24:99',
  '',
  ' ',
  'x',
  'Barolo',
  '2027-03-04',
  '2027-03-05',
  '2027-02-30',
  '18:00',
  '21:00',
  'NaN',
  'a@b.no',
  'bell\u0007',
  'x'.repeat(400),
];
const NUMBERS = [
  0,
  1,
  -1,
  1.5,
  100,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];
const WRONG = [null, 'text', 12345, true, {}, []];

function brokenOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  const wrong = fc.constantFrom(...WRONG);
  if (depth > 6) return wrong;
  const inner = (s: unknown) => brokenOf(s as Schema, depth + 1);
  switch (def.type) {
    case 'optional':
      return fc.oneof(fc.constant(undefined), inner(def.innerType));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return fc.oneof(fc.constant(undefined), inner(def.innerType));
    case 'pipe': {
      const input = def.in as Schema;
      return input._zod.def.type === 'transform' ? inner(def.out) : inner(input);
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const record = fc.record(Object.fromEntries(Object.entries(shape).map(([key, s]) => [key, inner(s)])));
      return fc.oneof({ weight: 9, arbitrary: record }, { weight: 1, arbitrary: wrong });
    }
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map(inner));
    case 'array':
      return fc.oneof(fc.array(inner(def.element), { maxLength: 3 }), wrong);
    case 'record':
      return fc.oneof(fc.dictionary(fc.constantFrom(...TEXTS.slice(0, 6)), inner(def.valueType)), wrong);
    case 'enum':
      return fc.oneof(
        fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)),
        fc.constantFrom(...TEXTS),
      );
    case 'literal':
      return fc.oneof(fc.constantFrom(...(def.values as unknown[])), wrong);
    case 'string':
      return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...TEXTS) }, { weight: 1, arbitrary: wrong });
    case 'number':
    case 'int':
      return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...NUMBERS) }, { weight: 1, arbitrary: wrong });
    case 'boolean':
      return fc.oneof({ weight: 9, arbitrary: fc.boolean() }, { weight: 1, arbitrary: wrong });
    default:
      return fc.oneof(fc.constantFrom(...TEXTS), fc.constantFrom(...NUMBERS), wrong);
  }
}

describe('rules across fields', () => {
  it('are found in the shared schemas', () => {
    const names = WITH_CROSS_CHECKS.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['EventInput', 'EventUpdate', 'SignUpInput', 'PriceRuleSetInput']),
    );
  });

  it('each wait until the fields they read are valid', () => {
    const unguarded = WITH_CROSS_CHECKS.flatMap(([name, schema]) =>
      crossChecksOf(schema)
        .filter((check) => !check.guarded)
        .map((check) => `${name}: a rule on a ${check.type} that runs on broken fields`),
    );
    expect(unguarded).toEqual([]);
  });

  it.each(WITH_CROSS_CHECKS.map(([name, schema]) => [name, schema] as const))(
    '%s fed broken fields answers with their messages and never throws',
    (_name, schema) => {
      fc.assert(
        fc.property(brokenOf(schema), (input) => {
          expect(() => schema.safeParse(input)).not.toThrow();
        }),
        { numRuns: 400 },
      );
    },
  );

  it('answers an event with a broken time with the time’s message, not a crash', () => {
    const event = {
      type: 'public',
      horecaPrices: false,
      name: 'Smaking',
      category: 'tasting',
      startDate: '2027-03-04',
      endDate: '2027-03-04',
      startTime: '18:00',
      endTime: '21:00',
      location: 'Vinbaren, Torggata 5',
      city: 'Oslo',
    };
    expect(shared.EventInput.safeParse(event).success).toBe(true);
    for (const broken of [
      { startTime: 'ab:cd' },
      { endTime: '1e999' },
      { startTime: '99:99', endTime: 'ab:cd' },
      { startDate: '2027-02-30' },
    ]) {
      const result = shared.EventInput.safeParse({ ...event, ...broken });
      expect(result.success).toBe(false);
      const paths = result.error?.issues.map((issue) => issue.path.join('.'));
      expect(paths).toEqual(Object.keys(broken));
      expect(shared.EventUpdate.safeParse(broken).success).toBe(false);
    }
    // Valid fields still meet the rule across them.
    const backwards = shared.EventInput.safeParse({ ...event, startTime: '21:00', endTime: '18:00' });
    expect(backwards.error?.issues.map((issue) => issue.message)).toEqual(['eventEndsBeforeStart']);
  });
});
