/**
 * The local stack: DynamoDB Local, the S3 emulator, the table, in-process queues and the mail outbox,
 * wired through the same environment variables and ports the cloud uses. `npm start`, `npm run seed`,
 * `npm run job`, the integration tests and the benchmarks all start it the same way.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { useAssistantModel } from '@kork/functions/adapters/assistant-model';
import { useDocuments } from '@kork/functions/adapters/documents';
import { useMail } from '@kork/functions/adapters/mail';
import { useModel } from '@kork/functions/adapters/model';
import { usePayments } from '@kork/functions/adapters/payments';
import { useQueue } from '@kork/functions/adapters/queue';
import { localAssistantModel } from '@kork/functions/assistant/engine/local-engine';
import { resetCatalogIndex } from '@kork/functions/catalog/catalog-index-cache';
import { resetCellarSnapshots } from '@kork/functions/cellar/kernel/cellar-snapshot';
import { TABLE_SCHEMA } from '@kork/functions/data/table';
import { useGeocoder } from '@kork/functions/geocoding/geocoder';
import { rulesModel } from '@kork/functions/imports/magic/rules-model';
import { dynamoClient, resetDynamoClients } from '@kork/functions/platform/dynamo';
import { resetS3Client } from '@kork/functions/platform/s3';
import { type QueueDef, queues, uploadTriggers } from '@kork/functions/routes';
import type { ImportUploaded } from '@kork/queue-messages/import-step';
import { DEV_TILE_ATTRIBUTION, DEV_TILE_MAX_ZOOM, DEV_TILE_TEMPLATE } from './dev-tiles';
import { createLocalDocuments } from './documents-local';
import { type DynamoLocal, SHARED_DYNAMODB_ENV, startDynamoLocal } from './dynamodb-local';
import { createLocalGeocoder } from './geocoder-local';
import { MailOutbox } from './mail-outbox';
import { PaymentEmulator } from './payment-emulator';
import { QueueBroker, type SqsHandler } from './queue-broker';
import { type S3Local, startS3Local } from './s3-local';
import { ensureTable } from './table';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
/** The web client's key (`VITE_API_KEY`'s local default). */
export const LOCAL_API_KEYS = ['kork-local-web'];
/** The AI client's key (`VITE_AI_API_KEY`'s local default): only the assistant's routes take it. */
export const LOCAL_AI_API_KEYS = ['kork-local-ai'];
export const BUCKETS = {
  media: 'media',
  imports: 'imports',
  cellarSnapshots: 'cellar-snapshots',
} as const;

export interface LocalStackOptions {
  /** Where data lives; omitted = in memory and a temporary folder (tests). */
  dataDir?: string;
  appUrl?: string;
  queueVisibilityTimeoutMs?: number;
  queues?: Record<string, QueueDef>;
  loadConsumer?: (queue: string, def: QueueDef) => Promise<SqsHandler>;
  log?: (line: string) => void;
}

export interface LocalStack {
  dataDir: string;
  dynamo: DynamoLocal;
  s3: S3Local;
  outbox: MailOutbox;
  broker: QueueBroker;
  /** The payment emulator behind the payments port (payment-emulator.ts), served at `/_dev/payments`. */
  payments: PaymentEmulator;
  tableCreated: boolean;
  stop(): Promise<void>;
}

/** Imports a function module by its manifest path, as the Lambda runtime would load its bundle. */
export async function loadFunction<T>(handlerPath: string): Promise<T> {
  const mod = (await import(join(REPO_ROOT, 'functions', 'src', `${handlerPath}.ts`))) as { handler: T };
  if (typeof mod.handler !== 'function') throw new Error(`${handlerPath} does not export a handler`);
  return mod.handler;
}

function localSecrets(dataDir: string): { authSigningKey: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { authSigningKey: randomBytes(48).toString('base64') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** A shared DynamoDB Local: stopping the stack drops its table, and leaves the emulator running. */
function sharedDynamo(endpoint: string): DynamoLocal {
  return {
    endpoint,
    async stop() {
      await dynamoClient()
        .send(new DeleteTableCommand({ TableName: TABLE_SCHEMA.defaultName }))
        .catch(() => undefined);
    },
  };
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const dataDir =
    options.dataDir ?? join(REPO_ROOT, '.kork', 'tmp', `${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  const persistent = options.dataDir !== undefined;

  // A test run's DynamoDB Local, started once for all files (functions/test/dynamodb-global-setup.ts):
  // a stack in memory takes a region of its own there, and with it a database of its own.
  const sharedEndpoint = persistent ? undefined : process.env[SHARED_DYNAMODB_ENV];
  const region = sharedEndpoint ? `kork-${randomBytes(6).toString('hex')}` : undefined;
  const [dynamo, s3] = await Promise.all([
    sharedEndpoint
      ? sharedDynamo(sharedEndpoint)
      : startDynamoLocal({ dataDir: persistent ? join(dataDir, 'dynamodb') : undefined }),
    startS3Local({ directory: join(dataDir, 's3'), buckets: Object.values(BUCKETS) }),
  ]);
  log(`DynamoDB Local on ${dynamo.endpoint}, S3 emulator on ${s3.endpoint}`);

  Object.assign(process.env, {
    AWS_REGION: region ?? process.env.AWS_REGION ?? 'eu-north-1',
    // Lambda runs Node 22; the SDK's notice about Node 20 is noise on a developer machine.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // DynamoDB Local takes any credentials; the S3 emulator wants its own.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    TABLE_NAME: TABLE_SCHEMA.defaultName,
    MEDIA_BUCKET: BUCKETS.media,
    IMPORTS_BUCKET: BUCKETS.imports,
    CELLAR_SNAPSHOTS_BUCKET: BUCKETS.cellarSnapshots,
    API_KEYS: LOCAL_API_KEYS.join(','),
    AI_API_KEYS: LOCAL_AI_API_KEYS.join(','),
    IMAGE_HOSTS:
      process.env.IMAGE_HOSTS ?? 'bilder.vinmonopolet.no,images.vivino.com,lh3.googleusercontent.com',
    APP_URL: options.appUrl ?? 'http://localhost:3000',
    MAIL_FROM: 'Kork <no-reply@kork.local>',
    AUTH_SIGNING_KEY: localSecrets(dataDir).authSigningKey,
    // The first start's catalogue: Vinmonopolet's product list beside the checkout, when it is there.
    KORK_CATALOG_FILE:
      process.env.KORK_CATALOG_FILE ?? resolve(REPO_ROOT, '..', 'shared', 'data', 'vinmonopolet-2014.csv'),
    // How stale a warm search index may be before it reads the change feed.
    CATALOG_REFRESH_MS: process.env.CATALOG_REFRESH_MS ?? '500',
    // There is no OpenSearch here: the catalogue always searches its in-memory index (docs/search.md).
    CATALOG_SEARCH: 'memory',
    // The map's stand-in tiles on this origin (dev-tiles.ts); MAP_TILE_URL set outside points elsewhere.
    MAP_TILE_URL: process.env.MAP_TILE_URL ?? DEV_TILE_TEMPLATE,
    MAP_TILE_ATTRIBUTION: process.env.MAP_TILE_ATTRIBUTION ?? DEV_TILE_ATTRIBUTION,
    MAP_MAX_ZOOM: process.env.MAP_MAX_ZOOM ?? String(DEV_TILE_MAX_ZOOM),
  });
  delete process.env.AWS_PROFILE;
  resetDynamoClients();
  resetS3Client();
  // A new table and bucket: an index loaded from an earlier stack in this process is stale.
  resetCatalogIndex();
  resetCellarSnapshots();
  // The same for the snapshots kept in the bucket: a restarted stack never serves one from a previous run.
  const dropped = await s3.empty(BUCKETS.cellarSnapshots);
  if (dropped > 0) log(`Dropped ${dropped} cellar snapshot${dropped === 1 ? '' : 's'} of the previous run`);

  const tableCreated = (await ensureTable(dynamoClient(), TABLE_SCHEMA.defaultName)) === 'created';

  const outbox = new MailOutbox(join(dataDir, 'outbox.json'));
  useMail(outbox);
  const consumers = new Map<string, SqsHandler>();
  const broker = new QueueBroker({
    queues: options.queues ?? queues,
    visibilityTimeoutMs: options.queueVisibilityTimeoutMs ?? 2_000,
    loadConsumer:
      options.loadConsumer ??
      (async (name, def) => {
        let handler = consumers.get(name);
        if (!handler) {
          handler = await loadFunction<SqsHandler>(def.consumer.handler);
          consumers.set(name, handler);
        }
        return handler;
      }),
    onDeadLetter: (queue, m) => log(`queue ${queue}: message ${m.messageId} dead-lettered (${m.lastError})`),
  });
  useQueue(broker);

  // S3 "Object Created" notifications, as EventBridge delivers them to the queue in the cloud.
  s3.onObjectCreated((bucket, key) => {
    for (const [name, trigger] of Object.entries(uploadTriggers)) {
      if (bucket !== BUCKETS[trigger.bucket] || !key.startsWith(trigger.prefix)) continue;
      const event: ImportUploaded = {
        source: 'aws.s3',
        'detail-type': 'Object Created',
        detail: { bucket: { name: bucket }, object: { key } },
      };
      broker.send(trigger.queue, [event]).catch((error) => log(`upload trigger ${name}: ${error}`));
    }
  });

  // The local document reader (tesseract.js, pdfjs-dist) and the rule-based wine extractor.
  const localDocuments = createLocalDocuments(dataDir);
  useDocuments(localDocuments);
  useModel(rulesModel);
  // The cellar assistant's deterministic engine over the same tools (no model, no network).
  useAssistantModel(localAssistantModel);
  // Address search from a small list of Norwegian postal codes and places (geocoder-local.ts).
  useGeocoder(createLocalGeocoder());
  // Plans: the payment emulator's checkout and portal pages, and its webhook secret in the data folder.
  const payments = PaymentEmulator.create(dataDir);
  usePayments(payments.port);

  return {
    dataDir,
    dynamo,
    s3,
    outbox,
    broker,
    payments,
    tableCreated,
    async stop() {
      broker.stop();
      useQueue(undefined);
      useDocuments(undefined);
      useModel(undefined);
      useAssistantModel(undefined);
      useGeocoder(undefined);
      usePayments(undefined);
      await localDocuments.close().catch(() => undefined);
      useMail(undefined);
      await Promise.allSettled([outbox.flush(), dynamo.stop(), s3.stop()]);
      resetDynamoClients();
      resetS3Client();
    },
  };
}
