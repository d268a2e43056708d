/** The sweep's parts 1 and 2: what every route declares; bad input is a 400 that stores nothing. */
import type { RouteDescription } from '@kork/functions/platform/http';
import { type RouteKey, routes } from '@kork/functions/routes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestOrigin } from '../test-stack';
import { fixturesFor } from './fixtures';
import {
  type Case,
  defOf,
  describeCase,
  leavesOf,
  mustRefuse,
  namesField,
  pathOf,
  randomHarmful,
  type Schema,
  setAt,
  type Transport,
  unbounded,
  unwrap,
  wrongTypes,
} from './schemas';
import {
  type Account,
  described,
  formBaseOf,
  freshAccount,
  methodOf,
  origin,
  paramsOf,
  ROUTE_KEYS,
  tillHeaders,
  tillKeyOf,
} from './stack';
import { changesBetween, tableState, tillTableState } from './table-state';

// — 1. What every route declares —

export function describeDeclarations(): void {
  describe('every route in the manifest', () => {
    it('declares schemas for its body or form fields and its path parameters', () => {
      const missing: string[] = [];
      for (const key of ROUTE_KEYS) {
        const { spec } = described.get(key) as RouteDescription;
        const takesBody = ['POST', 'PUT', 'PATCH'].includes(methodOf(key)) || spec.multipart !== undefined;
        // A raw-body route (the payment webhook) checks its bytes' signature, then parses them itself.
        if (takesBody && !spec.body && !spec.fields && !spec.rawBody)
          missing.push(`${key}: no body or fields schema`);
        if (spec.multipart && !spec.fields) missing.push(`${key}: multipart without a fields schema`);
        const params = paramsOf(key);
        if (params.length > 0 && !spec.params) missing.push(`${key}: no params schema`);
        if (spec.params) {
          const declared = Object.keys(
            defOf(unwrap(spec.params as unknown as Schema)).shape as object,
          ).sort();
          if (JSON.stringify(declared) !== JSON.stringify([...params].sort()))
            missing.push(`${key}: params schema has ${declared.join(', ')}, the path ${params.join(', ')}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('bounds every text, number and list it takes', () => {
      const loose: string[] = [];
      for (const key of ROUTE_KEYS) {
        const { spec } = described.get(key) as RouteDescription;
        for (const [where, schema] of Object.entries({
          body: spec.body,
          fields: spec.fields,
          query: spec.query,
          params: spec.params,
        })) {
          if (!schema) continue;
          for (const leaf of leavesOf(schema as unknown as Schema)) {
            const why = unbounded(leaf);
            if (why) loose.push(`${key} ${where} ${leaf.path.join('.')}: ${why}`);
          }
        }
      }
      expect(loose).toEqual([]);
    });

    it('refuses, in its schemas, every harmful value at every field', () => {
      const accepted: string[] = [];
      for (const key of ROUTE_KEYS) {
        const { spec } = described.get(key) as RouteDescription;
        const parts: [Transport, unknown][] = [
          ['json', spec.body],
          ['form', spec.fields],
          ['query', spec.query],
          ['query', spec.params],
        ];
        for (const [transport, schema] of parts) {
          if (!schema) continue;
          for (const leaf of leavesOf(schema as unknown as Schema)) {
            for (const value of mustRefuse(leaf, transport)) {
              if (leaf.schema.safeParse(value).success)
                accepted.push(`${key} ${leaf.path.join('.')} takes ${JSON.stringify(value)?.slice(0, 60)}`);
            }
          }
        }
      }
      expect(accepted).toEqual([]);
    });
  });
}

// — 2. Bad input —

/** The bad requests for one route: its declared fields and path parameters, each with bad values. */
export function casesOf(key: RouteKey, description: RouteDescription): fc.Arbitrary<Case>[] {
  const { spec } = description;
  const arbitraries: fc.Arbitrary<Case>[] = [];
  const sources: [Case['where'], Transport, unknown][] = [
    ['body', 'json', spec.body],
    ['fields', 'form', spec.fields],
    ['query', 'query', spec.query],
  ];
  for (const [where, transport, schema] of sources) {
    if (!schema) continue;
    for (const leaf of leavesOf(schema as unknown as Schema)) {
      // In a form every value is text: a list is sent as repeated `name[]` parts.
      if (transport !== 'json' && leaf.path.length > 1 && typeof leaf.path[1] !== 'number') continue;
      const fixed = [...mustRefuse(leaf, transport), ...wrongTypes(leaf, transport)].filter(
        (value) => transport === 'json' || typeof value === 'string',
      );
      const values =
        fixed.length > 0
          ? fc.oneof(fc.constantFrom(...fixed), randomHarmful(leaf, transport))
          : randomHarmful(leaf, transport);
      arbitraries.push(values.map((value) => ({ where, path: leaf.path, value, with: leaf.with })));
    }
  }
  for (const name of paramsOf(key)) {
    const bad = fc.oneof(
      fc.constantFrom('x'.repeat(2100), 'a\u0000b', 'ünïcode', 'a b', 'a;b', '%', 'a.b', `${'9'.repeat(70)}`),
      fc
        .string({ minLength: 1, maxLength: 80, unit: 'binary' })
        .filter((s) => !/^[A-Za-z0-9_-]+$/.test(s) && !/^\.+$/.test(s) && !/[\ud800-\udfff]/u.test(s)),
    );
    arbitraries.push(bad.map((value) => ({ where: 'params', path: [name], value, with: [] })));
  }
  return arbitraries;
}

export async function send(
  key: RouteKey,
  description: RouteDescription,
  c: Case,
  account: Account,
  values: Record<string, string>,
) {
  const method = methodOf(key);
  const bad = c.where === 'params' ? { name: String(c.path[0]), value: String(c.value) } : undefined;
  let path = pathOf(key, values, bad);
  if (c.where === 'query') path += `?${new URLSearchParams({ [String(c.path[0])]: String(c.value) })}`;
  const options: Parameters<TestOrigin['api']>[2] = { token: account.token };
  if (c.where === 'body') {
    const body: Record<string, unknown> = {};
    for (const [at, value] of c.with) setAt(body, at, value);
    setAt(body, c.path, c.value);
    options.json = body;
  } else if (c.where === 'fields' || (description.spec.multipart && c.where === 'params')) {
    const form = new FormData();
    for (const [name, value] of Object.entries(await formBaseOf(key))) form.set(name, value);
    if (c.where === 'fields') {
      const [name, index] = c.path;
      if (index === undefined && Array.isArray(c.value))
        for (const v of c.value) form.append(`${name}[]`, String(v));
      else form.append(index === undefined ? String(name) : `${name}[]`, String(c.value));
    }
    options.form = form;
  } else if (description.spec.body) {
    options.json = {};
  }
  if (account.till && routes[key].auth === 'pos') options.headers = tillHeaders(account.till, options.json);
  return origin.api(method, path, options);
}

/** Per route: this many drawn bad requests (a few dozen keep the whole file to a couple of minutes). */
export const RUNS_PER_ROUTE = 30;

export function describeBadInput(): void {
  describe('bad input', () => {
    it.each(ROUTE_KEYS.map((key) => [key]))(
      '%s refuses bad input with a 400 naming the field and stores nothing',
      async (key) => {
        const description = described.get(key) as RouteDescription;
        const { auth } = routes[key];
        const role = auth === 'admin' || auth === 'business' ? auth : auth === 'pos' ? 'business' : 'user';
        const account = await freshAccount(role);
        const values = await fixturesFor(key, account);
        // A till's request is signed with a key of the cellar, so the bad input reaches the schemas.
        if (auth === 'pos') account.till = await tillKeyOf(account);
        const state = auth === 'pos' ? tillTableState : tableState;
        const arbitraries = casesOf(key, description);
        const before = await state();
        if (arbitraries.length === 0) {
          // Nothing declared: undeclared query parameters are ignored, bad as they are.
          const junk = new URLSearchParams({ junk: 'a\u0000b', long: 'x'.repeat(2100) });
          const answer = await origin.api(methodOf(key), `${pathOf(key, values)}?${junk}`, {
            token: account.token,
            json: description.spec.body ? {} : undefined,
          });
          expect(answer.status, `${key} with undeclared query parameters`).toBeLessThan(500);
        } else {
          await fc.assert(
            fc.asyncProperty(fc.oneof(...arbitraries), async (c) => {
              const answer = await send(key, description, c, account, values);
              const context = `${key}: ${describeCase(c)} → ${answer.status} ${JSON.stringify(answer.error)}`;
              expect(answer.status, context).toBe(400);
              expect(namesField(answer.error?.fields, c.path), context).toBe(true);
            }),
            { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
        }
        expect(changesBetween(before, await state()), `${key} stored something`).toEqual([]);
      },
    );
  });
}

// — 3. Access —
