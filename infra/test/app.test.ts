import { allEntities } from '@kork/functions/data/entities';
import { TABLE_SCHEMA } from '@kork/functions/data/table';
import {
  allFunctions,
  type FunctionDef,
  imageFunction,
  queues,
  type RouteDef,
  routeId,
  routes,
} from '@kork/functions/routes';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import type { KorkFunction } from '../lib/kork-function';
import { nagFindings, propertiesOf, resourceCount, stubAssets, testApp } from './support';

let stacks: KorkStacks;
let all: Stack[];
const streamedGroups = new Set(
  Object.values(routes as Record<string, RouteDef>)
    .filter((def) => def.stream)
    .map((def) => def.group),
);
const template = (stack: Stack) => Template.fromStack(stack);

beforeAll(() => {
  // Built once per file; the synthesis is cached by the app, so each Template below reuses it.
  const app = testApp({ cloudFormationChecks: true });
  stacks = createKorkApp(app, { assets: stubAssets() });
  all = [
    stacks.data,
    stacks.api,
    stacks.web,
    stacks.async,
    ...Object.values(stacks.routes),
    ...(stacks.jobs ? [stacks.jobs] : []),
  ];
  // With the AwsSolutions plugin registered, an unacknowledged error makes this throw.
  app.synth();
});

type LambdaProps = {
  Runtime: string;
  Architectures: string[];
  Handler: string;
  MemorySize: number;
  Timeout: number;
  TracingConfig?: { Mode: string };
  ReservedConcurrentExecutions?: number;
  Environment?: { Variables: Record<string, unknown> };
};

function lambdas(stack: Stack): LambdaProps[] {
  return Object.values(template(stack).findResources('AWS::Lambda::Function')).map(
    (r) => r.Properties as LambdaProps,
  );
}

/** The synthesized properties of one KorkFunction. */
function lambdaOf(fn: KorkFunction): LambdaProps {
  return propertiesOf(fn.function) as unknown as LambdaProps;
}

function expectSettingsOf(fn: LambdaProps, def: FunctionDef) {
  expect(fn.Runtime).toBe('nodejs22.x');
  expect(fn.Architectures).toEqual([def.architecture ?? 'arm64']);
  expect(fn.Handler).toBe('index.handler');
  expect(fn.MemorySize).toBe(def.memoryMb ?? 512);
  expect(fn.Timeout).toBe(def.timeoutSeconds ?? 10);
  expect(fn.TracingConfig?.Mode).toBe('Active');
  expect(fn.ReservedConcurrentExecutions).toBeUndefined();
  const env = Object.keys(fn.Environment?.Variables ?? {});
  const needs = def.needs.map((n) => n.split(':')[0]);
  expect(env.includes('TABLE_NAME')).toBe(needs.includes('table'));
  // Whatever reads the table may read a cellar's snapshot from S3 instead.
  expect(env.includes('CELLAR_SNAPSHOTS_BUCKET')).toBe(needs.includes('table'));
  expect(env.includes('MEDIA_BUCKET')).toBe(needs.includes('media'));
  expect(env.includes('IMPORTS_BUCKET')).toBe(needs.includes('imports'));
  expect(env.includes('MAIL_FROM')).toBe(needs.includes('mail'));
  expect(env.includes('SUPPLIER_ORDERS_QUEUE_URL')).toBe(needs.includes('supplier-orders'));
  expect(env).not.toContain('NODE_OPTIONS');
}

describe('functions', () => {
  it('deploys exactly one Lambda per function of the manifest', () => {
    const total = all.reduce((sum, stack) => sum + lambdas(stack).length, 0);
    expect(total).toBe(Object.keys(allFunctions()).length);
  });

  it("gives every route a nodejs22.x Lambda (arm64 unless the manifest says otherwise) with its manifest settings, in its group's stack", () => {
    for (const [key, def] of Object.entries(routes)) {
      const stack = stacks.routes[def.group];
      const fn = stack?.functions[routeId(key)];
      expect(fn, key).toBeDefined();
      const props = lambdaOf(fn as KorkFunction);
      expectSettingsOf(props, def);
      expect(props.Environment?.Variables).toMatchObject({
        API_KEYS: 'kork-web',
        AI_API_KEYS: 'kork-ai',
        LOG_LEVEL: 'info',
      });
      // A group with a streamed route comes before the distribution: it knows only a configured address.
      if (streamedGroups.has(def.group)) expect(props.Environment?.Variables).not.toHaveProperty('APP_URL');
      else expect(props.Environment?.Variables).toHaveProperty('APP_URL');
      expect(props.Environment?.Variables).toHaveProperty('AUTH_SIGNING_KEY');
    }
    for (const [group, stack] of Object.entries(stacks.routes)) {
      const inGroup = Object.values(routes).filter((r) => r.group === group);
      expect(lambdas(stack)).toHaveLength(inGroup.length);
    }
  });

  it('runs the image function with its manifest settings, the image hosts and no API keys', () => {
    expect(lambdas(stacks.web)).toHaveLength(1);
    const props = lambdaOf(stacks.web.imageFunction);
    expectSettingsOf(props, imageFunction);
    expect(props.Environment?.Variables).toHaveProperty('IMAGE_HOSTS');
    expect(props.Environment?.Variables).not.toHaveProperty('API_KEYS');
    expect(props.Environment?.Variables).not.toHaveProperty('AUTH_SIGNING_KEY');
  });

  it('gives every queue consumer its manifest settings', () => {
    expect(lambdas(stacks.async)).toHaveLength(Object.keys(queues).length);
    for (const [name, def] of Object.entries(queues)) {
      const consumer = stacks.async.consumers[name];
      expect(consumer, name).toBeDefined();
      expectSettingsOf(lambdaOf(consumer as KorkFunction), def.consumer);
    }
  });

  it('keeps every function role free of AWS managed policies', () => {
    for (const stack of all) {
      for (const role of Object.values(template(stack).findResources('AWS::IAM::Role'))) {
        expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      }
    }
  });
});

describe('HTTP API', () => {
  it('has a route for every key of the manifest, written as in the manifest', () => {
    const keys = Object.values(stacks.routes).flatMap((stack) =>
      Object.values(template(stack).findResources('AWS::ApiGatewayV2::Route')).map(
        (r) => r.Properties.RouteKey,
      ),
    );
    // A streamed route is reached through its function URL instead (streaming.test.ts).
    const buffered = Object.entries(routes).filter(([, def]) => !(def as RouteDef).stream);
    expect(keys.sort()).toEqual(buffered.map(([key]) => key).sort());
  });

  it('throttles the default stage and writes access logs', () => {
    template(stacks.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('queues', () => {
  it('gives every queue a dead-letter queue after the manifest number of receives', () => {
    const t = template(stacks.async);
    for (const def of Object.values(queues)) {
      t.hasResourceProperties('AWS::SQS::Queue', {
        RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: def.maxReceiveCount },
        VisibilityTimeout: def.visibilityTimeoutSeconds,
        SqsManagedSseEnabled: true,
      });
    }
    const all = Object.values(t.findResources('AWS::SQS::Queue'));
    const withDlq = all.filter((q) => q.Properties.RedrivePolicy);
    const deadLetter = all.filter((q) => !q.Properties.RedrivePolicy);
    expect(withDlq).toHaveLength(Object.keys(queues).length);
    for (const dlq of deadLetter) expect(dlq.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });

  it('keeps each visibility timeout at six times its consumer timeout or more', () => {
    for (const def of Object.values(queues)) {
      expect(def.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * (def.consumer.timeoutSeconds ?? 10));
    }
  });

  it('reports partial batch failures with the manifest batch size', () => {
    const t = template(stacks.async);
    for (const def of Object.values(queues)) {
      t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        BatchSize: def.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
    t.resourceCountIs('AWS::Lambda::EventSourceMapping', Object.keys(queues).length);
  });

  it('alarms as soon as a message reaches a dead-letter queue', () => {
    const t = template(stacks.async);
    t.resourceCountIs('AWS::CloudWatch::Alarm', Object.keys(queues).length);
    t.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
    });
  });

  it('requires TLS on every queue', () => {
    const policies = Object.values(template(stacks.async).findResources('AWS::SQS::QueuePolicy'));
    expect(policies).toHaveLength(2 * Object.keys(queues).length);
    for (const policy of policies) expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
  });
});

describe('table', () => {
  const tableProps = () =>
    Object.values(template(stacks.data).findResources('AWS::DynamoDB::Table'))[0]?.Properties as {
      KeySchema: { AttributeName: string; KeyType: string }[];
      GlobalSecondaryIndexes: {
        IndexName: string;
        KeySchema: { AttributeName: string; KeyType: string }[];
        Projection: { ProjectionType: string };
      }[];
      [key: string]: unknown;
    };

  it('is on demand, point-in-time recoverable, protected from deletion and retained', () => {
    const t = template(stacks.data);
    t.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
      },
    });
    expect(tableProps().KeySchema).toEqual([
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
    ]);
  });

  it('has exactly the GSIs of TABLE_SCHEMA, projecting all attributes', () => {
    const deployed = tableProps().GlobalSecondaryIndexes.map((index) => {
      expect(index.Projection.ProjectionType).toBe('ALL');
      return {
        name: index.IndexName,
        partitionKey: index.KeySchema.find((k) => k.KeyType === 'HASH')?.AttributeName,
        sortKey: index.KeySchema.find((k) => k.KeyType === 'RANGE')?.AttributeName,
      };
    });
    expect(sortByName(deployed)).toEqual(sortByName([...TABLE_SCHEMA.globalIndexes]));
  });

  it('has exactly the physical indexes the ElectroDB entities use', () => {
    const used = new Map<string, { name: string; partitionKey: string; sortKey: string }>();
    for (const [entity, schema] of Object.entries(allEntities)) {
      for (const index of Object.values(schema.indexes) as EntityIndex[]) {
        if (!index.index) {
          expect(`${entity}: ${index.pk.field}/${index.sk?.field}`).toBe(
            `${entity}: ${TABLE_SCHEMA.partitionKey}/${TABLE_SCHEMA.sortKey}`,
          );
          continue;
        }
        const physical = { name: index.index, partitionKey: index.pk.field, sortKey: index.sk?.field ?? '' };
        const seen = used.get(physical.name);
        // Two entities sharing a GSI must agree on its key attributes.
        if (seen) expect(physical).toEqual(seen);
        used.set(physical.name, physical);
      }
    }
    expect(sortByName([...used.values()])).toEqual(sortByName([...TABLE_SCHEMA.globalIndexes]));
  });
});

describe('buckets', () => {
  it('block public access, encrypt and deny requests without TLS', () => {
    for (const stack of [stacks.data, stacks.web]) {
      const t = template(stack);
      const buckets = t.findResources('AWS::S3::Bucket');
      const policies = Object.values(t.findResources('AWS::S3::BucketPolicy'));
      for (const [logicalId, bucket] of Object.entries(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties.BucketEncryption).toBeDefined();
        const policy = policies.find((p) => p.Properties.Bucket.Ref === logicalId);
        expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }
    }
  });

  it('log access to every bucket but the log bucket itself', () => {
    const withoutLogging = (stack: Stack) =>
      Object.values(template(stack).findResources('AWS::S3::Bucket')).filter(
        (b) => !b.Properties.LoggingConfiguration,
      );
    expect(withoutLogging(stacks.data)).toHaveLength(1);
    expect(withoutLogging(stacks.web)).toHaveLength(0);
  });

  it('version the media and imports buckets and expire uploaded imports', () => {
    const buckets = Object.values(template(stacks.data).findResources('AWS::S3::Bucket'));
    expect(buckets.filter((b) => b.Properties.VersioningConfiguration?.Status === 'Enabled')).toHaveLength(2);
    expect(JSON.stringify(buckets)).toContain('"ExpirationInDays":30');
  });
});

describe('web', () => {
  it('sends /api/* to the HTTP API uncached with every viewer header but Host', () => {
    template(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['PUT', 'PATCH', 'POST', 'DELETE']),
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
          }),
        ]),
      },
    });
  });

  it('sends /img* to the image function URL behind an origin access control, cached by url, w, style and Accept', () => {
    const t = template(stacks.web);
    t.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM' });
    t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 'lambda' }),
    });
    t.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['url', 'w', 'style'] },
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Accept'] },
        }),
      }),
    });
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({ PathPattern: '/img*', AllowedMethods: ['GET', 'HEAD'] }),
        ]),
      },
    });
  });

  it('serves the SPA through an origin access control and rewrites client routes at the edge', () => {
    const t = template(stacks.web);
    t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3' }),
    });
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        // No error-page fallback: it would turn the API's own 403 and 404 into the SPA shell.
        CustomErrorResponses: Match.absent(),
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
  });

  it('sends the strict CSP, HSTS, nosniff, referrer policy and DENY framing', () => {
    template(stacks.web).hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          // The policy's text, the imports bucket's endpoint in connect-src among it, is web.test.ts's.
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          ReferrerPolicy: Match.objectLike({ Override: true }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
        },
      }),
    });
  });

  it('deploys no SPA files when there is no web build', () => {
    template(stacks.web).resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('limits and checks', () => {
  it('keeps every stack well under the 500-resource limit', () => {
    for (const stack of all) expect(resourceCount(stack), stack.stackName).toBeLessThanOrEqual(450);
  });

  it('leaves no unacknowledged AwsSolutions error in any stack', () => {
    for (const stack of all) {
      expect(
        nagFindings(stack).filter((f) => f.severity === 'error'),
        stack.stackName,
      ).toEqual([]);
    }
  });
});

interface EntityIndex {
  index?: string;
  pk: { field: string };
  sk?: { field: string };
}

function sortByName<T extends { name: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name));
}
