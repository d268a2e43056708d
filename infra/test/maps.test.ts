/**
 * Maps in the cloud: the tile address from the CDK context reaches `GET /api/config` and the page's
 * Content-Security-Policy; address search may call Amazon Location on the stack's own place index only.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tileOrigin } from '../lib/config';
import { createKorkApp } from '../lib/kork-app';
import { renderValue, stubAssets, testApp } from './support';

const TILES = 'https://{s}.tiles.example.net/osm/{z}/{x}/{y}.png';

function synth(context: Record<string, unknown>) {
  const app = testApp({ context });
  const stacks = createKorkApp(app, { assets: stubAssets() });
  app.synth();
  const templates = app.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c))
    .map((stack) => Template.fromStack(stack));
  const functions = templates.flatMap((t) => Object.values(t.findResources('AWS::Lambda::Function')));
  const policies = templates.flatMap((t) => Object.values(t.findResources('AWS::IAM::Policy')));
  const page =
    Object.values(Template.fromStack(stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'))
      .map((p) =>
        String(
          renderValue(
            p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
              .ContentSecurityPolicy,
          ),
        ),
      )
      .find((csp) => csp.includes("frame-ancestors 'none'")) ?? '';
  const placeIndexes = templates.flatMap((t) => Object.values(t.findResources('AWS::Location::PlaceIndex')));
  return { functions, policies, page, placeIndexes };
}

type FunctionResource = { Properties: { Environment?: { Variables?: Record<string, unknown> } } };
const env = (fn: unknown): Record<string, unknown> =>
  (fn as FunctionResource).Properties.Environment?.Variables ?? {};

describe('maps in the cloud', () => {
  // One synth with the map's keys set serves the tests that read them.
  let configured: ReturnType<typeof synth>;
  beforeAll(() => {
    configured = synth({
      mapTileUrl: TILES,
      mapTileAttribution: '© Example contributors',
      placeIndexName: 'kork-test-places',
    });
  });

  it('gives the configured tiles to the config route and admits their host in img-src', () => {
    const { functions, page } = configured;
    const withTiles = functions.filter((fn) => env(fn).MAP_TILE_URL);
    expect(withTiles).toHaveLength(1);
    expect(env(withTiles[0] as never)).toMatchObject({
      MAP_TILE_URL: TILES,
      MAP_TILE_ATTRIBUTION: '© Example contributors',
      MAP_MAX_ZOOM: '18',
    });
    expect(page).toContain("img-src 'self' data: blob: https://*.tiles.example.net;");
  });

  it('without a tile address, configures no tiles and admits no other image host', () => {
    const { functions, page } = synth({});
    expect(functions.filter((fn) => env(fn).MAP_TILE_URL)).toHaveLength(0);
    expect(page).toContain("img-src 'self' data: blob:;");
  });

  it('refuses a tile address the map could not use', () => {
    expect(() => synth({ mapTileUrl: 'http://tiles.example.net/{z}/{x}/{y}.png' })).toThrow(/mapTileUrl/);
    expect(() => synth({ mapTileUrl: 'https://tiles.example.net/tile.png' })).toThrow(/mapTileUrl/);
    expect(tileOrigin('https://tile.example.org/{z}/{x}/{y}.png')).toBe('https://tile.example.org');
  });

  it('creates the place index and lets only the geocode route search it', () => {
    const { functions, policies, placeIndexes } = configured;
    expect(placeIndexes).toHaveLength(1);
    expect(placeIndexes[0]?.Properties).toMatchObject({ IndexName: 'kork-test-places', DataSource: 'Esri' });
    const searchers = functions.filter((fn) => env(fn).GEOCODER_PLACE_INDEX);
    expect(searchers).toHaveLength(1);
    expect(env(searchers[0] as never).GEOCODER_PLACE_INDEX).toBe('kork-test-places');
    const statements = policies.flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[],
    );
    const geo = statements.filter((s) => JSON.stringify(s.Action).includes('geo:'));
    expect(geo).toHaveLength(1);
    expect(geo[0]?.Action).toBe('geo:SearchPlaceIndexForText');
    expect(JSON.stringify(geo[0]?.Resource)).toContain(':place-index/kork-test-places');
  });
});
