/**
 * The cellar snapshots' bucket: private, encrypted, TLS only, logged, unversioned, its objects expiring
 * after a week; every function that reads or writes the table may get, put and delete snapshots, and no
 * other function may.
 */
import { type RouteDef, routeId } from '@kork/functions/routes';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import { nagFindings, propertiesOf, renderValue, stubAssets, testApp } from './support';

const manifest: Record<string, RouteDef> = {
  'GET /api/wine-cellars/users/{id}/wines': {
    handler: 'cellar/list-wines',
    auth: 'user',
    needs: ['table:read'],
    group: 'cellar',
  },
  'POST /api/wine-cellars/users/{id}/wines': {
    handler: 'cellar/add-wine',
    auth: 'user',
    needs: ['table:read', 'table:write'],
    group: 'cellar',
  },
  'POST /api/imports': {
    handler: 'imports/create-import',
    auth: 'business',
    needs: ['imports:read', 'imports:write'],
    group: 'cellar',
  },
};

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}

let stacks: KorkStacks;

beforeAll(() => {
  const app = testApp();
  stacks = createKorkApp(app, { assets: stubAssets(Object.keys(manifest).map(routeId)), routes: manifest });
  app.synth();
});

function functionOf(key: string) {
  const fn = stacks.routes.cellar?.functions[routeId(key)];
  if (!fn) throw new Error(`no function for ${key}`);
  const env = (propertiesOf(fn.function) as { Environment: { Variables: Record<string, unknown> } })
    .Environment.Variables;
  const policy = fn.function.role?.node.tryFindChild('DefaultPolicy');
  const statements = policy
    ? ((propertiesOf(policy) as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument
        .Statement as Statement[])
    : [];
  return { env, statements };
}

/** The actions a function's policy allows on one resource, as the template renders that resource. */
function actionsOn(statements: Statement[], resource: string): string[] {
  return statements
    .filter((s) => s.Effect === 'Allow')
    .filter((s) =>
      (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).map(renderValue).includes(resource),
    )
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
    .sort();
}

describe('cellar snapshots bucket', () => {
  it('is private, encrypted, TLS only, logged, unversioned, retained, and expires objects after 7 days', () => {
    const t = Template.fromStack(stacks.data);
    const [logicalId, bucket] = Object.entries(t.findResources('AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('CellarSnapshotsBucket'),
    ) ?? ['', undefined];
    expect(bucket, 'the cellar snapshots bucket').toBeDefined();
    const props = bucket?.Properties;
    expect(props.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(props.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
      { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
    ]);
    expect(props.LoggingConfiguration.LogFilePrefix).toBe('s3/cellar-snapshots/');
    expect(props.VersioningConfiguration).toBeUndefined();
    expect(props.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Status: 'Enabled', ExpirationInDays: 7 }),
    ]);
    expect(bucket?.DeletionPolicy).toBe('Retain');
    const policy = Object.values(t.findResources('AWS::S3::BucketPolicy')).find(
      (p) => p.Properties.Bucket.Ref === logicalId,
    );
    expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('lets a function that reads the table get, put and delete snapshots, under CELLAR_SNAPSHOTS_BUCKET', () => {
    for (const key of ['GET /api/wine-cellars/users/{id}/wines', 'POST /api/wine-cellars/users/{id}/wines']) {
      const { env, statements } = functionOf(key);
      expect(env.CELLAR_SNAPSHOTS_BUCKET, key).toEqual({
        'Fn::ImportValue': 'Kork-Data-CellarSnapshotsBucketName',
      });
      expect(actionsOn(statements, '<Kork-Data-CellarSnapshotsBucketArn>/cellar-snapshots/*'), key).toEqual([
        's3:DeleteObject',
        's3:GetObject',
        's3:PutObject',
      ]);
      // Nothing else of the bucket's objects, and no other bucket's.
      expect(actionsOn(statements, '<Kork-Data-CellarSnapshotsBucketArn>/*'), key).toEqual([]);
      expect(JSON.stringify(statements), key).not.toMatch(/MediaBucket|ImportsBucket/);
    }
  });

  it('gives a function without table access neither the grant nor the variable', () => {
    const { env, statements } = functionOf('POST /api/imports');
    expect(env).not.toHaveProperty('CELLAR_SNAPSHOTS_BUCKET');
    expect(env).not.toHaveProperty('TABLE_NAME');
    expect(JSON.stringify(statements)).not.toContain('CellarSnapshotsBucket');
  });

  it('leaves no unacknowledged AwsSolutions error in the data and route stacks', () => {
    for (const stack of [stacks.data, stacks.routes.cellar as NonNullable<KorkStacks['routes']['cellar']>]) {
      expect(
        nagFindings(stack).filter((f) => f.severity === 'error'),
        stack.stackName,
      ).toEqual([]);
    }
  });
});
