import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../platform/env';
import { httpRoute } from '../../platform/http';

// The HTTP contract's file answer, as the PDF route uses it (a public route, so no session is needed).
const route = httpRoute('GET /api/health', {}, async () => ({
  file: { bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80]), contentType: 'application/pdf' },
  headers: { 'content-disposition': 'attachment; filename="vinkart.pdf"' },
}));

const event = {
  version: '2.0',
  routeKey: 'GET /api/health',
  rawPath: '/api/health',
  rawQueryString: '',
  headers: { 'x-api-key': 'web-key' },
  requestContext: { requestId: 'req-1', http: { method: 'GET' } },
  isBase64Encoded: false,
} as unknown as APIGatewayProxyEventV2;

describe('a route answering a file', () => {
  beforeEach(() => {
    process.env.API_KEYS = 'web-key';
    resetEnvCache();
  });
  afterEach(() => {
    delete process.env.API_KEYS;
  });

  it('sends the bytes base64-encoded with their own type, not the JSON envelope', async () => {
    const result = (await route(event, {
      awsRequestId: 'aws-1',
    } as Context)) as APIGatewayProxyStructuredResultV2;
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect([...Buffer.from(result.body ?? '', 'base64')]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80]);
    expect(result.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="vinkart.pdf"',
      'x-request-id': 'req-1',
      'cache-control': 'no-store',
    });
  });
});
