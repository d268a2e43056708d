/**
 * The front door: one CloudFront distribution on the app's origin. `/*` serves the SPA from a private
 * bucket, `/api/*` goes to the HTTP API (a streamed route's path to its function URL instead), `/img*` to
 * the image-resize Lambda, `/l/*` (the guest's wine list page) to its API route, cached (list-page-origin.ts).
 * Same origin for all,
 * so the browser needs no CORS and the CSP can stay `'self'`. `/embed/*` is the SPA too, with headers
 * that let other sites frame it.
 */
import { imageFunction } from '@kork/functions/routes';
import { CfnOutput, Duration, Fn, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { StreamingRoute } from './api-routes-stack';
import { type KorkConfig, tileOrigin } from './config';
import { type DataStack, SPA_ACCESS_LOG_PREFIX } from './data-stack';
import { assetFor, KorkFunction } from './kork-function';
import { LIST_PAGE_PATH_PATTERN, listPageBehavior } from './list-page-origin';
import { acknowledgeWildcardResource, REASONS } from './nag';
import {
  CONTENT_SECURITY_POLICY,
  EMBED_CONTENT_SECURITY_POLICY,
  EMBED_PATH_PATTERN,
  type SecurityHeaderSet,
  securityHeaderSet,
} from './security-headers';
import { streamingBehaviors } from './streaming-origin';

export { CONTENT_SECURITY_POLICY, EMBED_CONTENT_SECURITY_POLICY };

export interface WebStackProps extends StackProps {
  config: KorkConfig;
  api: apigw.IHttpApi;
  data: DataStack;
  assets: Record<string, string>;
  /** The built SPA (web/dist). Without it the stack still synthesizes, with an empty bucket. */
  webDist?: string;
  /** Streamed routes' function URLs: each path goes to its function, ahead of `/api/*` (streaming-origin.ts). */
  streamingRoutes?: readonly StreamingRoute[];
}

export const IMAGE_FUNCTION_ID = 'image-resize';

/** Files the web build precompresses for the local origin; CloudFront compresses at the edge instead. */
const PRECOMPRESSED = ['*.br', '*.gz'];

/**
 * Client-side routes have no file extension: they get the SPA shell. Rewriting at the edge, instead of
 * turning 403/404 into index.html, keeps the API's own 403 and 404 answers intact.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly spaBucket: s3.Bucket;
  readonly imageFunction: KorkFunction;
  /** The address users open; what the functions put into links. */
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const data = props.data.importInto(this);

    this.spaBucket = new s3.Bucket(this, 'SpaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: data.logBucket,
      serverAccessLogsPrefix: SPA_ACCESS_LOG_PREFIX,
    });
    Validations.of(this.spaBucket).acknowledge({
      id: 'Annotation::@aws-cdk/aws-s3:accessLogsPolicyNotAdded',
      reason: "The data stack's log bucket policy already admits this prefix (SPA_ACCESS_LOG_PREFIX).",
    });

    this.imageFunction = new KorkFunction(this, IMAGE_FUNCTION_ID, {
      def: imageFunction,
      assetDir: assetFor(props.assets, IMAGE_FUNCTION_ID),
      trigger: 'image',
      // The distribution's own domain cannot go in here: the distribution already depends on this function.
      resources: { config, appUrl: config.appUrl, data: props.data, queues: {} },
    });
    // Only CloudFront can call it: the URL requires SigV4, which the origin access control adds.
    const imageUrl = this.imageFunction.function.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.AWS_IAM,
    });

    const securityHeaders = this.headersPolicy(
      'SecurityHeaders',
      'Kork: CSP, HSTS and the usual hardening headers; no framing',
      // The batch import page PUTs files straight to the imports bucket with presigned URLs; maps load
      // their tiles from the configured tile service.
      securityHeaderSet('deny', {
        connectSources: [importsBucketOrigin(data.imports.bucketName, this.region)],
        imageSources: config.mapTileUrl ? [tileOrigin(config.mapTileUrl)] : [],
        // Google's and Apple's sign-in scripts, for the providers this deployment has client ids for.
        signIn: { google: config.googleClientIds.length > 0, apple: config.appleClientIds.length > 0 },
      }),
    );
    const embedHeaders = this.headersPolicy(
      'EmbedSecurityHeaders',
      'Kork /embed: the same headers, but any site may frame the page',
      securityHeaderSet('any-site'),
    );

    // Resized images differ by source, width and the formats the browser accepts (AVIF, WebP, JPEG).
    const imageCache = new cloudfront.CachePolicy(this, 'ImageCache', {
      comment: 'Kork /img: keyed on url, w, style and Accept',
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('url', 'w', 'style'),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Accept'),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(7),
      maxTtl: Duration.days(365),
    });

    const certificate = config.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
      : undefined;

    const spaOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.spaBucket);
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Extension-less paths get the SPA shell',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    // The shell and its assets: cached, compressed at the edge (gzip and Brotli, as CachingOptimized
    // keys on them), client routes rewritten to the shell.
    const spaBehavior = {
      origin: spaOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      functionAssociations: [
        { eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: spaRewrite },
      ],
    } satisfies cloudfront.BehaviorOptions;

    const apiOrigin = new origins.HttpOrigin(Fn.parseDomainName(props.api.apiEndpoint), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Kork',
      domainNames: config.domainName ? [config.domainName] : undefined,
      certificate,
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Users are in Norway and Europe; the cheapest class covers Europe and North America.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: data.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: { ...spaBehavior, responseHeadersPolicy: securityHeaders },
      additionalBehaviors: {
        // Streamed answers first: CloudFront takes the first pattern that matches, and `/api/*` does too.
        ...streamingBehaviors(this, props.streamingRoutes ?? [], securityHeaders),
        // The embedded wine card: the same shell and rewrite, framable by any site.
        [EMBED_PATH_PATTERN]: { ...spaBehavior, responseHeadersPolicy: embedHeaders },
        '/api/*': {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET; API clients must use HTTPS.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Everything but Host: API Gateway routes on its own host name.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          // CloudFront compresses only what it may cache; with caching disabled API answers pass as sent.
          responseHeadersPolicy: securityHeaders,
        },
        '/img*': {
          origin: origins.FunctionUrlOrigin.withOriginAccessControl(imageUrl),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: imageCache,
          responseHeadersPolicy: securityHeaders,
        },
        // The guest's list page: no other behaviour's pattern matches `/l/…`, and the SPA serves nothing
        // under it but its own fallback view of the same page (web/src/app/router.tsx).
        [LIST_PAGE_PATH_PATTERN]: listPageBehavior(this, apiOrigin, securityHeaders),
      },
    });

    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1; with domainName/certificateArn set the minimum is TLSv1.2_2021.',
      });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The product serves users in any country (Norway first); there is no country to block.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF yet: the API stage is throttled, logins are rate-limited in the product (D8), and every API route requires a client key; the streamed routes, which bypass the stage, are limited per user and by a monthly token budget in the product. Add a web ACL when traffic or abuse justifies its cost.',
    });

    this.appUrl = config.appUrl ?? `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'AppUrl', { value: this.appUrl });
    new CfnOutput(this, 'SpaBucketName', { value: this.spaBucket.bucketName });

    if (props.webDist) this.deploySpa(props.webDist);
  }

  /** One response headers policy from the shared definition (security-headers.ts). */
  private headersPolicy(
    id: string,
    comment: string,
    set: SecurityHeaderSet,
  ): cloudfront.ResponseHeadersPolicy {
    return new cloudfront.ResponseHeadersPolicy(this, id, {
      comment,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: set.contentSecurityPolicy, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(set.hstsMaxAgeSeconds),
          includeSubdomains: set.hstsIncludeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        ...(set.frameOptions === 'DENY'
          ? { frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true } }
          : {}),
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });
  }

  /**
   * Hashed assets are cached for a year; the shell and other root files are revalidated on every load.
   * The deployment runs as a role of our own: the default one carries AWSLambdaBasicExecutionRole and
   * s3:*Object* wildcards on both buckets, more than copying one archive into one bucket needs.
   */
  private deploySpa(webDist: string): void {
    const archive = new s3assets.Asset(this, 'SpaArchive', { path: webDist, exclude: PRECOMPRESSED });
    const logGroup = new logs.LogGroup(this, 'SpaDeploymentLogs', { retention: logs.RetentionDays.ONE_WEEK });
    const role = new iam.Role(this, 'SpaDeploymentRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [archive.bucket.arnForObjects(archive.s3ObjectKey)],
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.spaBucket.bucketArn] }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
        resources: [this.spaBucket.arnForObjects('*')],
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'],
        resources: [this.distribution.distributionArn],
      }),
    );
    acknowledgeWildcardResource(role, this.spaBucket.bucketArn, '/*', REASONS.bucketObjects);

    const common = {
      sources: [s3deploy.Source.bucket(archive.bucket, archive.s3ObjectKey)],
      destinationBucket: this.spaBucket,
      // Grants made by the construct itself are dropped; the role above holds exactly what it needs.
      role: role.withoutPolicyUpdates(),
      logGroup,
    };
    const assets = new s3deploy.BucketDeployment(this, 'SpaAssets', {
      ...common,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      // Old chunks stay: a tab opened before the deployment still lazy-loads them.
      prune: false,
    });
    const shell = new s3deploy.BucketDeployment(this, 'SpaShell', {
      ...common,
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    shell.node.addDependency(assets);

    for (const child of this.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-L1',
          reason:
            "The SPA deployment handler is aws-cdk-lib's own BucketDeployment function; its runtime moves with aws-cdk-lib.",
        });
      }
    }
  }
}

/** The imports bucket's regional virtual-hosted endpoint, where the SDK points presigned uploads. */
export function importsBucketOrigin(bucketName: string, region: string): string {
  return `https://${bucketName}.s3.${region}.amazonaws.com`;
}
