/**
 * Deployment settings, read once from CDK context (`-c key=value` or cdk.json). Every key has a default
 * so `cdk synth` works on a clean clone; a real deployment passes its own values (docs/infrastructure.md).
 */
import { DEFAULT_MODEL_ID } from '@kork/functions/adapters/model';
import { isTileTemplate } from '@kork/shared';
import type { Construct } from 'constructs';

export interface KorkConfig {
  /** Client keys accepted in `x-api-key`. They identify clients, they do not authenticate users. */
  apiKeys: string[];
  /**
   * The AI client's keys (SPEC §7), `AI_API_KEYS`: only the routes marked `clientKey: 'ai'` (the
   * assistant's) take them, and those routes take no other.
   */
  aiApiKeys: string[];
  /** The SES domain identity mail is sent from. */
  mailDomain: string;
  mailFrom: string;
  /** Hosts `/img` may fetch from besides the media bucket. */
  imageHosts: string[];
  logLevel: string;
  /**
   * The address users open, when it is neither the custom domain nor the distribution's own (a LocalStack
   * deployment without CloudFront, say). Links in mail point here.
   */
  appUrl?: string;
  /** A custom domain for the distribution; needs `certificateArn` (an ACM certificate in us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /**
   * Bumped after the signing key's value is replaced: CloudFormation resolves the key into the functions
   * only when their configuration changes, and this changes it.
   */
  authKeyVersion: string;
  /** OAuth client ids whose Google ID tokens and Apple identity tokens sign-in accepts; none = not offered. */
  googleClientIds: string[];
  appleClientIds: string[];
  /** An SNS topic that receives the dead-letter alarms; without it the alarms are only visible in CloudWatch. */
  alarmTopicArn?: string;
  /** The Bedrock model (or cross-region inference profile) a magic import reads text with. */
  bedrockModelId: string;
  /** The cellar assistant's Bedrock model or cross-region inference profile (ConverseStream with tools). */
  assistantModelId: string;
  /** A Bedrock guardrail the assistant's model calls go through (id and version); none by default. */
  assistantGuardrailId?: string;
  assistantGuardrailVersion: string;
  /**
   * Concurrent executions reserved for (and capping) each streamed route's function: a function URL has
   * no API Gateway stage throttle in front of it. None by default (the account's unreserved pool).
   */
  streamConcurrency?: number;
  /**
   * The map's raster tiles: an https template with {z}, {x} and {y} (a tile service the deployment may
   * use, with its attribution). None = the app says the map cannot be loaded and shows addresses as text.
   */
  mapTileUrl?: string;
  mapTileAttribution: string;
  mapMaxZoom: number;
  /** The Amazon Location Service place index address search uses (created by the stack under this name). */
  placeIndexName: string;
  /** The place index's data provider (Amazon Location: Esri, Here or Grab). */
  placeIndexDataSource: string;
  /**
   * The fine-wine data provider's HTTPS endpoint (`VALUATION_PROVIDER_URL`). None = the labelled demo
   * provider values the wines (functions/src/adapters/valuation-provider.ts).
   */
  valuationProviderUrl?: string;
  /** Requests the sync may make to the provider per day (`VALUATION_PROVIDER_DAILY_BUDGET`). */
  valuationProviderDailyBudget: number;
  /**
   * An existing Secrets Manager secret (its complete ARN) holding the provider's key; none = the data
   * stack creates one with a generated placeholder the operator replaces.
   */
  valuationProviderSecretArn?: string;
  /** Likewise for the payment provider's webhook signing secret (Stripe's `whsec_…`). */
  paymentsWebhookSecretArn?: string;
  /** Stripe Checkout links (subscription mode) per plan and the billing portal link; none = "contact us". */
  paymentsCheckoutUrlPlus?: string;
  paymentsCheckoutUrlPro?: string;
  paymentsPortalUrl?: string;
  /** The provider's price ids of the plans, which a subscription's items are matched against. */
  paymentsPricePlus?: string;
  paymentsPricePro?: string;
  /** Where a person without a checkout link is told to write. */
  paymentsContactEmail?: string;
  /**
   * Where catalogue searches are answered: `memory` (each search function's own index, the default) or
   * `opensearch` (an OpenSearch Serverless collection fed by the table's zero-ETL pipeline; docs/search.md).
   */
  catalogSearch: 'memory' | 'opensearch';
}

export const DEFAULT_CONFIG = {
  apiKeys: ['kork-web'],
  aiApiKeys: ['kork-ai'],
  assistantGuardrailVersion: 'DRAFT',
  mailDomain: 'kork.example',
  // The same hosts the local runner allows: the retailer's images, a wine media site, profile pictures.
  imageHosts: ['bilder.vinmonopolet.no', 'images.vivino.com', 'lh3.googleusercontent.com'],
  logLevel: 'info',
  mapMaxZoom: 18,
  placeIndexName: 'kork-places',
  placeIndexDataSource: 'Esri',
  valuationProviderDailyBudget: 10000,
} as const;

export function readConfig(scope: Construct): KorkConfig {
  const mailDomain = text(scope, 'mailDomain') ?? DEFAULT_CONFIG.mailDomain;
  const domainName = text(scope, 'domainName');
  const certificateArn = text(scope, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context keys domainName and certificateArn go together: set both or neither');
  }
  return {
    apiKeys: list(scope, 'apiKeys') ?? [...DEFAULT_CONFIG.apiKeys],
    aiApiKeys: list(scope, 'aiApiKeys') ?? [...DEFAULT_CONFIG.aiApiKeys],
    mailDomain,
    mailFrom: text(scope, 'mailFrom') ?? `no-reply@${mailDomain}`,
    imageHosts: list(scope, 'imageHosts') ?? [...DEFAULT_CONFIG.imageHosts],
    logLevel: text(scope, 'logLevel') ?? DEFAULT_CONFIG.logLevel,
    appUrl: text(scope, 'appUrl') ?? (domainName ? `https://${domainName}` : undefined),
    domainName,
    certificateArn,
    authKeyVersion: text(scope, 'authKeyVersion') ?? '1',
    alarmTopicArn: text(scope, 'alarmTopicArn'),
    googleClientIds: list(scope, 'googleClientIds') ?? [],
    appleClientIds: list(scope, 'appleClientIds') ?? [],
    bedrockModelId: text(scope, 'bedrockModelId') ?? DEFAULT_MODEL_ID,
    assistantModelId: text(scope, 'assistantModelId') ?? DEFAULT_MODEL_ID,
    assistantGuardrailId: text(scope, 'assistantGuardrailId'),
    assistantGuardrailVersion:
      text(scope, 'assistantGuardrailVersion') ?? DEFAULT_CONFIG.assistantGuardrailVersion,
    streamConcurrency: positiveInteger(scope, 'streamConcurrency'),
    mapTileUrl: tileTemplate(scope),
    mapTileAttribution: text(scope, 'mapTileAttribution') ?? '',
    mapMaxZoom: Number(text(scope, 'mapMaxZoom') ?? DEFAULT_CONFIG.mapMaxZoom),
    placeIndexName: text(scope, 'placeIndexName') ?? DEFAULT_CONFIG.placeIndexName,
    placeIndexDataSource: text(scope, 'placeIndexDataSource') ?? DEFAULT_CONFIG.placeIndexDataSource,
    valuationProviderUrl: httpsUrl(scope, 'valuationProviderUrl'),
    valuationProviderDailyBudget:
      positiveInteger(scope, 'valuationProviderDailyBudget') ?? DEFAULT_CONFIG.valuationProviderDailyBudget,
    valuationProviderSecretArn: secretArn(scope, 'valuationProviderSecretArn'),
    paymentsWebhookSecretArn: secretArn(scope, 'paymentsWebhookSecretArn'),
    paymentsCheckoutUrlPlus: httpsUrl(scope, 'paymentsCheckoutUrlPlus'),
    paymentsCheckoutUrlPro: httpsUrl(scope, 'paymentsCheckoutUrlPro'),
    paymentsPortalUrl: httpsUrl(scope, 'paymentsPortalUrl'),
    paymentsPricePlus: text(scope, 'paymentsPricePlus'),
    paymentsPricePro: text(scope, 'paymentsPricePro'),
    paymentsContactEmail: email(scope, 'paymentsContactEmail'),
    catalogSearch: catalogSearch(scope),
  };
}

/** An address the functions call or send people to: https only, refused at synth otherwise. */
function httpsUrl(scope: Construct, key: string): string | undefined {
  const value = text(scope, key);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Context key ${key} must be an https address`);
  }
  if (url.protocol !== 'https:' || !url.hostname)
    throw new Error(`Context key ${key} must be an https address`);
  return value;
}

/**
 * A Secrets Manager secret's complete ARN (with the six characters Secrets Manager appends to its name),
 * so its grant names exactly that secret.
 */
function secretArn(scope: Construct, key: string): string | undefined {
  const value = text(scope, key);
  if (value === undefined) return undefined;
  if (!/^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[\w/+=.@-]+-[A-Za-z0-9]{6}$/.test(value))
    throw new Error(
      `Context key ${key} must be a secret's complete ARN (arn:aws:secretsmanager:<region>:<account>:secret:<name>-<6 characters>)`,
    );
  return value;
}

function catalogSearch(scope: Construct): KorkConfig['catalogSearch'] {
  const value = text(scope, 'catalogSearch') ?? 'memory';
  if (value !== 'memory' && value !== 'opensearch')
    throw new Error('Context key catalogSearch must be memory or opensearch');
  return value;
}

function email(scope: Construct, key: string): string | undefined {
  const value = text(scope, key);
  if (value === undefined) return undefined;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
    throw new Error(`Context key ${key} must be an email address`);
  return value;
}

/** `mapTileUrl`, refused at synth when the web could not use it (not https, or no {z}/{x}/{y}). */
function tileTemplate(scope: Construct): string | undefined {
  const value = text(scope, 'mapTileUrl');
  if (value === undefined) return undefined;
  if (!isTileTemplate(value) || value.startsWith('/'))
    throw new Error('Context key mapTileUrl must be an https address with {z}, {x} and {y}');
  return value;
}

/** The origin the page loads tiles from, for the Content-Security-Policy's img-src ({s} subdomains as *). */
export function tileOrigin(template: string): string {
  const host = (/^https:\/\/([^/]+)\//.exec(template)?.[1] ?? '').replace(/\{s\}/g, '*');
  return `https://${host}`;
}

function positiveInteger(scope: Construct, key: string): number | undefined {
  const value = text(scope, key);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Context key ${key} must be a whole number above 0`);
  return n;
}

function text(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value).trim();
}

/** A list from `-c key=a,b` on the command line or a JSON array in cdk.json. */
function list(scope: Construct, key: string): string[] | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return items.map((s) => s.trim()).filter(Boolean);
}
