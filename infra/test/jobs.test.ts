import { type JobDef, jobs as manifestJobs } from '@kork/functions/routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../lib/config';
import { DataStack } from '../lib/data-stack';
import { JobsStack, scheduledEvent } from '../lib/jobs-stack';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import { nagFindings, stubAssets, testApp } from './support';

// The manifest has no jobs yet; this one stands in for the market-value sync (docs/architecture.md).
const marketValueSync: JobDef = {
  handler: 'market-value/sync-market-values',
  needs: ['table:read', 'table:write'],
  schedule: 'cron(15 3 * * ? *)',
  description: 'Refreshes market values of the wines in cellars',
  timeoutSeconds: 300,
  memoryMb: 1024,
};

describe('jobs', () => {
  let stacks: KorkStacks;

  beforeAll(() => {
    const app = testApp();
    stacks = createKorkApp(app, {
      assets: stubAssets(['job-market-value-sync']),
      jobs: { 'market-value-sync': marketValueSync },
    });
    app.synth();
  });

  it('leaves the jobs stack out while the manifest has no jobs', () => {
    const app = testApp();
    expect(createKorkApp(app, { assets: stubAssets(), jobs: {} }).jobs).toBeUndefined();
  });

  it('holds no resources when given no jobs', () => {
    const app = testApp();
    const config = readConfig(app);
    const data = new DataStack(app, 'Data', { config });
    const empty = new JobsStack(app, 'Jobs', {
      jobs: {},
      assets: {},
      resources: { config, data, queues: {} },
    });
    const resources: Record<string, { Type: string }> = Template.fromStack(empty).toJSON().Resources ?? {};
    expect(Object.values(resources).filter((r) => r.Type !== 'AWS::CDK::Metadata')).toEqual([]);
  });

  it('runs an injected job as its own Lambda with the job settings', () => {
    const t = Template.fromStack(stacks.jobs as NonNullable<KorkStacks['jobs']>);
    t.resourceCountIs('AWS::Lambda::Function', 1);
    t.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 1024,
      Timeout: 300,
      Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue() }) },
    });
  });

  it('invokes the job on its schedule, in Norwegian time, with a role that may invoke only the job', () => {
    const t = Template.fromStack(stacks.jobs as NonNullable<KorkStacks['jobs']>);
    t.resourceCountIs('AWS::Scheduler::Schedule', 1);
    t.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: marketValueSync.schedule,
      ScheduleExpressionTimezone: 'Europe/Oslo',
      State: 'ENABLED',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^jobmarketvaluesync'), 'Arn'] },
        Input: JSON.stringify(scheduledEvent('market-value-sync')),
      }),
    });
    t.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          {
            Action: 'lambda:InvokeFunction',
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^jobmarketvaluesync'), 'Arn'] },
          },
        ],
      },
    });
  });

  it('alarms when the job fails', () => {
    Template.fromStack(stacks.jobs as NonNullable<KorkStacks['jobs']>).hasResourceProperties(
      'AWS::CloudWatch::Alarm',
      { MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 0 },
    );
  });

  it('points the exchange-rates job at Norges Bank, and no other job', () => {
    const app = testApp();
    const config = readConfig(app);
    const data = new DataStack(app, 'Data', { config });
    const jobsStack = new JobsStack(app, 'Jobs', {
      jobs: { 'exchange-rates': manifestJobs['exchange-rates'], 'market-value-sync': marketValueSync },
      assets: stubAssets(['job-market-value-sync']),
      resources: { config, data, queues: {} },
    });
    const functions = Object.entries(Template.fromStack(jobsStack).findResources('AWS::Lambda::Function'));
    const variablesOf = (prefix: string) =>
      functions.find(([logicalId]) => logicalId.startsWith(prefix))?.[1].Properties.Environment.Variables;
    expect(variablesOf('jobexchangerates')).toMatchObject({
      EXCHANGE_RATES_URL:
        'https://data.norges-bank.no/api/data/EXR/B..NOK.SP?format=sdmx-json&lastNObservations=1',
      TABLE_NAME: expect.anything(),
    });
    expect(variablesOf('jobmarketvaluesync')).toBeDefined();
    expect(variablesOf('jobmarketvaluesync')).not.toHaveProperty('EXCHANGE_RATES_URL');
  });

  it('leaves no unacknowledged AwsSolutions error', () => {
    expect(
      nagFindings(stacks.jobs as NonNullable<KorkStacks['jobs']>).filter((f) => f.severity === 'error'),
    ).toEqual([]);
  });
});
