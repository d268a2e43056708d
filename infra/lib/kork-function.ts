/**
 * One Lambda of the manifest: the bundled asset, its own log group and role, and exactly the grants and
 * environment variables its `needs` ask for.
 */
import { queueUrlVariable } from '@kork/functions/adapters/queue';
import type { FunctionDef, Need, QueueName } from '@kork/functions/routes';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { KorkConfig } from './config';
import { CELLAR_SNAPSHOTS_PREFIX, type DataStack, type KorkData } from './data-stack';
import { acknowledgeWildcardResource, REASONS } from './nag';

export const DEFAULT_MEMORY_MB = 512;
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** A streamed answer's function, when the manifest sets no timeout (a function URL has no 29 s limit). */
export const STREAM_TIMEOUT_SECONDS = 60;

/** What invokes the function; decides the settings it gets besides those of its needs. */
export type Trigger = 'api' | 'image' | 'queue' | 'schedule';

/** The shared resources a function may be granted, as seen from the stack it lives in. */
export interface FunctionResources {
  config: KorkConfig;
  /** Where users open the app, for links in mail; unknown to the function the distribution itself fronts. */
  appUrl?: string;
  /** Reached through its named exports from whichever stack the function lives in. */
  data: DataStack;
  queues: Partial<Record<QueueName, sqs.IQueue>>;
  mailIdentity?: ses.IEmailIdentity;
  /**
   * The app's distribution, for the functions that invalidate the guest's list page; only stacks made
   * after the web stack have it (kork-app.ts).
   */
  distribution?: cloudfront.IDistribution;
}

export interface KorkFunctionProps {
  def: FunctionDef;
  /** The folder `buildFunctions` wrote for this function (index.mjs exporting `handler`). */
  assetDir: string;
  trigger: Trigger;
  resources: FunctionResources;
}

export class KorkFunction extends Construct {
  readonly function: lambda.Function;

  constructor(scope: Construct, id: string, props: KorkFunctionProps) {
    super(scope, id);
    const { def, resources, trigger } = props;
    const { config } = resources;
    const data = resources.data.importInto(Stack.of(this));

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    // A role of its own instead of AWSLambdaBasicExecutionRole: it may write to its own log group only.
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);

    const streamed = (def as { stream?: true }).stream === true;
    const environment: Record<string, string> = { LOG_LEVEL: config.logLevel };
    if (resources.appUrl) environment.APP_URL = resources.appUrl;
    if (trigger === 'api') {
      environment.API_KEYS = config.apiKeys.join(',');
      // Every route knows the AI client's keys: the assistant's to take them, all others to refuse them.
      environment.AI_API_KEYS = config.aiApiKeys.join(',');
      // Resolved by CloudFormation at deploy time: the key never appears in the template or the repo.
      environment.AUTH_SIGNING_KEY = data.authSigningKey.secretValue.unsafeUnwrap();
      environment.AUTH_SIGNING_KEY_VERSION = config.authKeyVersion;
      if (config.googleClientIds.length > 0) environment.GOOGLE_CLIENT_IDS = config.googleClientIds.join(',');
      if (config.appleClientIds.length > 0) environment.APPLE_CLIENT_IDS = config.appleClientIds.join(',');
    }
    // What `GET /api/config` tells the web about the map's tiles.
    if (trigger === 'api' && def.handler === 'config/get-config' && config.mapTileUrl) {
      environment.MAP_TILE_URL = config.mapTileUrl;
      environment.MAP_TILE_ATTRIBUTION = config.mapTileAttribution;
      environment.MAP_MAX_ZOOM = String(config.mapMaxZoom);
    }
    if (trigger === 'image') environment.IMAGE_HOSTS = config.imageHosts.join(',');

    this.function = new lambda.Function(this, 'Function', {
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: def.architecture === 'x86_64' ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
      code: lambda.Code.fromAsset(props.assetDir),
      handler: 'index.handler',
      memorySize: def.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(
        def.timeoutSeconds ?? (streamed ? STREAM_TIMEOUT_SECONDS : DEFAULT_TIMEOUT_SECONDS),
      ),
      ...(streamed && config.streamConcurrency
        ? { reservedConcurrentExecutions: config.streamConcurrency }
        : {}),
      tracing: lambda.Tracing.ACTIVE,
      role,
      logGroup,
      environment,
    });

    for (const need of new Set(def.needs)) this.grant(need, data, resources);
    if (def.needs.some((need) => need === 'table:read' || need === 'table:write'))
      this.cellarSnapshotAccess(data.cellarSnapshots);

    const anyResource = def.needs.includes('documents:read')
      ? `${REASONS.xray} ${REASONS.textract}`
      : REASONS.xray;
    Validations.of(this).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: anyResource });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x on purpose (D1, docs/architecture.md): the code is also run and tested on the Node 20/22 of the development machines; move up together.',
    });
  }

  private grant(need: Need, data: KorkData, resources: FunctionResources): void {
    const fn = this.function;
    switch (need) {
      case 'table:read':
        data.table.grantReadData(fn);
        this.tableAccess(data);
        return;
      case 'table:write':
        data.table.grantReadWriteData(fn);
        this.tableAccess(data);
        return;
      case 'media:read':
        this.readObjects(data.media);
        fn.addEnvironment('MEDIA_BUCKET', data.media.bucketName);
        return;
      case 'media:write':
        this.writeObjects(data.media);
        fn.addEnvironment('MEDIA_BUCKET', data.media.bucketName);
        return;
      case 'imports:read':
        this.readObjects(data.imports);
        fn.addEnvironment('IMPORTS_BUCKET', data.imports.bucketName);
        return;
      case 'imports:write':
        this.writeObjects(data.imports);
        fn.addEnvironment('IMPORTS_BUCKET', data.imports.bucketName);
        return;
      case 'supplier-orders:send':
        this.sendTo('supplier-orders', resources);
        return;
      case 'import-steps:send':
        this.sendTo('import-steps', resources);
        return;
      case 'account-deletions:send':
        this.sendTo('account-deletions', resources);
        return;
      case 'documents:read':
        // Textract has no resource-level permissions; it reads the object with this role's s3:GetObject.
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: [
              'textract:AnalyzeExpense',
              'textract:AnalyzeDocument',
              'textract:StartExpenseAnalysis',
              'textract:GetExpenseAnalysis',
              'textract:StartDocumentAnalysis',
              'textract:GetDocumentAnalysis',
            ],
            resources: ['*'],
          }),
        );
        return;
      case 'model:invoke':
        this.invokeModel(resources.config.bedrockModelId);
        return;
      case 'assistant:invoke':
        this.invokeAssistantModel(resources.config);
        return;
      case 'places:search': {
        const stack = Stack.of(this);
        const index = resources.config.placeIndexName;
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['geo:SearchPlaceIndexForText'],
            resources: [`arn:${stack.partition}:geo:${stack.region}:${stack.account}:place-index/${index}`],
          }),
        );
        fn.addEnvironment('GEOCODER_PLACE_INDEX', index);
        return;
      }
      case 'links:sign':
        // Suppliers' order links are signed with the app's key outside the API (the queue consumer).
        fn.addEnvironment('AUTH_SIGNING_KEY', data.authSigningKey.secretValue.unsafeUnwrap());
        fn.addEnvironment('AUTH_SIGNING_KEY_VERSION', resources.config.authKeyVersion);
        return;
      case 'market-values:send':
        this.sendTo('market-values', resources);
        return;
      case 'valuations:fetch': {
        // The key is read at run time (GetSecretValue on this one secret); only its ARN is in the template.
        const { config } = resources;
        this.readSecret(data.valuationProviderSecretArn);
        fn.addEnvironment('VALUATION_PROVIDER_SECRET_ARN', data.valuationProviderSecretArn);
        fn.addEnvironment('VALUATION_PROVIDER_DAILY_BUDGET', String(config.valuationProviderDailyBudget));
        if (config.valuationProviderUrl)
          fn.addEnvironment('VALUATION_PROVIDER_URL', config.valuationProviderUrl);
        return;
      }
      case 'payments:verify':
        this.readSecret(data.paymentsWebhookSecretArn);
        fn.addEnvironment('PAYMENTS_WEBHOOK_SECRET_ARN', data.paymentsWebhookSecretArn);
        return;
      case 'mail:send':
        if (!resources.mailIdentity)
          throw new Error(`${this.node.path} needs mail:send but no mail identity is wired`);
        resources.mailIdentity.grantSendEmail(fn);
        fn.addEnvironment('MAIL_FROM', resources.config.mailFrom);
        return;
      case 'list-page:invalidate': {
        // On this one distribution only; its id is what the adapter (list-page-cdn.ts) reads.
        const { distribution } = resources;
        if (!distribution)
          throw new Error(
            `${this.node.path} invalidates the list page but its stack has no distribution (it must follow the web stack)`,
          );
        distribution.grantCreateInvalidation(fn);
        fn.addEnvironment('CDN_DISTRIBUTION_ID', distribution.distributionId);
        return;
      }
      default: {
        const unknown: never = need;
        throw new Error(`No grant for need ${String(unknown)}`);
      }
    }
  }

  private tableAccess(data: KorkData): void {
    this.function.addEnvironment('TABLE_NAME', data.table.tableName);
    acknowledgeWildcardResource(this, data.table.tableArn, '/index/*', REASONS.tableIndexes);
  }

  /**
   * Whatever reads the table may read a cellar's snapshot instead, and rebuilds or drops it: get, put and
   * delete under the snapshots' prefix, and ListBucket so a missing snapshot answers 404, not 403.
   */
  private cellarSnapshotAccess(bucket: s3.IBucket): void {
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects(`${CELLAR_SNAPSHOTS_PREFIX}*`)],
      }),
    );
    this.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    );
    this.function.addEnvironment('CELLAR_SNAPSHOTS_BUCKET', bucket.bucketName);
    acknowledgeWildcardResource(
      this,
      bucket.bucketArn,
      `/${CELLAR_SNAPSHOTS_PREFIX}*`,
      REASONS.cellarSnapshots,
    );
  }

  // Explicit object actions rather than grantRead/grantWrite, whose s3:GetObject*, s3:List* and
  // s3:DeleteObject* wildcards reach further than the functions go.
  private readObjects(bucket: s3.IBucket): void {
    this.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('*')] }),
    );
    // Lets a missing key answer 404 instead of 403.
    this.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    );
    acknowledgeWildcardResource(this, bucket.bucketArn, '/*', REASONS.bucketObjects);
  }

  private writeObjects(bucket: s3.IBucket): void {
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    acknowledgeWildcardResource(this, bucket.bucketArn, '/*', REASONS.bucketObjects);
  }

  /**
   * Converse on one model. A cross-region inference profile (`eu.…`) routes to the foundation model in any
   * of its regions, so both the profile and the model in every region are granted.
   */
  private invokeModel(modelId: string): void {
    const stack = Stack.of(this);
    const profile = /^(eu|us|apac|global)\./.exec(modelId);
    const foundationModel = profile ? modelId.slice(profile[0].length) : modelId;
    const resources = [
      `arn:${stack.partition}:bedrock:${profile ? '*' : stack.region}::foundation-model/${foundationModel}`,
    ];
    if (profile)
      resources.push(
        `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${modelId}`,
      );
    this.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources }));
    this.function.addEnvironment('BEDROCK_MODEL_ID', modelId);
    // Rendered as the stack renders it: `<AWS::Partition>` in an env-agnostic app, `aws` once the CLI
    // gives the app a concrete region.
    if (profile)
      acknowledgeWildcardResource(
        this,
        `arn:${stack.partition}:bedrock:*::foundation-model/${foundationModel}`,
        '',
        REASONS.inferenceProfile,
      );
  }

  /**
   * The assistant's model: ConverseStream and Converse are authorised as InvokeModelWithResponseStream and
   * InvokeModel. An inference profile (`eu.…`) sends each call to the foundation model in one of its
   * regions, so the model is granted in the profile's geography only (`eu-*`); ApplyGuardrail on the
   * configured guardrail, when there is one.
   */
  private invokeAssistantModel(config: KorkConfig): void {
    const stack = Stack.of(this);
    const modelId = config.assistantModelId;
    const profile = /^(eu|us|apac|global)\./.exec(modelId);
    const foundationModel = profile ? modelId.slice(profile[0].length) : modelId;
    const regions = { eu: 'eu-*', us: 'us-*', apac: 'ap-*', global: '*' } as const;
    const region = profile ? regions[profile[1] as keyof typeof regions] : stack.region;
    const model = `arn:${stack.partition}:bedrock:${region}::foundation-model/${foundationModel}`;
    const resources = [model];
    if (profile)
      resources.push(
        `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${modelId}`,
      );
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
        resources,
      }),
    );
    this.function.addEnvironment('ASSISTANT_MODEL_ID', modelId);
    if (profile) acknowledgeWildcardResource(this, model, '', REASONS.inferenceProfile);
    if (config.assistantGuardrailId) {
      this.function.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['bedrock:ApplyGuardrail'],
          resources: [
            `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:guardrail/${config.assistantGuardrailId}`,
          ],
        }),
      );
      this.function.addEnvironment('ASSISTANT_GUARDRAIL_ID', config.assistantGuardrailId);
      this.function.addEnvironment('ASSISTANT_GUARDRAIL_VERSION', config.assistantGuardrailVersion);
    }
  }

  /** GetSecretValue on one secret, named by its complete ARN; nothing else of Secrets Manager. */
  private readSecret(secretArn: string): void {
    this.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secretArn] }),
    );
  }

  private sendTo(queueName: QueueName, resources: FunctionResources): void {
    const queue = resources.queues[queueName];
    if (!queue) throw new Error(`${this.node.path} sends to ${queueName} but that queue is not wired`);
    queue.grantSendMessages(this.function);
    this.function.addEnvironment(queueUrlVariable(queueName), queue.queueUrl);
  }
}

/** The bundle folder of one function; a missing one means the functions build did not run or is stale. */
export function assetFor(assets: Record<string, string>, fnId: string): string {
  const dir = assets[fnId];
  if (!dir) throw new Error(`No bundle for function ${fnId}; run the functions build first`);
  return dir;
}
