/**
 * The guest's wine list page at the CDN: `/l/*` goes to the page's API route, cached per list and
 * language as the page's Cache-Control says; the functions that change a list may invalidate exactly this
 * distribution and know its id.
 */
import { type RouteDef, routeId, routes } from '@kork/functions/routes';
import {
  cloudFrontInvalidationPaths,
  LIST_PAGE_CACHE,
  listPageOriginPath,
} from '@kork/functions/wine-lists/list-page-cdn';
import { listPagePath } from '@kork/functions/wine-lists/list-page-html';
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import { LIST_PAGE_PATH_PATTERN, LIST_PAGE_REWRITE } from '../lib/list-page-origin';
import { nagFindings, renderValue, stubAssets, testApp } from './support';

const PAGE_ROUTE = 'GET /api/wine-lists/{listId}/page';

/** The handlers whose changes reach the guest's page: each calls invalidateListPage (list-page-cdn.ts). */
const LIST_CHANGES = [
  'wine-lists/create-wine-list',
  'wine-lists/update-wine-list',
  'wine-lists/delete-wine-list',
  'wine-lists/upload-wine-list-logo',
  'wine-lists/delete-wine-list-logo',
];

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: { Ref: string } | string;
  Compress?: boolean;
  ViewerProtocolPolicy: string;
  AllowedMethods: string[];
  OriginRequestPolicyId?: unknown;
  ResponseHeadersPolicyId?: unknown;
  FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
}

interface Request {
  uri: string;
  headers: Record<string, { value: string }>;
  querystring: Record<string, { value: string }>;
}

/** The viewer-request function as CloudFront runs it. */
const rewrite = new Function(`${LIST_PAGE_REWRITE}\nreturn handler;`)() as (event: {
  request: Request;
}) => Request & { statusCode?: number };

function request(uri: string, acceptLanguage?: string): Request {
  return {
    uri,
    headers: acceptLanguage ? { 'accept-language': { value: acceptLanguage } } : {},
    querystring: {},
  };
}

describe("the guest's list page at the CDN", () => {
  let stacks: KorkStacks;
  let web: Template;
  let behaviors: Behavior[];
  let page: Behavior;

  beforeAll(() => {
    const app = testApp();
    stacks = createKorkApp(app, { assets: stubAssets() });
    // Synthesizes the whole app: a cycle between the web and route stacks would throw here.
    app.synth();
    web = Template.fromStack(stacks.web);
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    behaviors = distribution?.Properties.DistributionConfig.CacheBehaviors as Behavior[];
    page = behaviors.find((b) => b.PathPattern === LIST_PAGE_PATH_PATTERN) as Behavior;
  });

  it('sends /l/* to the API origin, GET and HEAD only, compressed, with the security headers', () => {
    expect(page).toBeDefined();
    const api = behaviors.find((b) => b.PathPattern === '/api/*');
    expect(page.TargetOriginId).toBe(api?.TargetOriginId);
    expect(page.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(page.Compress).toBe(true);
    expect(page.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(page.ResponseHeadersPolicyId).toEqual(api?.ResponseHeadersPolicyId);
    // Nothing beyond the cache key reaches the origin: no cookies, no Authorization.
    expect(page.OriginRequestPolicyId).toBeUndefined();
  });

  it("caches per list and language only, for as long as the page's s-maxage says", () => {
    const policies = web.findResources('AWS::CloudFront::CachePolicy');
    const ref = typeof page.CachePolicyId === 'string' ? page.CachePolicyId : page.CachePolicyId.Ref;
    const config = policies[ref]?.Properties.CachePolicyConfig;
    expect(config).toBeDefined();
    const key = config.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['lang'] });
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Accept-Language'] });
    expect(key.EnableAcceptEncodingGzip).toBe(true);
    expect(key.EnableAcceptEncodingBrotli).toBe(true);
    // The origin's s-maxage fits between the bounds; without a Cache-Control nothing is kept.
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(LIST_PAGE_CACHE)?.[1]);
    expect(config.MinTTL).toBe(0);
    expect(config.DefaultTTL).toBe(0);
    expect(config.MaxTTL).toBeGreaterThanOrEqual(sMaxAge);
  });

  it('rewrites the QR address to the page route and keeps one copy per language', () => {
    const [association] = page.FunctionAssociations ?? [];
    expect(association?.EventType).toBe('viewer-request');
    const fn =
      web.findResources('AWS::CloudFront::Function')[association?.FunctionARN['Fn::GetAtt'][0] ?? ''];
    expect(fn?.Properties.FunctionCode).toBe(LIST_PAGE_REWRITE);

    const listId = '01HX9Y8Z7W6V5T4S3R2Q1P0N9M';
    const nb = rewrite({ request: request(listPagePath(listId), 'nb-NO,nb;q=0.9,en;q=0.8') });
    expect(nb.uri).toBe(listPageOriginPath(listId));
    expect(nb.headers['accept-language']).toEqual({ value: 'nb' });
    expect(
      rewrite({ request: request(`${listPagePath(listId)}/`, 'no') }).headers['accept-language'],
    ).toEqual({
      value: 'nb',
    });
    expect(rewrite({ request: request(listPagePath(listId), 'de-DE,de;q=0.9,nb;q=0.5') }).headers).toEqual({
      'accept-language': { value: 'en' },
    });
    expect(rewrite({ request: request(listPagePath(listId)) }).headers['accept-language']).toEqual({
      value: 'en',
    });
    // Only the page lives under /l/.
    expect(rewrite({ request: request(`/l/${listId}/logo.png`) }).statusCode).toBe(404);
    expect(rewrite({ request: request('/l/') }).statusCode).toBe(404);
    // The page route the edge rewrites to is the manifest's.
    expect(Object.keys(routes)).toContain(PAGE_ROUTE);
  });

  it('invalidates the cache key CloudFront keeps: the rewritten path as well as the guest’s', () => {
    const listId = '01HX9Y8Z7W6V5T4S3R2Q1P0N9M';
    const keyed = rewrite({ request: request(listPagePath(listId), 'en') }).uri;
    expect(cloudFrontInvalidationPaths([listPagePath(listId)])).toEqual([
      `${listPagePath(listId)}*`,
      `${keyed}*`,
    ]);
  });

  it('leaves every other path where it was: /l/* matches none of the other behaviours’ paths', () => {
    const patterns = behaviors.map((b) => b.PathPattern).filter((p) => p !== LIST_PAGE_PATH_PATTERN);
    const glob = (pattern: string) =>
      new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    for (const path of ['/', '/feed', '/wine-list/01HX', '/lists', '/l', '/assets/app-1a2b.js', '/login'])
      expect(glob(LIST_PAGE_PATH_PATTERN).test(path), path).toBe(false);
    for (const pattern of patterns) expect(glob(pattern ?? '').test('/l/01HX'), pattern).toBe(false);
  });

  it('lets exactly the functions that change a list invalidate exactly this distribution', () => {
    const all = Object.entries(routes as Record<string, RouteDef>);
    const changing = all.filter(([, def]) => def.needs.includes('list-page:invalidate'));
    expect(changing.map(([, def]) => def.handler).sort()).toEqual([...LIST_CHANGES].sort());

    const distributionRef = stacks.web.resolve(stacks.web.distribution.distributionId) as { Ref: string };
    let granted = 0;
    for (const [key, def] of all) {
      const routeStack = stacks.routes[def.group];
      const fn = routeStack?.functions[routeId(key)];
      if (!routeStack || !fn) continue;
      const t = Template.fromStack(routeStack);
      const roleId = routeStack.resolve(
        routeStack.getLogicalId(fn.node.findChild('Role').node.defaultChild as CfnElement),
      );
      const statements = Object.values(t.findResources('AWS::IAM::Policy'))
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId))
        .flatMap(
          (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
        );
      const invalidations = statements.filter((s) =>
        [s.Action].flat().includes('cloudfront:CreateInvalidation'),
      );
      const environment = Object.values(t.findResources('AWS::Lambda::Function')).find(
        (f) => f.Properties.Role?.['Fn::GetAtt']?.[0] === roleId,
      )?.Properties.Environment?.Variables as Record<string, unknown>;

      if (!LIST_CHANGES.includes(def.handler)) {
        expect(invalidations, key).toEqual([]);
        expect(environment?.CDN_DISTRIBUTION_ID, key).toBeUndefined();
        continue;
      }
      granted += 1;
      expect(invalidations, key).toHaveLength(1);
      expect([invalidations[0]?.Action].flat(), key).toEqual(['cloudfront:CreateInvalidation']);
      const resource = renderValue(invalidations[0]?.Resource);
      expect(resource, key).toMatch(/^arn:<AWS::Partition>:cloudfront::<AWS::AccountId>:distribution\//);
      expect(resource, key).not.toContain('*');
      // The web stack's own distribution, read from its output (cdk.json: no export to hold it).
      const fromWeb = new RegExp(`"StackName":"${stacks.web.stackName}".*${distributionRef.Ref}`);
      expect(resource, key).toMatch(fromWeb);
      expect(JSON.stringify(environment?.CDN_DISTRIBUTION_ID), key).toMatch(fromWeb);
    }
    expect(granted).toBe(LIST_CHANGES.length);
  });

  it('leaves cdk-nag clean in the web stack and the wine-lists routes', () => {
    expect(nagFindings(stacks.web).filter((f) => f.severity === 'error')).toEqual([]);
    const lists = stacks.routes['wine-lists'] as Stack;
    expect(nagFindings(lists).filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe('a list-changing function in a stack made before the distribution', () => {
  it('stops synthesis with a message instead of a dependency cycle', () => {
    const streamed: Record<string, RouteDef> = {
      'POST /api/wine-cellars/users/{id}/wine-lists/{listId}/stream': {
        handler: 'wine-lists/stream-wine-list',
        auth: 'user',
        needs: ['table:write', 'list-page:invalidate'],
        group: 'wine-lists',
        stream: true,
      },
    };
    expect(() =>
      createKorkApp(testApp(), { assets: stubAssets(Object.keys(streamed).map(routeId)), routes: streamed }),
    ).toThrow(/invalidates the list page but its stack has no distribution/);
  });
});
