import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RouteDef, routes } from '@kork/functions/routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { pathPatternOf } from '../lib/api-routes-stack';
import { readConfig } from '../lib/config';
import { createKorkApp } from '../lib/kork-app';
import {
  CONTENT_SECURITY_POLICY,
  EMBED_CONTENT_SECURITY_POLICY,
  securityHeadersFor,
} from '../lib/security-headers';
import { nagFindings, renderValue, stubAssets, stubWebDist, testApp } from './support';

/** The cloud's policy: the local one, and presigned uploads to the imports bucket's regional endpoint. */
const CLOUD_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "connect-src 'self'",
  "connect-src 'self' https://<Kork-Data-ImportsBucketName>.s3.<AWS::Region>.amazonaws.com",
);

/** The streamed routes' paths, each a behavior of its own (streaming.test.ts). */
const streamedPaths = Object.entries(routes as Record<string, RouteDef>)
  .filter(([, def]) => def.stream)
  .map(([key]) => pathPatternOf(key.split(' ')[1] as string));

const certificateArn = 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000';

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  ResponseHeadersPolicyId: { Ref: string };
  Compress?: boolean;
  CachePolicyId: string;
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}

/** The distribution's behaviours by path pattern (`default` for the default one). */
function behaviors(t: Template): Record<string, Behavior> {
  const [distribution] = Object.values(t.findResources('AWS::CloudFront::Distribution'));
  const config = distribution?.Properties.DistributionConfig as {
    DefaultCacheBehavior: Behavior;
    CacheBehaviors: Behavior[];
  };
  return Object.fromEntries([
    ['default', config.DefaultCacheBehavior],
    ...config.CacheBehaviors.map((b) => [b.PathPattern, b]),
  ]);
}

/** The security headers each behaviour sends, from its response headers policy. */
function headersOf(t: Template, behavior: Behavior | undefined) {
  const policy = t.findResources('AWS::CloudFront::ResponseHeadersPolicy')[
    behavior?.ResponseHeadersPolicyId.Ref ?? ''
  ];
  return policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig as Record<string, unknown>;
}

describe('with a web build', () => {
  const app = testApp();
  // The build writes precompressed copies for the local origin; CloudFront compresses at the edge.
  const webDist = stubWebDist();
  writeFileSync(join(webDist, 'assets', 'app-1a2b.js.br'), 'br');
  writeFileSync(join(webDist, 'assets', 'app-1a2b.js.gz'), 'gz');
  writeFileSync(join(webDist, 'index.html.br'), 'br');
  const stacks = createKorkApp(app, { assets: stubAssets(), webDist });
  const assembly = app.synth();
  const t = Template.fromStack(stacks.web);

  it('serves /embed/* from the SPA bucket with the shell rewrite, framable by any site', () => {
    const all = behaviors(t);
    const embed = all['/embed/*'];
    expect(embed).toBeDefined();
    expect(embed?.TargetOriginId).toBe(all.default?.TargetOriginId);
    expect(embed?.CachePolicyId).toBe(all.default?.CachePolicyId);
    expect(embed?.FunctionAssociations).toEqual(all.default?.FunctionAssociations);
    expect(embed?.FunctionAssociations?.[0]?.EventType).toBe('viewer-request');
    // One origin for the bucket: the embed shares the SPA's origin access control (besides the image
    // function's and each streamed route's).
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2 + streamedPaths.length);

    const headers = headersOf(t, embed);
    expect(headers.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: EMBED_CONTENT_SECURITY_POLICY,
      Override: true,
    });
    expect(EMBED_CONTENT_SECURITY_POLICY).toContain('frame-ancestors *');
    expect(headers.FrameOptions).toBeUndefined();
    // Everything but framing as strict as the rest of the app.
    const strict = headersOf(t, all.default);
    expect(headers.StrictTransportSecurity).toEqual(strict.StrictTransportSecurity);
    expect(headers.ContentTypeOptions).toEqual(strict.ContentTypeOptions);
    expect(headers.ReferrerPolicy).toEqual(strict.ReferrerPolicy);
    expect(EMBED_CONTENT_SECURITY_POLICY.replace('frame-ancestors *', "frame-ancestors 'none'")).toBe(
      CONTENT_SECURITY_POLICY,
    );
  });

  it('keeps every other path unframable: the shell, the API and the images', () => {
    const all = behaviors(t);
    expect(Object.keys(all).sort()).toEqual(
      ['/api/*', '/embed/*', '/img*', '/l/*', 'default', ...streamedPaths].sort(),
    );
    for (const path of ['default', '/api/*', '/img*', '/l/*', ...streamedPaths]) {
      const headers = headersOf(t, all[path]);
      expect(headers.FrameOptions, path).toEqual({ FrameOption: 'DENY', Override: true });
      const csp = headers.ContentSecurityPolicy as { ContentSecurityPolicy: unknown; Override: boolean };
      expect(renderValue(csp.ContentSecurityPolicy), path).toBe(CLOUD_CONTENT_SECURITY_POLICY);
      expect(csp.Override, path).toBe(true);
      expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
      expect(headers.StrictTransportSecurity, path).toEqual({
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
        Override: true,
      });
    }
  });

  it('gives the local origin the same headers, but uploads on its own origin and hot reload in development', () => {
    const all = behaviors(t);
    const local = securityHeadersFor('/feed');
    const cloud = renderValue(
      (headersOf(t, all.default).ContentSecurityPolicy as { ContentSecurityPolicy: unknown })
        .ContentSecurityPolicy,
    );
    expect(local['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    // The local origin forwards presigned uploads itself (infra/local/upload-proxy.ts).
    expect(cloud.replace(/ https:\/\/\S+\.amazonaws\.com/, '')).toBe(CONTENT_SECURITY_POLICY);
    expect(securityHeadersFor('/embed/wines/w1')['content-security-policy']).toBe(
      EMBED_CONTENT_SECURITY_POLICY,
    );
    expect(securityHeadersFor('/embed/wines/w1')['x-frame-options']).toBeUndefined();

    const dev = securityHeadersFor('/feed', { dev: true });
    const differing = (csp: string) =>
      csp.split('; ').filter((directive) => !CONTENT_SECURITY_POLICY.split('; ').includes(directive));
    expect(differing(dev['content-security-policy'] ?? '')).toEqual([
      "script-src 'self' 'unsafe-inline'",
      "connect-src 'self' ws: wss:",
    ]);
    expect({ ...dev, 'content-security-policy': '' }).toEqual({ ...local, 'content-security-policy': '' });
  });

  it('compresses the shell, its assets and the embed at the edge', () => {
    const all = behaviors(t);
    expect(all.default?.Compress).toBe(true);
    expect(all['/embed/*']?.Compress).toBe(true);
  });

  it('uploads no precompressed copies: CloudFront compresses by itself', () => {
    const staged = readdirSync(assembly.directory)
      .map((name) => join(assembly.directory, name))
      .filter((dir) => existsSync(join(dir, 'index.html')));
    expect(staged).toHaveLength(1);
    const dir = staged[0] as string;
    expect(readdirSync(dir).sort()).toEqual(['assets', 'index.html']);
    expect(readdirSync(join(dir, 'assets'))).toEqual(['app-1a2b.js']);
  });

  it('uploads hashed assets for a year and the shell for revalidation, then invalidates', () => {
    t.resourceCountIs('Custom::CDKBucketDeployment', 2);
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    t.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
  });

  it('deploys with a role limited to the archive, the SPA bucket and this distribution', () => {
    const roles = Object.values(t.findResources('AWS::IAM::Role'));
    for (const role of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = Object.values(t.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const actions = statements.flatMap((s) => [s.Action].flat());
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    // Only the image function's X-Ray statement may name every resource.
    const onEverything = statements.filter((s) => s.Resource === '*').flatMap((s) => [s.Action].flat());
    expect(onEverything.sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
  });

  it('leaves no unacknowledged AwsSolutions error', () => {
    expect(nagFindings(stacks.web).filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe('with a custom domain', () => {
  const app = testApp({
    context: {
      domainName: 'kork.no',
      certificateArn,
      apiKeys: 'kork-web,kork-ios',
      mailDomain: 'mail.kork.no',
    },
  });
  const stacks = createKorkApp(app, { assets: stubAssets() });
  app.synth();

  it('serves the domain with its certificate and TLS 1.2 (2021) at least', () => {
    Template.fromStack(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['kork.no'],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  it('links to the domain, accepts the configured client keys and sends mail from the mail domain', () => {
    const routes = Object.values(stacks.routes)[0];
    const fns = Object.values(
      Template.fromStack(routes as NonNullable<typeof routes>).findResources('AWS::Lambda::Function'),
    );
    for (const fn of fns) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        APP_URL: 'https://kork.no',
        API_KEYS: 'kork-web,kork-ios',
      });
    }
    const consumer = Object.values(
      Template.fromStack(stacks.async).findResources('AWS::Lambda::Function'),
    )[0];
    expect(consumer?.Properties.Environment.Variables.MAIL_FROM).toBe('no-reply@mail.kork.no');
    Template.fromStack(stacks.async).hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.kork.no',
    });
  });

  it('lets the app upload straight to the media and imports buckets from its own origin only', () => {
    const buckets = Object.values(Template.fromStack(stacks.data).findResources('AWS::S3::Bucket'));
    const origins = buckets
      .flatMap((b) => b.Properties.CorsConfiguration?.CorsRules ?? [])
      .map((r) => r.AllowedOrigins);
    expect(origins).toEqual([['https://kork.no'], ['https://kork.no']]);
  });

  it('needs no acknowledgement of the default certificate', () => {
    expect(nagFindings(stacks.web).filter((f) => f.severity === 'error')).toEqual([]);
  });
});

describe('configuration', () => {
  it('refuses a domain without a certificate', () => {
    const app = testApp({ context: { domainName: 'kork.no' } });
    expect(() => readConfig(app)).toThrow(/domainName and certificateArn/);
  });

  it('has working defaults for a synth on a clean clone', () => {
    const config = readConfig(testApp());
    expect(config).toMatchObject({
      apiKeys: ['kork-web'],
      mailFrom: 'no-reply@kork.example',
      logLevel: 'info',
    });
  });
});
