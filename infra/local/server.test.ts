import { describe, expect, it } from 'vitest';
import { compileRoutes, matchRoute } from './server';

const def = { handler: 'x', auth: 'public', needs: [], group: 'platform' } as const;
const compiled = compileRoutes({
  'GET /api/users/{id}': def,
  'GET /api/users/{id}/statistic': def,
  'GET /api/users/me': def,
  'DELETE /api/users/{id}': def,
});

describe('local route matching', () => {
  it('matches path parameters and prefers literal segments', () => {
    expect(matchRoute(compiled, 'GET', '/api/users/42').route?.key).toBe('GET /api/users/{id}');
    expect(matchRoute(compiled, 'GET', '/api/users/42').params).toEqual({ id: '42' });
    expect(matchRoute(compiled, 'GET', '/api/users/me').route?.key).toBe('GET /api/users/me');
    expect(matchRoute(compiled, 'GET', '/api/users/42/statistic').params).toEqual({ id: '42' });
  });

  it('tells an unknown path from a wrong method', () => {
    expect(matchRoute(compiled, 'GET', '/api/nothing')).toEqual({ route: undefined, pathMatched: false });
    expect(matchRoute(compiled, 'PATCH', '/api/users/42')).toEqual({ route: undefined, pathMatched: true });
  });
});
