import { runInNewContext } from 'node:vm';
import { type RouteDef, routeId, STREAM_AUTHORIZATION_HEADER } from '@kork/functions/routes';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { pathPatternOf } from '../lib/api-routes-stack';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import { MOVE_AUTHORIZATION } from '../lib/streaming-origin';
import { nagFindings, propertiesOf, resourceCount, stubAssets, testApp } from './support';

const ASK = 'POST /api/assistant/conversations/{conversationId}/messages';
const LIST = 'GET /api/assistant/conversations';

// The assistant's routes as the manifest has them, and a route of another group beside them.
const manifest: Record<string, RouteDef> = {
  [LIST]: {
    handler: 'assistant/conversations/list-conversations',
    auth: 'user',
    needs: ['table:read'],
    group: 'assistant',
    clientKey: 'ai',
  },
  [ASK]: {
    handler: 'assistant/ask/ask-question',
    auth: 'user',
    needs: ['table:write', 'assistant:invoke'],
    group: 'assistant',
    stream: true,
    clientKey: 'ai',
    timeoutSeconds: 60,
  },
  'GET /api/users/{id}': {
    handler: 'users/get-user',
    auth: 'user',
    needs: ['table:read'],
    group: 'accounts',
  },
};

interface Behavior {
  PathPattern: string;
  TargetOriginId: string;
  AllowedMethods: string[];
  CachePolicyId: string;
  OriginRequestPolicyId: string;
  ResponseHeadersPolicyId?: unknown;
  Compress: boolean;
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string }[];
}

describe('a streamed route in the cloud', () => {
  let stacks: KorkStacks;
  let assistant: Stack;

  beforeAll(() => {
    const app = testApp();
    stacks = createKorkApp(app, { assets: stubAssets(Object.keys(manifest).map(routeId)), routes: manifest });
    app.synth();
    assistant = stacks.routes.assistant as Stack;
  });

  const functionOf = (key: string) => {
    const def = manifest[key] as RouteDef;
    const fn = stacks.routes[def.group]?.functions[routeId(key)];
    if (!fn) throw new Error(`no function for ${key}`);
    const policy = fn.function.role?.node.tryFindChild('DefaultPolicy');
    return { props: propertiesOf(fn.function), policy: JSON.stringify(policy ? propertiesOf(policy) : {}) };
  };

  const distributionConfig = () => {
    const [distribution] = Object.values(
      Template.fromStack(stacks.web).findResources('AWS::CloudFront::Distribution'),
    );
    return distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Behavior[];
      Origins: {
        Id: string;
        OriginAccessControlId?: unknown;
        DomainName: unknown;
        CustomOriginConfig?: Record<string, unknown>;
      }[];
    };
  };

  it('deploys the assistant group in its own stack, Kork-Routes-Assistant', () => {
    expect(assistant.stackName).toBe('Kork-Routes-Assistant');
    expect(Object.keys(stacks.routes.assistant?.functions ?? {}).sort()).toEqual(
      [routeId(LIST), routeId(ASK)].sort(),
    );
  });

  it('gives the streamed function a URL only CloudFront may call, in RESPONSE_STREAM mode, and no API Gateway route', () => {
    const t = Template.fromStack(assistant);
    t.resourceCountIs('AWS::Lambda::Url', 1);
    t.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM', InvokeMode: 'RESPONSE_STREAM' });
    const routeKeys = Object.values(t.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey,
    );
    expect(routeKeys).toEqual([LIST]);
  });

  it('gives the streamed answer a minute, and every API function the AI keys to take or refuse', () => {
    expect(functionOf(ASK).props).toMatchObject({ Timeout: 60 });
    for (const key of Object.keys(manifest)) {
      const env = (functionOf(key).props.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(env).toMatchObject({ API_KEYS: 'kork-web', AI_API_KEYS: 'kork-ai' });
    }
  });

  it("sends exactly the streamed route's path to its function URL through an origin access control, ahead of /api/*", () => {
    const config = distributionConfig();
    const paths = config.CacheBehaviors.map((b) => b.PathPattern);
    const pattern = '/api/assistant/conversations/*/messages';
    expect(pathPatternOf('/api/assistant/conversations/{conversationId}/messages')).toBe(pattern);
    expect(paths.indexOf(pattern)).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf(pattern)).toBeLessThan(paths.indexOf('/api/*'));
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pattern) as Behavior;
    expect(behavior).toMatchObject({
      AllowedMethods: expect.arrayContaining(['POST', 'GET']),
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      Compress: false,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(behavior.AllowedMethods).toHaveLength(7);
    expect(behavior.ResponseHeadersPolicyId).toBeDefined();
    expect(behavior.FunctionAssociations?.map((f) => f.EventType)).toEqual(['viewer-request']);
    const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId);
    expect(origin?.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(origin?.DomainName)).toContain('Kork-Routes-Assistant');
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginReadTimeout: 60 });
    // CloudFront, for this distribution only, may call the URL.
    Template.fromStack(stacks.web).hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunctionUrl',
      Principal: 'cloudfront.amazonaws.com',
      SourceArn: Match.anyValue(),
    });
  });

  it('wires the URL into the distribution without a cycle: the web stack depends on the assistant stack, not back', () => {
    expect(stacks.web.dependencies).toContain(assistant);
    expect(assistant.dependencies).not.toContain(stacks.web);
    expect(assistant.dependencies).not.toContain(stacks.async);
  });

  it("moves the caller's Authorization beside the origin access control's signature at the edge", () => {
    const run = (headers: Record<string, { value: string }>) =>
      runInNewContext(`${MOVE_AUTHORIZATION}; handler({ request: { headers } })`, { headers }) as {
        headers: Record<string, { value: string }>;
      };
    expect(run({ authorization: { value: 'Bearer t0k' } }).headers).toEqual({
      [STREAM_AUTHORIZATION_HEADER]: { value: 'Bearer t0k' },
    });
    // A caller cannot smuggle a second token past its own (or send one without any).
    expect(run({ [STREAM_AUTHORIZATION_HEADER]: { value: 'Bearer other' } }).headers).toEqual({});
  });

  it('grants Bedrock to the assistant function only: the inference profile and its model in EU regions', () => {
    const { policy, props } = functionOf(ASK);
    expect(policy).toContain('bedrock:InvokeModelWithResponseStream');
    expect(policy).toContain('bedrock:InvokeModel"');
    expect(policy).toMatch(/bedrock:eu-\*::foundation-model\/anthropic\.claude-haiku/);
    expect(policy).toMatch(/inference-profile\/eu\.anthropic\.claude-haiku/);
    expect(policy).not.toContain('bedrock:ApplyGuardrail');
    expect((props.Environment as { Variables: Record<string, unknown> }).Variables).toHaveProperty(
      'ASSISTANT_MODEL_ID',
    );
    for (const key of [LIST, 'GET /api/users/{id}']) expect(functionOf(key).policy).not.toContain('bedrock:');
    for (const stack of [stacks.web, stacks.async, stacks.api, stacks.data]) {
      expect(JSON.stringify(Template.fromStack(stack).toJSON())).not.toContain(
        'InvokeModelWithResponseStream',
      );
    }
  });

  it('keeps every stack under 450 resources and leaves no unacknowledged AwsSolutions error', () => {
    for (const stack of [assistant, stacks.web, stacks.routes.accounts as Stack]) {
      expect(resourceCount(stack)).toBeLessThan(450);
      expect(nagFindings(stack).filter((f) => f.severity === 'error')).toEqual([]);
    }
  });
});

describe('a streamed route with a guardrail configured', () => {
  it('may apply that guardrail, and is told which one', () => {
    const app = testApp({ context: { assistantGuardrailId: 'gr-kork1', assistantGuardrailVersion: '3' } });
    const stacks = createKorkApp(app, {
      assets: stubAssets(Object.keys(manifest).map(routeId)),
      routes: manifest,
    });
    const fn = stacks.routes.assistant?.functions[routeId(ASK)];
    if (!fn) throw new Error('no assistant function');
    const policy = JSON.stringify(
      propertiesOf(fn.function.role?.node.tryFindChild('DefaultPolicy') as never),
    );
    expect(policy).toContain('bedrock:ApplyGuardrail');
    expect(policy).toContain(':guardrail/gr-kork1');
    expect(
      (propertiesOf(fn.function).Environment as { Variables: Record<string, unknown> }).Variables,
    ).toMatchObject({
      ASSISTANT_GUARDRAIL_ID: 'gr-kork1',
      ASSISTANT_GUARDRAIL_VERSION: '3',
    });
  });

  it('refuses a route that lies under a streamed path, since CloudFront would send it to the stream', () => {
    const app = testApp();
    const clash: Record<string, RouteDef> = {
      ...manifest,
      'GET /api/assistant/conversations/{conversationId}/messages': {
        handler: 'assistant/list-messages',
        auth: 'user',
        needs: [],
        group: 'assistant',
      },
    };
    expect(() =>
      createKorkApp(app, { assets: stubAssets(Object.keys(clash).map(routeId)), routes: clash }),
    ).toThrow(/lies under the streamed route/);
  });
});
