import { LIMITS, type MessageKey, message } from '@kork/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from './env';
import { httpRoute } from './http';
import { multipartBody, type UploadedFile } from './multipart';

function rawEvent(contentType: string, body: Buffer): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /api/config',
    rawPath: '/api/config',
    rawQueryString: '',
    headers: { 'x-api-key': 'k', 'content-type': contentType },
    requestContext: { requestId: 'r' } as APIGatewayProxyEventV2['requestContext'],
    body: body.toString('base64'),
    isBase64Encoded: true,
  };
}

async function multipartEvent(form: FormData): Promise<APIGatewayProxyEventV2> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return rawEvent(request.headers.get('content-type') ?? '', body);
}

const BOUNDARY = 'kork-test-boundary';
const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** One part of a hand-written multipart body (a browser's FormData cannot send most of these). */
function part(name: string | undefined, value: string, filename?: string): string {
  const disposition = `form-data${name === undefined ? '' : `; name="${name}"`}`;
  const file = filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: image/jpeg`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}${file}\r\n\r\n${value}\r\n`;
}
const END = `--${BOUNDARY}--\r\n`;

const echoForm = httpRoute('GET /api/config', { multipart: multipartBody() }, async (req) => {
  const body = req.body as unknown as Record<string, unknown>;
  return { payload: { keys: Object.keys(body), prototype: Object.getPrototypeOf(body) === null, body } };
});

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

  it('collects `name[]` parts into a list, in a prototype-less object', async () => {
    const body = part('name', 'Kari') + part('tags[]', 'red') + part('tags[]', 'white') + END;
    const result = await call(echoForm, rawEvent(FORM_TYPE, Buffer.from(body)));
    expect(result.status).toBe(200);
    expect(result.body.payload).toEqual({
      keys: ['name', 'tags'],
      prototype: true,
      body: { name: 'Kari', tags: ['red', 'white'] },
    });
  });

  it.each([
    ['__proto__[]', part('__proto__[]', 'x') + END, 'fieldNameNotAllowed'],
    ['__proto__', part('__proto__', 'x') + END, 'fieldNameNotAllowed'],
    ['constructor[]', part('constructor[]', 'x') + END, 'fieldNameNotAllowed'],
    ['prototype', part('prototype', 'x') + END, 'fieldNameNotAllowed'],
    ['a file named constructor', part('constructor', 'x', 'a.jpg') + END, 'fieldNameNotAllowed'],
    ['a then a[]', part('a', '1') + part('a[]', '2') + END, 'fieldRepeated'],
    ['a[] then a', part('a[]', '1') + part('a', '2') + END, 'fieldRepeated'],
    ['a twice', part('a', '1') + part('a', '2') + END, 'fieldRepeated'],
    ['a nameless part', part(undefined, '1') + END, 'fieldNameNotAllowed'],
    ['a nested name', part('a[b]', '1') + END, 'fieldNameNotAllowed'],
  ])('refuses %s with 400 and says which field', async (_case, body, reason) => {
    const result = await call(echoForm, rawEvent(FORM_TYPE, Buffer.from(body)));
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('MALFORMED_BODY');
    expect(Object.values(result.body.error.fields ?? {})).toEqual([message(reason as MessageKey, 'en')]);
  });

  it.each([
    ['no boundary', 'multipart/form-data', part('a', '1') + END],
    ['another boundary', 'multipart/form-data; boundary=other', part('a', '1') + END],
    ['a truncated file', FORM_TYPE, part('a', '1') + part('f', 'x'.repeat(100), 'a.jpg').slice(0, 150)],
    ['a truncated field', FORM_TYPE, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nab`],
    ['binary garbage', FORM_TYPE, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
  ])('refuses a body with %s with 400', async (_case, type, body) => {
    const result = await call(echoForm, rawEvent(type, Buffer.isBuffer(body) ? body : Buffer.from(body)));
    expect(result).toEqual({
      status: 400,
      body: { error: { code: 'MALFORMED_BODY', message: 'The form data could not be read' } },
    });
  });

  it('refuses too many parts and a text field over its limit with 400', async () => {
    const many = Array.from({ length: LIMITS.multipartMaxParts + 1 }, (_, i) => part(`f${i}`, 'x')).join('');
    const tooMany = await call(echoForm, rawEvent(FORM_TYPE, Buffer.from(many + END)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('The form has too many fields or files');
    const long = part('description', 'x'.repeat(LIMITS.multipartMaxFieldBytes + 1)) + END;
    const tooLong = await call(echoForm, rawEvent(FORM_TYPE, Buffer.from(long)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toEqual({
      description: 'At most 65,536 characters',
    });
  });

  it('answers 415 on a route that takes no multipart body', async () => {
    const json = httpRoute('GET /api/config', {}, async () => ({}));
    const form = new FormData();
    form.set('a', 'b');
    const result = await call(json, await multipartEvent(form));
    expect(result.status).toBe(415);
  });
});
