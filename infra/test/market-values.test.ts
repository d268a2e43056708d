/**
 * Market value and the paid plans in the cloud: the billing and market-value route stacks, the sync's queue
 * and job, the providers' secrets (read at run time, granted to exactly the function that reads each) and
 * the payment settings from the CDK context.
 */
import { jobs, queues, type RouteDef, routeId, routes } from '@kork/functions/routes';
import { type App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../lib/config';
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

const WEBHOOK = 'POST /api/payments/webhook';
const VALUATION_SECRET = 'arn:aws:secretsmanager:eu-north-1:123456789012:secret:kork/valuations-AbC123';
const WEBHOOK_SECRET = 'arn:aws:secretsmanager:eu-north-1:123456789012:secret:kork/stripe-whsec-Xy9Z01';
const CONFIGURED = {
  valuationProviderUrl: 'https://api.valuations.example/v1',
  valuationProviderDailyBudget: '2500',
  valuationProviderSecretArn: VALUATION_SECRET,
  paymentsWebhookSecretArn: WEBHOOK_SECRET,
  paymentsCheckoutUrlPlus: 'https://buy.stripe.com/test_plus',
  paymentsCheckoutUrlPro: 'https://buy.stripe.com/test_pro',
  paymentsPortalUrl: 'https://billing.stripe.com/p/login/test_portal',
  paymentsPricePlus: 'price_plus',
  paymentsPricePro: 'price_pro',
  paymentsContactEmail: 'sales@kork.example',
};

interface Synth {
  app: App;
  stacks: KorkStacks;
  all: Stack[];
}

function synth(context: Record<string, unknown> = {}): Synth {
  const app = testApp({ context });
  const stacks = createKorkApp(app, { assets: stubAssets() });
  app.synth();
  const all = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  return { app, stacks, all };
}

type Statement = { Action: string | string[]; Resource: unknown };

/** A function's environment and the statements of its role's policy. */
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

const routeFunction = (stacks: KorkStacks, key: string) => {
  const def = (routes as Record<string, RouteDef>)[key] as RouteDef;
  return stacks.routes[def.group]?.functions[routeId(key)];
};

type LambdaResource = { Properties: { Environment?: { Variables?: Record<string, unknown> } } };
function everyEnvironment(all: Stack[]): Record<string, unknown>[] {
  return all.flatMap((stack) =>
    Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')).map(
      (fn) => (fn as LambdaResource).Properties.Environment?.Variables ?? {},
    ),
  );
}

function secretReaders(all: Stack[]): string[][] {
  return all.flatMap((stack) =>
    Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy'))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[])
      .filter((s) => JSON.stringify(s.Action).includes('secretsmanager:'))
      .map((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).map(renderValue)),
  );
}

describe('market value and plans, default context', () => {
  let d: Synth;
  beforeAll(() => {
    d = synth();
  });

  it('puts the billing and market-value routes in stacks of their own, each well under the resource limit and nag-clean', () => {
    for (const [group, name] of [
      ['billing', 'Kork-Routes-Billing'],
      ['market-values', 'Kork-Routes-MarketValues'],
    ] as const) {
      const stack = d.stacks.routes[group];
      expect(stack?.stackName, group).toBe(name);
      const keys = Object.entries(routes)
        .filter(([, def]) => def.group === group)
        .map(([key]) => key);
      expect(keys.length).toBeGreaterThan(0);
      const t = Template.fromStack(stack as Stack);
      for (const key of keys) t.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key });
      expect(resourceCount(stack as Stack)).toBeLessThanOrEqual(450);
      expect(nagFindings(stack as Stack).filter((f) => f.severity === 'error')).toEqual([]);
    }
    for (const stack of d.all) expect(resourceCount(stack), stack.stackName).toBeLessThanOrEqual(450);
  });

  it('creates both providers’ secrets with a generated placeholder, retained, and exports only their ARNs', () => {
    const t = Template.fromStack(d.stacks.data);
    for (const description of ['valuation provider', 'webhook signing secret']) {
      t.hasResource('AWS::SecretsManager::Secret', {
        DeletionPolicy: 'Retain',
        Properties: {
          Description: Match.stringLikeRegexp(description),
          GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
          SecretString: Match.absent(),
        },
      });
    }
    const outputs = t.toJSON().Outputs as Record<string, { Export?: { Name: string } }>;
    expect(outputs.ValuationProviderSecretArn?.Export?.Name).toBe('Kork-Data-ValuationProviderSecretArn');
    expect(outputs.PaymentsWebhookSecretArn?.Export?.Name).toBe('Kork-Data-PaymentsWebhookSecretArn');
  });

  it('lets the webhook read the webhook secret and nothing else of Secrets Manager, by its ARN at run time', () => {
    const { env, actions, resourcesOf } = inspect(routeFunction(d.stacks, WEBHOOK));
    expect(env.PAYMENTS_WEBHOOK_SECRET_ARN).toEqual({
      'Fn::ImportValue': 'Kork-Data-PaymentsWebhookSecretArn',
    });
    expect(resourcesOf('secretsmanager:GetSecretValue')).toEqual(['<Kork-Data-PaymentsWebhookSecretArn>']);
    expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toEqual(['secretsmanager:GetSecretValue']);
    expect(env).not.toHaveProperty('VALUATION_PROVIDER_SECRET_ARN');
    expect(actions.some((a) => a.startsWith('sqs:') || a.startsWith('s3:'))).toBe(false);
    // Nothing configured: no payment links, so the plan answer offers "contact us".
    expect(Object.keys(env).filter((k) => k.startsWith('PAYMENTS_'))).toEqual([
      'PAYMENTS_WEBHOOK_SECRET_ARN',
    ]);
  });

  it('lets the sync consumer read the provider key and the table only, with the default daily budget and the demo provider', () => {
    const { env, actions, resourcesOf } = inspect(d.stacks.async.consumers['market-values']);
    expect(resourcesOf('secretsmanager:GetSecretValue')).toEqual(['<Kork-Data-ValuationProviderSecretArn>']);
    expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toEqual(['secretsmanager:GetSecretValue']);
    expect(actions).toContain('dynamodb:PutItem');
    const services = new Set(actions.map((a) => a.split(':')[0]));
    // sqs: receiving from its own queue (the event source), never sending anywhere.
    expect([...services].sort()).toEqual(['dynamodb', 'logs', 'secretsmanager', 'sqs', 'xray']);
    expect(actions).not.toContain('sqs:SendMessage');
    const ownQueue = renderValue(
      d.stacks.async.resolve(d.stacks.async.queues['market-values']?.queueArn) as unknown,
    );
    expect(resourcesOf('sqs:ReceiveMessage')).toEqual([ownQueue]);
    expect(env).toMatchObject({
      VALUATION_PROVIDER_SECRET_ARN: { 'Fn::ImportValue': 'Kork-Data-ValuationProviderSecretArn' },
      VALUATION_PROVIDER_DAILY_BUDGET: '10000',
      TABLE_NAME: expect.anything(),
    });
    expect(env).not.toHaveProperty('VALUATION_PROVIDER_URL');
    expect(env).not.toHaveProperty('PAYMENTS_WEBHOOK_SECRET_ARN');
  });

  it('lets the sync job send to the market-values queue only, and read the table', () => {
    const { env, actions, resourcesOf } = inspect(d.stacks.jobs?.jobs['market-values']);
    const queueArn = renderValue(
      d.stacks.jobs?.resolve(d.stacks.async.queues['market-values']?.queueArn) as unknown,
    );
    expect(resourcesOf('sqs:SendMessage')).toEqual([queueArn]);
    expect(env).toHaveProperty('MARKET_VALUES_QUEUE_URL');
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(false);
    expect(Object.keys(env).some((k) => k.includes('SECRET'))).toBe(false);
  });

  it('grants Secrets Manager to no other function and resolves neither secret into any environment', () => {
    expect(secretReaders(d.all).sort()).toEqual([
      ['<Kork-Data-PaymentsWebhookSecretArn>'],
      ['<Kork-Data-ValuationProviderSecretArn>'],
    ]);
    for (const env of everyEnvironment(d.all)) {
      for (const [name, value] of Object.entries(env)) {
        const text = JSON.stringify(value);
        // The access-token key is the one value resolved at deploy time (docs/infrastructure.md).
        if (name !== 'AUTH_SIGNING_KEY') expect(text, name).not.toContain('resolve:secretsmanager');
        if (/ValuationProviderSecret|PaymentsWebhookSecret/.test(text))
          expect(['VALUATION_PROVIDER_SECRET_ARN', 'PAYMENTS_WEBHOOK_SECRET_ARN']).toContain(name);
      }
    }
  });

  it('gives the market-values queue a dead-letter queue with an alarm, and the job a schedule with an alarm', () => {
    const asyncTemplate = Template.fromStack(d.stacks.async);
    const queue = d.stacks.async.queues['market-values'];
    const dlq = d.stacks.async.deadLetterQueues['market-values'];
    expect(queue && dlq).toBeTruthy();
    expect(propertiesOf(queue as never)).toMatchObject({
      RedrivePolicy: { maxReceiveCount: queues['market-values'].maxReceiveCount },
      VisibilityTimeout: queues['market-values'].visibilityTimeoutSeconds,
    });
    const dlqId = d.stacks.async.getLogicalId(dlq?.node.defaultChild as never);
    asyncTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      Threshold: 0,
    });

    const jobsStack = d.stacks.jobs as Stack;
    const job = d.stacks.jobs?.jobs['market-values'];
    const jobId = jobsStack.getLogicalId(job?.function.node.defaultChild as never);
    const jobsTemplate = Template.fromStack(jobsStack);
    jobsTemplate.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: jobs['market-values'].schedule,
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [jobId, 'Arn'] } }),
    });
    jobsTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: jobId } }],
    });
  });

  it('hands the webhook the body exactly as sent: HTTP API Lambda proxy (payload 2.0), no binary media types, no mapping', () => {
    const api = Template.fromStack(d.stacks.api);
    // An HTTP API has no binary media types to convert bodies and no mapping templates: a text body
    // (Stripe's JSON) arrives as sent, any other arrives base64-encoded with isBase64Encoded set.
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      BinaryMediaTypes: Match.absent(),
      Body: Match.absent(),
    });
    const billing = Template.fromStack(d.stacks.routes.billing as Stack);
    const route = Object.values(billing.findResources('AWS::ApiGatewayV2::Route')).find(
      (r) => r.Properties.RouteKey === WEBHOOK,
    );
    expect(route?.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    const integrationId = String(route?.Properties.Target['Fn::Join'][1][1].Ref);
    const integration = billing.toJSON().Resources[integrationId].Properties;
    expect(integration).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    expect(integration.RequestParameters).toBeUndefined();
    expect(integration.RequestTemplates).toBeUndefined();
    expect(integration.ContentHandlingStrategy).toBeUndefined();
    // CloudFront's /api/* behaviour has no Lambda@Edge that could read or rewrite a body on the way.
    const distribution = Object.values(
      Template.fromStack(d.stacks.web).findResources('AWS::CloudFront::Distribution'),
    )[0]?.Properties.DistributionConfig as { CacheBehaviors: Record<string, unknown>[] };
    const apiBehaviour = distribution.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(apiBehaviour).toMatchObject({ AllowedMethods: expect.arrayContaining(['POST']) });
    expect(apiBehaviour?.LambdaFunctionAssociations).toBeUndefined();
  });
});

describe('market value and plans, configured', () => {
  let c: Synth;
  beforeAll(() => {
    c = synth(CONFIGURED);
  });

  it('uses the secrets named in the context instead of creating them, granting exactly those ARNs', () => {
    Template.fromStack(c.stacks.data).resourceCountIs('AWS::SecretsManager::Secret', 1);
    const outputs = Object.keys(Template.fromStack(c.stacks.data).toJSON().Outputs ?? {});
    expect(outputs).not.toContain('ValuationProviderSecretArn');
    expect(outputs).not.toContain('PaymentsWebhookSecretArn');
    expect(secretReaders(c.all).sort()).toEqual([[WEBHOOK_SECRET], [VALUATION_SECRET]].sort());
    expect(inspect(routeFunction(c.stacks, WEBHOOK)).env.PAYMENTS_WEBHOOK_SECRET_ARN).toBe(WEBHOOK_SECRET);
    for (const stack of c.all) {
      expect(
        nagFindings(stack).filter((f) => f.severity === 'error'),
        stack.stackName,
      ).toEqual([]);
    }
  });

  it('gives the sync consumer the provider address and budget', () => {
    expect(inspect(c.stacks.async.consumers['market-values']).env).toMatchObject({
      VALUATION_PROVIDER_URL: 'https://api.valuations.example/v1',
      VALUATION_PROVIDER_DAILY_BUDGET: '2500',
      VALUATION_PROVIDER_SECRET_ARN: VALUATION_SECRET,
    });
  });

  it('gives every billing route the payment links, price ids and contact address, and no other route', () => {
    const expected = {
      PAYMENTS_CHECKOUT_URL_PLUS: CONFIGURED.paymentsCheckoutUrlPlus,
      PAYMENTS_CHECKOUT_URL_PRO: CONFIGURED.paymentsCheckoutUrlPro,
      PAYMENTS_PORTAL_URL: CONFIGURED.paymentsPortalUrl,
      PAYMENTS_PRICE_PLUS: 'price_plus',
      PAYMENTS_PRICE_PRO: 'price_pro',
      PAYMENTS_CONTACT_EMAIL: 'sales@kork.example',
    };
    const billingKeys = Object.entries(routes)
      .filter(([, def]) => def.group === 'billing')
      .map(([key]) => key);
    expect(billingKeys).toContain('GET /api/account/plan');
    for (const key of billingKeys)
      expect(inspect(routeFunction(c.stacks, key)).env, key).toMatchObject(expected);
    const withLinks = everyEnvironment(c.all).filter((env) => 'PAYMENTS_CHECKOUT_URL_PLUS' in env);
    expect(withLinks).toHaveLength(billingKeys.length);
  });
});

describe('market value and plans, context validation', () => {
  const config = (context: Record<string, unknown>) => readConfig(testApp({ context }));

  it('refuses a provider, checkout or portal address that is not https', () => {
    for (const key of [
      'valuationProviderUrl',
      'paymentsCheckoutUrlPlus',
      'paymentsCheckoutUrlPro',
      'paymentsPortalUrl',
    ]) {
      expect(() => config({ [key]: 'http://insecure.example/x' }), key).toThrow(
        `Context key ${key} must be an https address`,
      );
      expect(() => config({ [key]: 'not a url' }), key).toThrow(/https address/);
    }
    expect(config({ valuationProviderUrl: 'https://api.example/v1' }).valuationProviderUrl).toBe(
      'https://api.example/v1',
    );
  });

  it('takes a daily budget of 10 000 unless given a whole number above 0', () => {
    expect(config({}).valuationProviderDailyBudget).toBe(10000);
    expect(config({ valuationProviderDailyBudget: '250' }).valuationProviderDailyBudget).toBe(250);
    for (const bad of ['0', '-5', '1.5', 'lots'])
      expect(() => config({ valuationProviderDailyBudget: bad }), bad).toThrow(/whole number above 0/);
  });

  it('refuses a secret that is not named by its complete ARN, and a contact that is not an address', () => {
    for (const bad of ['kork/stripe', 'arn:aws:secretsmanager:eu-north-1:123456789012:secret:kork'])
      expect(() => config({ paymentsWebhookSecretArn: bad }), bad).toThrow(/complete ARN/);
    expect(() => config({ valuationProviderSecretArn: 'arn:aws:s3:::bucket' })).toThrow(/complete ARN/);
    expect(() => config({ paymentsContactEmail: 'sales' })).toThrow(/email address/);
  });
});
