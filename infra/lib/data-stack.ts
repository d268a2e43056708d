/**
 * The stateful part of Kork: the single table, the media and imports buckets, the cellar snapshots' bucket,
 * the access-log bucket, the token signing key and the providers' secrets (the valuation provider's key, the payment provider's webhook
 * signing secret). Everything here is retained when the stack is deleted.
 */

import { TABLE_SCHEMA } from '@kork/functions/data/table';
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as location from 'aws-cdk-lib/aws-location';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { KorkConfig } from './config';

/** Where the web stack's SPA bucket writes its access logs in the log bucket. */
export const SPA_ACCESS_LOG_PREFIX = 's3/spa/';
/** Where the cellar snapshots live in their bucket (functions/src/cellar/kernel/cellar-snapshot.ts). */
export const CELLAR_SNAPSHOTS_PREFIX = 'cellar-snapshots/';
/** Days after which a cellar snapshot nobody rewrote expires. */
export const CELLAR_SNAPSHOT_EXPIRY_DAYS = 7;

export interface DataStackProps extends StackProps {
  config: KorkConfig;
}

/** The data stack's resources as seen from another stack. */
export interface KorkData {
  table: dynamodb.ITable;
  media: s3.IBucket;
  imports: s3.IBucket;
  /** One gzipped read snapshot per cellar (`cellar-snapshots/{ownerId}.json.gz`), rebuilt when missing. */
  cellarSnapshots: s3.IBucket;
  logBucket: s3.IBucket;
  authSigningKey: secretsmanager.ISecret;
  /**
   * Complete ARNs of the providers' secrets. Only the ARN reaches a function (it reads the value at run
   * time with GetSecretValue); the value never enters a template.
   */
  valuationProviderSecretArn: string;
  paymentsWebhookSecretArn: string;
}

/**
 * Other stacks reach this stack through these named exports rather than CDK's generated references:
 * the names are a stable contract (these resources are never replaced), and IAM policies that mention
 * them render the same in every stack, so each cdk-nag acknowledgement names exactly what it accepts.
 */
const EXPORTS = [
  'TableName',
  'TableArn',
  'MediaBucketName',
  'MediaBucketArn',
  'ImportsBucketName',
  'ImportsBucketArn',
  'CellarSnapshotsBucketName',
  'CellarSnapshotsBucketArn',
  'LogBucketName',
  'LogBucketArn',
  'AuthSigningKeyArn',
  // Only when the stack creates the secret; a secret given by ARN in context is referred to directly.
  'ValuationProviderSecretArn',
  'PaymentsWebhookSecretArn',
] as const;

type ExportKey = (typeof EXPORTS)[number];

export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly media: s3.Bucket;
  readonly imports: s3.Bucket;
  readonly cellarSnapshots: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly authSigningKey: secretsmanager.Secret;
  /** Created here unless the context names an existing secret. */
  readonly valuationProviderSecret?: secretsmanager.Secret;
  readonly paymentsWebhookSecret?: secretsmanager.Secret;
  private readonly config: KorkConfig;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.config = props.config;
    // Browser uploads straight to S3 need the app's origin up front. The distribution's generated domain is
    // not known here (the web stack comes later): set domainName or appUrl to allow them.
    const appOrigin = props.config.appUrl ? new URL(props.config.appUrl).origin : undefined;

    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      ...privateBucket(),
      // CloudFront's standard logs are delivered with an ACL grant, so this one bucket keeps ACLs enabled.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(365) }],
    });
    // The SPA bucket lives in the web stack and cannot add its own statement to this policy.
    this.logBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.logBucket.arnForObjects(`${SPA_ACCESS_LOG_PREFIX}*`)],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination; logging its own writes into itself would loop.',
    });

    this.media = new s3.Bucket(this, 'MediaBucket', {
      ...privateBucket(),
      versioned: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/media/',
      lifecycleRules: [
        { id: 'old-versions', noncurrentVersionExpiration: Duration.days(30) },
        { id: 'abandoned-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      cors: appOrigin ? [uploadCors(appOrigin)] : undefined,
    });

    this.imports = new s3.Bucket(this, 'ImportsBucket', {
      ...privateBucket(),
      versioned: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/imports/',
      lifecycleRules: [
        // An uploaded invoice or list is only needed until its import is confirmed or cancelled.
        {
          id: 'expire-uploads',
          expiration: Duration.days(30),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'abandoned-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      cors: appOrigin ? [uploadCors(appOrigin)] : undefined,
    });
    // "Object Created" events go to EventBridge, whose rules (async-stack.ts) start an import's scan. Set on
    // the bucket resource itself: `eventBridgeEnabled` would add a notifications custom resource and its Lambda.
    (this.imports.node.defaultChild as s3.CfnBucket).notificationConfiguration = {
      eventBridgeConfiguration: { eventBridgeEnabled: true },
    };

    // A copy of what the table holds, kept only to spare a new function instance from reading a whole
    // cellar: no versions, and an object a week after its last write expires (the next read rebuilds it).
    this.cellarSnapshots = new s3.Bucket(this, 'CellarSnapshotsBucket', {
      ...privateBucket(),
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/cellar-snapshots/',
      lifecycleRules: [
        {
          id: 'expire-snapshots',
          expiration: Duration.days(CELLAR_SNAPSHOT_EXPIRY_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
      // The catalogue's zero-ETL pipeline follows the table's stream (catalog-search-collection.ts).
      ...(props.config.catalogSearch === 'opensearch' ? { stream: dynamodb.StreamViewType.NEW_IMAGE } : {}),
    });
    for (const index of TABLE_SCHEMA.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // Signs the product's own access tokens (D8). Generated in the account, never in the repo.
    this.authSigningKey = new secretsmanager.Secret(this, 'AuthSigningKey', {
      description: 'Kork access-token signing key (HS256)',
      // 64 characters from the base64 alphabet decode to 48 bytes, above the 32 the functions require.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.authSigningKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the signing key signs every user out; it is rotated by hand (docs/infrastructure.md) until the functions accept a previous key during a grace period.',
    });

    // The providers' secrets: a generated placeholder the operator replaces with the real value
    // (docs/infrastructure.md), unless the context names a secret that already holds it.
    if (!props.config.valuationProviderSecretArn) {
      this.valuationProviderSecret = providerSecret(
        this,
        'ValuationProviderSecret',
        'Kork valuation provider API key (placeholder until replaced; read at run time by the market-value sync)',
        'The provider issues and rotates its API key; the operator puts the new key into the secret by hand (docs/infrastructure.md). The sync reads it at run time, so no deployment is needed.',
      );
    }
    if (!props.config.paymentsWebhookSecretArn) {
      this.paymentsWebhookSecret = providerSecret(
        this,
        'PaymentsWebhookSecret',
        "Kork payment provider webhook signing secret, Stripe's whsec_... (placeholder until replaced)",
        'The payment provider generates the webhook signing secret and rolls it in its own dashboard; the operator puts the new value into the secret by hand (docs/infrastructure.md). The webhook reads it at run time.',
      );
    }

    // Address search (the geocoder port's cloud adapter): results are only shown, never stored.
    new location.CfnPlaceIndex(this, 'PlaceIndex', {
      indexName: props.config.placeIndexName,
      dataSource: props.config.placeIndexDataSource,
      dataSourceConfiguration: { intendedUse: 'SingleUse' },
      description: 'Kork: address search for restaurants and events',
    });

    const values: Partial<Record<ExportKey, string>> = {
      TableName: this.table.tableName,
      TableArn: this.table.tableArn,
      MediaBucketName: this.media.bucketName,
      MediaBucketArn: this.media.bucketArn,
      ImportsBucketName: this.imports.bucketName,
      ImportsBucketArn: this.imports.bucketArn,
      CellarSnapshotsBucketName: this.cellarSnapshots.bucketName,
      CellarSnapshotsBucketArn: this.cellarSnapshots.bucketArn,
      LogBucketName: this.logBucket.bucketName,
      LogBucketArn: this.logBucket.bucketArn,
      AuthSigningKeyArn: this.authSigningKey.secretArn,
      ValuationProviderSecretArn: this.valuationProviderSecret?.secretArn,
      PaymentsWebhookSecretArn: this.paymentsWebhookSecret?.secretArn,
    };
    for (const key of EXPORTS) {
      const value = values[key];
      if (value !== undefined) new CfnOutput(this, key, { value, exportName: this.exportNameOf(key) });
    }
  }

  exportNameOf(key: ExportKey): string {
    return `${this.stackName}-${key}`;
  }

  /** References to this stack's resources from inside another stack, through the named exports. */
  importInto(consumer: Stack): KorkData {
    const existing = imported.get(consumer);
    if (existing) return existing;
    consumer.addStackDependency(this);
    const value = (key: ExportKey) => Fn.importValue(this.exportNameOf(key));
    const scope = new Construct(consumer, 'KorkData');
    const data: KorkData = {
      table: dynamodb.Table.fromTableAttributes(scope, 'Table', {
        tableArn: value('TableArn'),
        // The GSIs are queried by name, so read and write grants must cover `<table>/index/*` too.
        grantIndexPermissions: true,
      }),
      media: s3.Bucket.fromBucketAttributes(scope, 'MediaBucket', {
        bucketArn: value('MediaBucketArn'),
        bucketName: value('MediaBucketName'),
      }),
      imports: s3.Bucket.fromBucketAttributes(scope, 'ImportsBucket', {
        bucketArn: value('ImportsBucketArn'),
        bucketName: value('ImportsBucketName'),
      }),
      cellarSnapshots: s3.Bucket.fromBucketAttributes(scope, 'CellarSnapshotsBucket', {
        bucketArn: value('CellarSnapshotsBucketArn'),
        bucketName: value('CellarSnapshotsBucketName'),
      }),
      logBucket: s3.Bucket.fromBucketAttributes(scope, 'LogBucket', {
        bucketArn: value('LogBucketArn'),
        bucketName: value('LogBucketName'),
      }),
      authSigningKey: secretsmanager.Secret.fromSecretCompleteArn(
        scope,
        'AuthSigningKey',
        value('AuthSigningKeyArn'),
      ),
      valuationProviderSecretArn:
        this.config.valuationProviderSecretArn ?? value('ValuationProviderSecretArn'),
      paymentsWebhookSecretArn: this.config.paymentsWebhookSecretArn ?? value('PaymentsWebhookSecretArn'),
    };
    imported.set(consumer, data);
    return data;
  }
}

const imported = new WeakMap<Stack, KorkData>();

/** A provider's secret with a generated placeholder value, retained, its manual rotation acknowledged. */
function providerSecret(
  scope: Construct,
  id: string,
  description: string,
  rotation: string,
): secretsmanager.Secret {
  const secret = new secretsmanager.Secret(scope, id, {
    description,
    generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: rotation });
  return secret;
}

function privateBucket(): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    removalPolicy: RemovalPolicy.RETAIN,
  };
}

/** Browsers upload straight to S3 with presigned URLs, from the app's own origin only. */
function uploadCors(origin: string): s3.CorsRule {
  return {
    allowedOrigins: [origin],
    allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.POST],
    allowedHeaders: ['*'],
    exposedHeaders: ['ETag'],
    maxAge: 3000,
  };
}
