/**
 * The app as the CDK CLI synthesizes it: the CLI hands the app a concrete account and region, so the
 * partition renders as `aws` instead of `<AWS::Partition>`, and every cdk-nag acknowledgement must match
 * that rendering too. The other files synthesize env-agnostic apps; this one pins the CLI's case.
 */
import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { createKorkApp } from '../lib/kork-app';
import { stubAssets, testApp } from './support';

describe('the app with a concrete account and region, as `npx cdk synth` runs it', () => {
  it('synthesizes every stack with no unacknowledged cdk-nag error', () => {
    const app = testApp();
    const stacks = createKorkApp(app, {
      assets: stubAssets(),
      env: { account: '123456789012', region: 'eu-north-1' },
    });
    // With the AwsSolutions plugin registered, an unacknowledged error makes this throw.
    const assembly = app.synth();
    expect(Stack.of(stacks.async).region).toBe('eu-north-1');
    expect(assembly.stacks.length).toBeGreaterThanOrEqual(5);
  });

  it('synthesizes with the model called in one region too (no cross-region inference profile)', () => {
    const app = testApp({ context: { bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' } });
    createKorkApp(app, { assets: stubAssets(), env: { account: '123456789012', region: 'eu-west-1' } });
    expect(() => app.synth()).not.toThrow();
  });
});
