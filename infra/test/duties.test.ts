/**
 * Norwegian duties in the cloud (docs/duties.md): the rates and cost routes in a stack of their own,
 * Kork-Routes-Duties, reading the table only; the `duty-rates` job on its schedule, allowed to write the
 * table and to read (never write) the imports bucket, where a replacement rates file is put.
 */
import { jobs, type RouteDef, routeId, routes } from '@kork/functions/routes';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import type { KorkFunction } from '../lib/kork-function';
import {
  beyondCellarSnapshots,
  nagFindings,
  propertiesOf,
  renderValue,
  resourceCount,
  stubAssets,
  testApp,
} from './support';

type Statement = { Action: string | string[]; Resource: unknown };

/** A function's environment and the actions its role's policy allows, with their resources. */
function inspect(fn: KorkFunction | undefined) {
  if (!fn) throw new Error('no such function');
  const props = propertiesOf(fn.function) as { Environment?: { Variables?: Record<string, unknown> } };
  const policy = fn.function.role?.node.tryFindChild('DefaultPolicy');
  // The cellar snapshots come with the table (cellar-snapshots.test.ts); these tests look past them.
  const statements = beyondCellarSnapshots(
    policy
      ? ((propertiesOf(policy) as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument
          .Statement as Statement[])
      : [],
  );
  const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
  const resourcesOf = (action: string) =>
    statements
      .filter((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]).includes(action))
      .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]))
      .map(renderValue);
  return { env: props.Environment?.Variables ?? {}, actions, resourcesOf };
}

describe('duties in the cloud', () => {
  let stacks: KorkStacks;
  beforeAll(() => {
    const app = testApp();
    stacks = createKorkApp(app, { assets: stubAssets() });
    app.synth();
  });

  it('puts the rates and cost routes in Kork-Routes-Duties, nag-clean, reading the table only', () => {
    const stack = stacks.routes.duties as Stack;
    expect(stack?.stackName).toBe('Kork-Routes-Duties');
    const keys = Object.entries(routes as Record<string, RouteDef>)
      .filter(([, def]) => def.group === 'duties')
      .map(([key]) => key);
    expect(keys.sort()).toEqual([
      'GET /api/duties/rates',
      'GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/cost',
    ]);
    const t = Template.fromStack(stack);
    for (const key of keys) {
      t.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key });
      const { env, actions } = inspect(stacks.routes.duties?.functions[routeId(key)]);
      expect(env).toHaveProperty('TABLE_NAME');
      expect(actions, key).toContain('dynamodb:GetItem');
      expect(actions, key).not.toContain('dynamodb:PutItem');
      expect(
        actions.some((a) => a.startsWith('s3:')),
        key,
      ).toBe(false);
    }
    expect(resourceCount(stack)).toBeLessThanOrEqual(450);
    expect(nagFindings(stack).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('runs the duty-rates job on its schedule in Norwegian time, with an alarm on its errors', () => {
    const jobsStack = stacks.jobs as Stack;
    const job = stacks.jobs?.jobs['duty-rates'];
    expect(job).toBeDefined();
    const jobId = jobsStack.getLogicalId(job?.function.node.defaultChild as never);
    const t = Template.fromStack(jobsStack);
    t.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: jobs['duty-rates'].schedule,
      ScheduleExpressionTimezone: 'Europe/Oslo',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [jobId, 'Arn'] } }),
    });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: jobId } }],
    });
    expect(nagFindings(jobsStack).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('lets the job write the table and read the imports bucket, never write to it', () => {
    const { env, actions, resourcesOf } = inspect(stacks.jobs?.jobs['duty-rates']);
    expect(env).toHaveProperty('TABLE_NAME');
    expect(env).toHaveProperty('IMPORTS_BUCKET');
    expect(actions).toContain('dynamodb:PutItem');
    const reads = resourcesOf('s3:GetObject');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/Imports/i);
    expect(actions).not.toContain('s3:PutObject');
    expect(actions).not.toContain('s3:DeleteObject');
  });
});
