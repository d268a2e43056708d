/**
 * CloudFront in front of a streamed route's function URL (ApiRoutesStack, `stream: true`): uncached, every
 * method, every viewer header but Host, uncompressed, signed by an origin access control.
 *
 * The origin access control signs each request to the URL in `Authorization`, overwriting whatever the
 * caller sent there; the caller's own header (the product's bearer token) is moved to
 * `STREAM_AUTHORIZATION_HEADER` at the edge first, and the function reads it from there
 * (functions/src/platform/http-stream.ts). Lambda takes no unsigned payload: a POST must carry
 * `x-amz-content-sha256`, the hex SHA-256 of its body (docs/infrastructure.md).
 */
import { STREAM_AUTHORIZATION_HEADER } from '@kork/functions/routes';
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Construct } from 'constructs';
import type { StreamingRoute } from './api-routes-stack';

/** How long CloudFront waits for the first byte and between two pieces of a streamed answer. */
export const STREAM_ORIGIN_READ_TIMEOUT_SECONDS = 60;

export const MOVE_AUTHORIZATION = `function handler(event) {
  var request = event.request;
  var caller = request.headers.authorization;
  delete request.headers['${STREAM_AUTHORIZATION_HEADER}'];
  if (caller) {
    request.headers['${STREAM_AUTHORIZATION_HEADER}'] = { value: caller.value };
    delete request.headers.authorization;
  }
  return request;
}`;

/** The behaviors of the streamed routes, keyed by path pattern, for the distribution's additionalBehaviors. */
export function streamingBehaviors(
  scope: Construct,
  routes: readonly StreamingRoute[],
  responseHeadersPolicy: cloudfront.IResponseHeadersPolicy,
): Record<string, cloudfront.BehaviorOptions> {
  if (routes.length === 0) return {};
  const moveAuthorization = new cloudfront.Function(scope, 'StreamAuthorization', {
    comment: "Streamed routes: the caller's Authorization travels beside the origin access control's",
    code: cloudfront.FunctionCode.fromInline(MOVE_AUTHORIZATION),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  });
  const behaviors: Record<string, cloudfront.BehaviorOptions> = {};
  for (const route of routes) {
    behaviors[route.pathPattern] = {
      origin: origins.FunctionUrlOrigin.withOriginAccessControl(route.url, {
        readTimeout: Duration.seconds(STREAM_ORIGIN_READ_TIMEOUT_SECONDS),
      }),
      // A redirect would turn a POST into a GET; API clients must use HTTPS.
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      // Each line goes on as it comes; nothing is held back to be compressed.
      compress: false,
      responseHeadersPolicy,
      functionAssociations: [
        { eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: moveAuthorization },
      ],
    };
  }
  return behaviors;
}
