import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signedTransport } from './signed-transport';

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
const region = 'eu-north-1';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | undefined;

async function serve(answer: (req: Received, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () =>
      answer(
        {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        },
        res,
      ),
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The signature AWS would compute for what the server received (SigV4, written out here on its own). */
function expectedSignature(req: Received, date: string, scope: string, signedHeaders: string[]): string {
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${String(req.headers[name]).trim()}\n`)
    .join('');
  const canonical = [
    req.method,
    req.url.split('?')[0],
    '',
    canonicalHeaders,
    signedHeaders.join(';'),
    req.headers['x-amz-content-sha256'],
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonical)].join('\n');
  const [day, scopeRegion, service] = scope.split('/') as [string, string, string];
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), scopeRegion), service),
    'aws4_request',
  );
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('the signed OpenSearch transport', () => {
  it('signs each request for aoss in the region, with the body hash, and answers the parsed JSON', async () => {
    const received: Received[] = [];
    const endpoint = await serve((req, res) => {
      received.push(req);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"hits":{"total":{"value":3}}}');
    });
    const transport = signedTransport({ endpoint, region, credentials });
    const body = { query: { match: { name: 'Riesling Kabinett' } }, size: 2 };

    const answer = await transport.request('POST', '/catalog-wines/_search', body);

    expect(answer).toEqual({ hits: { total: { value: 3 } } });
    const [req] = received as [Received];
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/catalog-wines/_search');
    expect(JSON.parse(req.body)).toEqual(body);
    // Serverless checks the payload's hash: the real one, not UNSIGNED-PAYLOAD.
    expect(req.headers['x-amz-content-sha256']).toBe(sha256(req.body));
    const auth = String(req.headers.authorization);
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
    expect(match, auth).not.toBeNull();
    const [, credential, signedHeaders, signature] = match as unknown as [string, string, string, string];
    const date = String(req.headers['x-amz-date']);
    expect(credential).toBe(`AKIDEXAMPLE/${date.slice(0, 8)}/eu-north-1/aoss/aws4_request`);
    const signed = signedHeaders.split(';');
    expect(signed).toEqual(
      expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date', 'content-type']),
    );
    // The host the server was reached at is the host signed, and the signature checks out.
    expect(req.headers.host).toBe(new URL(endpoint).host);
    expect(signature).toBe(expectedSignature(req, date, credential.split('/').slice(1).join('/'), signed));
  });

  it('gives up after its time limit with an error that says so', async () => {
    const endpoint = await serve(() => {
      // Never answers.
    });
    const transport = signedTransport({ endpoint, region, credentials, timeoutMs: 150 });
    const started = Date.now();
    await expect(transport.request('POST', '/catalog-wines/_search', {})).rejects.toThrow(
      'OpenSearch POST /catalog-wines/_search: no answer in 150 ms',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses an answer that is not 2xx, naming the status and the reason', async () => {
    const endpoint = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"status":403,"message":"Forbidden"}');
    });
    const transport = signedTransport({ endpoint, region, credentials });
    await expect(transport.request('POST', '/catalog-wines/_search', {})).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('answered 403: {"status":403,"message":"Forbidden"}'),
    });
  });

  it('needs a region to sign for', () => {
    const saved = process.env.AWS_REGION;
    delete process.env.AWS_REGION;
    try {
      expect(() => signedTransport({ endpoint: 'https://abc.aoss.amazonaws.com', credentials })).toThrow(
        /AWS_REGION/,
      );
    } finally {
      if (saved !== undefined) process.env.AWS_REGION = saved;
    }
  });
});
