import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFunctions, routeId, routes } from './routes';

describe('the route manifest', () => {
  it('names a handler module that exists for every function', () => {
    for (const [id, def] of Object.entries(allFunctions())) {
      expect(existsSync(join(import.meta.dirname, `${def.handler}.ts`)), id).toBe(true);
    }
  });

  it('keys every route as METHOD /api/path', () => {
    for (const key of Object.keys(routes))
      expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/[\w\-/{}]+$/);
  });

  it('gives each function a distinct, file-safe id', () => {
    expect(routeId('GET /api/users/{id}/statistic')).toBe('get-api-users-id-statistic');
    const ids = Object.keys(allFunctions());
    expect(new Set(ids).size).toBe(ids.length);
  });
});
