import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { httpRoute } from './http';
import { multipartBody, type UploadedFile } from './multipart';

async function multipartEvent(form: FormData): Promise<APIGatewayProxyEventV2> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return {
    version: '2.0',
    routeKey: 'GET /api/config',
    rawPath: '/api/config',
    rawQueryString: '',
    headers: { 'x-api-key': 'k', 'content-type': request.headers.get('content-type') ?? '' },
    requestContext: { requestId: 'r' } as APIGatewayProxyEventV2['requestContext'],
    body: body.toString('base64'),
    isBase64Encoded: true,
  };
}

async function call(handler: ReturnType<typeof httpRoute>, event: APIGatewayProxyEventV2) {
  const result = (await handler(event, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') };
}

describe('multipart uploads', () => {
  beforeEach(() => {
    process.env.API_KEYS = 'k';
    resetEnvCache();
  });

  it('hands the route its fields and files', async () => {
    const upload = httpRoute('GET /api/config', { multipart: multipartBody() }, async (req) => {
      const body = req.body as unknown as { firstName: string; profileImage: UploadedFile };
      return {
        payload: {
          firstName: body.firstName,
          file: body.profileImage.filename,
          bytes: body.profileImage.content.length,
        },
      };
    });
    const form = new FormData();
    form.set('firstName', 'Kari');
    form.set('profileImage', new Blob([new Uint8Array(1234)], { type: 'image/png' }), 'me.png');
    const result = await call(upload, await multipartEvent(form));
    expect(result).toEqual({
      status: 200,
      body: { payload: { firstName: 'Kari', file: 'me.png', bytes: 1234 } },
    });
  });

  it('refuses a file over the limit with 413', async () => {
    const upload = httpRoute(
      'GET /api/config',
      { multipart: multipartBody({ maxFileBytes: 100 }) },
      async () => ({}),
    );
    const form = new FormData();
    form.set('profileImage', new Blob([new Uint8Array(101)], { type: 'image/png' }), 'big.png');
    expect((await call(upload, await multipartEvent(form))).status).toBe(413);
  });

  it('answers 415 on a route that takes no multipart body', async () => {
    const json = httpRoute('GET /api/config', {}, async () => ({}));
    const form = new FormData();
    form.set('a', 'b');
    const result = await call(json, await multipartEvent(form));
    expect(result.status).toBe(415);
  });
});
