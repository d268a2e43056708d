import { localeFromAcceptLanguage } from '@kork/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { env } from '../platform/env';
import { toHttpError } from '../platform/errors';
import { createLogger } from '../platform/logger';
import { resizeImage, resolveImage, resolveWidth } from './image-service';

/** `GET /img?url=…&w=…` (or `?w=…&style=…` for a wine without an image), called through a function URL behind CloudFront (locally, by the runner). */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = event.requestContext?.requestId ?? crypto.randomUUID();
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  try {
    const query = event.queryStringParameters ?? {};
    const width = resolveWidth(query.w);
    const source = resolveImage(query, env.imageHosts());
    const image = await resizeImage(source, width, headers.accept);
    return {
      statusCode: 200,
      headers: {
        'content-type': image.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'Accept',
        'x-request-id': requestId,
      },
      isBase64Encoded: true,
      body: image.body.toString('base64'),
    };
  } catch (error) {
    const { status, body } = toHttpError(error, localeFromAcceptLanguage(headers['accept-language']));
    if (status >= 500) createLogger({ requestId }).error('image failed', { error });
    return {
      statusCode: status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': requestId,
        'cache-control': 'no-store',
      },
      body: JSON.stringify(body),
    };
  }
}
