import { type RouteDef, routeId } from '@kork/functions/routes';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import { nagFindings, propertiesOf, stubAssets, testApp } from './support';

// Routes of the shape the manifest will grow into: path parameters, several groups, every kind of need.
const manifest: Record<string, RouteDef> = {
  'GET /api/users/{id}': {
    handler: 'users/get-user',
    auth: 'user',
    needs: ['table:read'],
    group: 'accounts',
  },
  'POST /api/users/{id}/images': {
    handler: 'users/upload-image',
    auth: 'user',
    needs: ['table:write', 'media:write'],
    group: 'accounts',
    memoryMb: 1024,
    timeoutSeconds: 20,
  },
  'DELETE /api/wine-cellars/users/{id}/cellars/{cellarId}/images': {
    handler: 'cellar/delete-cellar-image',
    auth: 'business',
    needs: ['table:write', 'media:read', 'media:write'],
    group: 'cellar',
  },
  'POST /api/imports': {
    handler: 'imports/create-import',
    auth: 'business',
    needs: ['imports:read', 'imports:write'],
    group: 'cellar',
  },
  'POST /api/orders': {
    handler: 'orders/place-order',
    auth: 'business',
    needs: ['table:write', 'supplier-orders:send', 'mail:send'],
    group: 'marketplace',
  },
};

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** The actions of the statements that name the media bucket. */
const mediaActions = (statements: Statement[]) =>
  statements
    .filter((s) => JSON.stringify(s.Resource).includes('MediaBucket'))
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

describe('routes from the manifest', () => {
  let stacks: KorkStacks;

  beforeAll(() => {
    const app = testApp();
    stacks = createKorkApp(app, {
      assets: stubAssets(Object.keys(manifest).map(routeId)),
      routes: manifest,
    });
    app.synth();
  });

  const lambdaOf = (key: string) => {
    const def = manifest[key] as RouteDef;
    const fn = stacks.routes[def.group]?.functions[routeId(key)];
    if (!fn) throw new Error(`no function for ${key}`);
    const props = propertiesOf(fn.function);
    const policy = fn.function.role?.node.tryFindChild('DefaultPolicy');
    const document = (policy ? propertiesOf(policy) : {}) as { PolicyDocument?: { Statement: Statement[] } };
    return {
      props,
      env: (props.Environment as { Variables: Record<string, unknown> }).Variables,
      policy: JSON.stringify(document),
      statements: document.PolicyDocument?.Statement ?? [],
    };
  };

  it('puts each group in a stack of its own and each key, path parameters and all, on a route', () => {
    expect(Object.keys(stacks.routes).sort()).toEqual(['accounts', 'cellar', 'marketplace']);
    for (const [key, def] of Object.entries(manifest)) {
      Template.fromStack(
        stacks.routes[def.group] as NonNullable<KorkStacks['routes']['cellar']>,
      ).hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key });
    }
  });

  it('takes memory and timeout from the manifest', () => {
    expect(lambdaOf('POST /api/users/{id}/images').props).toMatchObject({ MemorySize: 1024, Timeout: 20 });
  });

  it('grants reads of the table without writes to a reading route', () => {
    const { env, policy } = lambdaOf('GET /api/users/{id}');
    expect(env).toHaveProperty('TABLE_NAME');
    expect(env).not.toHaveProperty('MEDIA_BUCKET');
    expect(policy).toContain('dynamodb:Query');
    expect(policy).not.toContain('dynamodb:PutItem');
    // Of S3, only the cellar snapshots (cellar-snapshots.test.ts), no media and no imports.
    expect(policy).not.toMatch(/MediaBucket|ImportsBucket/);
  });

  it('grants object writes to the media bucket only to routes that write media', () => {
    const upload = lambdaOf('POST /api/users/{id}/images');
    expect(upload.env).toHaveProperty('MEDIA_BUCKET');
    expect(upload.policy).toContain('s3:PutObject');
    expect(upload.policy).toContain('Kork-Data-MediaBucketArn');
    expect(mediaActions(upload.statements)).not.toContain('s3:GetObject');
    expect(upload.policy).not.toContain('ImportsBucket');
  });

  it('grants the imports bucket to import routes, under IMPORTS_BUCKET', () => {
    const { env, policy } = lambdaOf('POST /api/imports');
    expect(env).toHaveProperty('IMPORTS_BUCKET');
    expect(env).not.toHaveProperty('TABLE_NAME');
    expect(policy).toContain('Kork-Data-ImportsBucketArn');
    expect(policy).toContain('s3:GetObject');
    expect(policy).toContain('s3:PutObject');
  });

  it('lets the ordering route send to the supplier-orders queue and mail through the identity', () => {
    const { env, policy } = lambdaOf('POST /api/orders');
    expect(env).toMatchObject({
      SUPPLIER_ORDERS_QUEUE_URL: expect.anything(),
      MAIL_FROM: 'no-reply@kork.example',
    });
    expect(policy).toContain('sqs:SendMessage');
    expect(policy).toContain('ses:SendEmail');
  });

  it('leaves no unacknowledged AwsSolutions error in the route stacks', () => {
    for (const stack of Object.values(stacks.routes)) {
      expect(nagFindings(stack as NonNullable<typeof stack>).filter((f) => f.severity === 'error')).toEqual(
        [],
      );
    }
  });
});
