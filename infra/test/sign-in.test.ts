/**
 * Google and Apple sign-in in the cloud: the client ids from the CDK context reach the API (which verifies
 * tokens against the providers' own keys and issuers, and tells the web app the ids through
 * `GET /api/config`), the page may load the providers' scripts, and nothing of the local emulator is there.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createKorkApp } from '../lib/kork-app';
import { renderValue, stubAssets, testApp } from './support';

function synth(context: Record<string, unknown>) {
  const app = testApp({ context });
  const stacks = createKorkApp(app, { assets: stubAssets() });
  app.synth();
  const environments = app.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c))
    .flatMap((stack) => Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')))
    .map((fn) => (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>);
  const policies = Object.values(
    Template.fromStack(stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'),
  ).map((p) =>
    String(
      renderValue(
        p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
          .ContentSecurityPolicy,
      ),
    ),
  );
  return { environments, policies };
}

describe('sign-in with Google and Apple in the cloud', () => {
  it('hands the configured client ids to the API, strict issuers and no emulator, and lets the page load the providers', () => {
    const { environments, policies } = synth({
      googleClientIds: 'web-123.apps.googleusercontent.com,ios-456.apps.googleusercontent.com',
      appleClientIds: 'no.kork.web',
    });
    const withIds = environments.filter((env) => env.GOOGLE_CLIENT_IDS);
    expect(withIds.length).toBeGreaterThan(0);
    for (const env of withIds) {
      expect(env.GOOGLE_CLIENT_IDS).toBe(
        'web-123.apps.googleusercontent.com,ios-456.apps.googleusercontent.com',
      );
      expect(env.APPLE_CLIENT_IDS).toBe('no.kork.web');
    }
    for (const env of environments) {
      for (const local of [
        'GOOGLE_ISSUER',
        'APPLE_ISSUER',
        'GOOGLE_JWKS_URL',
        'APPLE_JWKS_URL',
        'SIGN_IN_EMULATOR',
      ])
        expect(env[local], local).toBeUndefined();
    }
    const page = policies.find((csp) => csp.includes("frame-ancestors 'none'")) ?? '';
    expect(page).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client https://appleid.cdn-apple.com",
    );
    expect(page).toContain("frame-src 'self' https://accounts.google.com/gsi/ https://appleid.apple.com");
  });

  it('offers neither provider, nor their scripts, without client ids', () => {
    const { environments, policies } = synth({});
    expect(environments.some((env) => env.GOOGLE_CLIENT_IDS || env.APPLE_CLIENT_IDS)).toBe(false);
    for (const csp of policies) {
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('frame-src');
    }
  });
});
