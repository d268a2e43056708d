import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../lib/config';
import { createKorkApp } from '../lib/kork-app';
import { nagFindings, stubAssets, stubWebDist, testApp } from './support';

const certificateArn = 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000';

describe('with a web build', () => {
  const app = testApp();
  const stacks = createKorkApp(app, { assets: stubAssets(), webDist: stubWebDist() });
  app.synth();
  const t = Template.fromStack(stacks.web);

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
