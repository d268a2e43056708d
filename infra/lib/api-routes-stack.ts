/**
 * The routes of one manifest group: a Lambda per route and its HTTP API route. The API itself lives in
 * ApiStack; this stack only refers to it, so the reference runs one way.
 *
 * A streamed route (`stream: true`) gets no HTTP API route (API Gateway buffers an answer and cuts it at
 * 29 s): its function has a URL in RESPONSE_STREAM mode that only CloudFront may call (AWS_IAM, signed by
 * the distribution's origin access control), and the web stack sends exactly that path to it.
 */
import { type RouteDef, type RouteGroup, routeId } from '@kork/functions/routes';
import { Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { KorkConfig } from './config';
import { assetFor, type FunctionResources, KorkFunction } from './kork-function';

export interface ApiRoutesStackProps extends StackProps {
  group: RouteGroup;
  /** This group's entries of the manifest, keyed `METHOD /path`. */
  routes: Record<string, RouteDef>;
  api: apigw.IHttpApi;
  assets: Record<string, string>;
  resources: FunctionResources;
}

/** A streamed route as the distribution needs it: the path it answers and the URL of its function. */
export interface StreamingRoute {
  key: string;
  /** CloudFront's path pattern: the route's path with each `{param}` as `*`. */
  pathPattern: string;
  url: lambda.IFunctionUrl;
}

export class ApiRoutesStack extends Stack {
  readonly functions: Record<string, KorkFunction> = {};
  readonly streamingRoutes: StreamingRoute[] = [];

  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, props);

    for (const [key, def] of Object.entries(props.routes)) {
      const [method, path] = parseRouteKey(key);
      const fnId = routeId(key);
      const fn = new KorkFunction(this, fnId, {
        def,
        assetDir: assetFor(props.assets, fnId),
        trigger: 'api',
        resources: props.resources,
      });
      for (const [name, value] of Object.entries(groupEnvironment(props.group, props.resources.config))) {
        fn.function.addEnvironment(name, value);
      }
      this.functions[fnId] = fn;
      if (def.stream) {
        const url = fn.function.addFunctionUrl({
          authType: lambda.FunctionUrlAuthType.AWS_IAM,
          invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
        });
        this.streamingRoutes.push({ key, pathPattern: pathPatternOf(path), url });
        continue;
      }
      const route = new apigw.HttpRoute(this, `${fnId}-route`, {
        httpApi: props.api,
        routeKey: apigw.HttpRouteKey.with(path, method),
        integration: new HttpLambdaIntegration(`${fnId}-integration`, fn.function),
      });
      Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason: AUTHORIZED_IN_FUNCTION });
      Validations.of(route).acknowledge({ id: 'AwsSolutions-COG4', reason: AUTHORIZED_IN_FUNCTION });
    }
  }
}

/**
 * Settings every route of one group reads: the billing routes' payment links, plan price ids and contact
 * address (functions/src/adapters/payments.ts), each only when configured (none = "contact us").
 */
export function groupEnvironment(group: RouteGroup, config: KorkConfig): Record<string, string> {
  if (group !== 'billing') return {};
  const settings = {
    PAYMENTS_CHECKOUT_URL_PLUS: config.paymentsCheckoutUrlPlus,
    PAYMENTS_CHECKOUT_URL_PRO: config.paymentsCheckoutUrlPro,
    PAYMENTS_PORTAL_URL: config.paymentsPortalUrl,
    PAYMENTS_PRICE_PLUS: config.paymentsPricePlus,
    PAYMENTS_PRICE_PRO: config.paymentsPricePro,
    PAYMENTS_CONTACT_EMAIL: config.paymentsContactEmail,
  };
  return Object.fromEntries(
    Object.entries(settings).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const AUTHORIZED_IN_FUNCTION =
  "Authorization happens in the function (D8, docs/architecture.md): every route checks the client key, and user, business and admin routes verify the product's own JWT; Cognito is not used because the spec defines its own token API.";

/** `/api/assistant/conversations/{conversationId}/messages` → `/api/assistant/conversations/*\/messages`. */
export function pathPatternOf(path: string): string {
  return path.replace(/\{\w+\+?\}/g, '*');
}

const METHODS = new Set<string>(Object.values(apigw.HttpMethod));

function parseRouteKey(key: string): [apigw.HttpMethod, string] {
  const [method, path, ...rest] = key.split(' ');
  if (!method || !path || rest.length > 0 || !METHODS.has(method) || !path.startsWith('/')) {
    throw new Error(`Route key "${key}" is not "METHOD /path"`);
  }
  return [method as apigw.HttpMethod, path];
}
