/**
 * The guest's wine list page at the edge: `/l/{listId}` (the QR code's address) goes to the page's route
 * on the HTTP API (`GET /api/wine-lists/{listId}/page`, functions/src/wine-lists/get-wine-list-page.ts)
 * and is cached as the page's `Cache-Control` says (`s-maxage`, LIST_PAGE_CACHE in list-page-cdn.ts).
 *
 * A viewer-request function rewrites the path to the route's and reduces `Accept-Language` to the one
 * language the page is written in (`nb` or `en`, as the handler picks it), so the cache holds at most two
 * copies per list plus the `?lang=` ones, not one per browser's language header. The cache key is the
 * rewritten path, the language and `lang`: no cookies, no other query, no Authorization (none of them is
 * forwarded either). When a list changes its functions invalidate both paths (list-page-cdn.ts).
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

export const LIST_PAGE_PATH_PATTERN = '/l/*';

/**
 * `/l/{listId}` (a trailing slash allowed, as the local origin takes it) → the page's API route; any
 * other path under `/l/` is answered 404 at the edge. Mirrors `localeFromAcceptLanguage` (@kork/shared).
 */
export const LIST_PAGE_REWRITE = `function handler(event) {
  var request = event.request;
  var match = /^\\/l\\/([\\w-]+)\\/?$/.exec(request.uri);
  if (!match) return { statusCode: 404, statusDescription: 'Not Found' };
  request.uri = '/api/wine-lists/' + match[1] + '/page';
  var header = request.headers['accept-language'];
  var first = header ? header.value.split(',')[0].trim().toLowerCase() : '';
  request.headers['accept-language'] = { value: /^(nb|no|nn)\\b/.test(first) ? 'nb' : 'en' };
  return request;
}`;

/** The `/l/*` behaviour: the API's origin, cached per list and language, compressed at the edge. */
export function listPageBehavior(
  scope: Construct,
  apiOrigin: cloudfront.IOrigin,
  responseHeadersPolicy: cloudfront.IResponseHeadersPolicy,
): cloudfront.BehaviorOptions {
  const cachePolicy = new cloudfront.CachePolicy(scope, 'ListPageCache', {
    comment: "Kork /l: per list and language, for as long as the page's s-maxage says",
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('lang'),
    headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Accept-Language'),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    // The origin's Cache-Control decides; an answer without one (an API Gateway error) is not kept.
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.hours(1),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const rewrite = new cloudfront.Function(scope, 'ListPageRewrite', {
    comment: "The guest's list page: /l/{listId} to its API route, one language per copy",
    code: cloudfront.FunctionCode.fromInline(LIST_PAGE_REWRITE),
    runtime: cloudfront.FunctionRuntime.JS_2_0,
  });
  return {
    origin: apiOrigin,
    // Guests type or scan the address; plain HTTP is sent on to HTTPS.
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
    cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
    cachePolicy,
    compress: true,
    responseHeadersPolicy,
    functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: rewrite }],
  };
}
