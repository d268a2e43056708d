/**
 * The OpenSearch adapter's cloud transport: each request to the OpenSearch Serverless collection
 * signed with SigV4 for the `aoss` service, in the function's region (`AWS_REGION`) with the
 * function's own credentials (the SDK's default provider chain; in the Lambda bundle, the role's
 * credentials from the environment). The body's SHA-256 goes in `x-amz-content-sha256`, which
 * Serverless requires and checks.
 *
 * A request has its own time limit (`timeoutMs`, 4 s by default): the feed's search sends two at once
 * at most, and its whole answer must be well inside the client's 10 s (SPEC §9). An answer that is
 * not 2xx is an error naming the status and the start of OpenSearch's reason.
 *
 * Loaded only when the catalogue searches in OpenSearch (catalog-search-port.ts imports it lazily), so
 * the in-memory index's cold start does not load the signer.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { OpenSearchTransport } from './opensearch-adapter';

type SignerInit = ConstructorParameters<typeof SignatureV4>[0];

/** SHA-256 and HMAC-SHA-256 from node:crypto, in the shape the signer asks for. */
class NodeSha256 {
  private readonly secret: Uint8Array | undefined;
  private hash: Hash | Hmac;

  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.secret = secret === undefined ? undefined : bytes(secret);
    this.hash = this.fresh();
  }

  private fresh(): Hash | Hmac {
    return this.secret ? createHmac('sha256', this.secret) : createHash('sha256');
  }

  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }

  reset(): void {
    this.hash = this.fresh();
  }
}

function bytes(data: string | ArrayBuffer | ArrayBufferView): Uint8Array {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** The time a request to the collection may take (SPEC §9: the client gives the whole answer 10 s). */
export const OPENSEARCH_TIMEOUT_MS = 4_000;

export interface SignedTransportOptions {
  /** The collection's endpoint, `https://<id>.<region>.aoss.amazonaws.com` (a bare host means HTTPS). */
  endpoint: string;
  /** The collection's region; `AWS_REGION` when not given. */
  region?: string;
  /** The signing service: `aoss` for Serverless (`es` would be a managed domain). */
  service?: string;
  credentials?: SignerInit['credentials'];
  timeoutMs?: number;
}

export class OpenSearchRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OpenSearchRequestError';
  }
}

export function signedTransport(options: SignedTransportOptions): OpenSearchTransport {
  const base = new URL(
    /^https?:\/\//.test(options.endpoint) ? options.endpoint : `https://${options.endpoint}`,
  );
  const region = options.region ?? process.env.AWS_REGION;
  if (!region) throw new Error('OpenSearch: no region to sign for (AWS_REGION is not set)');
  const timeoutMs = options.timeoutMs ?? OPENSEARCH_TIMEOUT_MS;
  const signer = new SignatureV4({
    service: options.service ?? 'aoss',
    region,
    credentials: options.credentials ?? defaultProvider(),
    sha256: NodeSha256,
  });

  return {
    async request(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const url = new URL(path, base);
      const headers: Record<string, string> = { host: url.host, accept: 'application/json' };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const signed = await signer.sign({
        method,
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: payload,
      });
      const sent = { ...(signed.headers as Record<string, string>) };
      // fetch sets the host itself (it is signed all the same).
      delete sent.host;
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method,
          headers: sent,
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new OpenSearchRequestError(
            0,
            `OpenSearch ${method} ${url.pathname}: no answer in ${timeoutMs} ms`,
          );
        }
        throw error;
      }
      if (!response.ok) {
        throw new OpenSearchRequestError(
          response.status,
          `OpenSearch ${method} ${url.pathname} answered ${response.status}: ${text.slice(0, 300)}`,
        );
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new OpenSearchRequestError(
          response.status,
          `OpenSearch ${method} ${url.pathname}: the answer is not JSON: ${text.slice(0, 100)}`,
        );
      }
    },
  };
}
