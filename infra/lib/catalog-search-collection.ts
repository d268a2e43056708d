/**
 * The catalogue search past one function's memory (docs/search.md), behind the `catalogSearch` context
 * flag (`-c catalogSearch=opensearch`; off by default, when none of this is synthesized): an OpenSearch
 * Serverless search collection, fed by DynamoDB's zero-ETL integration — an OpenSearch Ingestion
 * pipeline that exports the table once (point-in-time recovery, to the imports bucket) and then follows
 * its stream — and the search functions pointed at it (`CATALOG_SEARCH_ENDPOINT`) with data-plane access
 * to the collection alone.
 *
 * It lives in the catalogue routes' stack, beside the functions that read it: the collection's access
 * policy names their roles, and a separate stack would have to refer back to them.
 */

import { CATALOG_MAPPING } from '@kork/functions/catalog/search/opensearch-adapter';
import {
  REMOVED_ATTRIBUTE,
  SEARCH_DOCUMENT_ATTRIBUTE,
  SEARCH_DOCUMENT_ENTITY,
} from '@kork/functions/catalog/search-document-fields';
import { Aws, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as aoss from 'aws-cdk-lib/aws-opensearchserverless';
import * as osis from 'aws-cdk-lib/aws-osis';
import { Construct } from 'constructs';
import type { DataStack } from './data-stack';
import { acknowledgeWildcardResource } from './nag';

/** The index the adapter queries (functions/src/catalog/search/opensearch-adapter.ts). */
export const CATALOG_SEARCH_INDEX = 'catalog-wines';
/** Where the pipeline's initial export of the table lands in the imports bucket. */
export const EXPORT_PREFIX = 'catalog-search-export/';
/** Where the pipeline puts the parsed search document before writing it as the whole document. */
export const LIFTED_DOCUMENT = 'search_document';

/**
 * The composable index template the pipeline's sink puts before it creates the index: the adapter's
 * mapping, so the index exists with it before the first document is written.
 */
export function catalogIndexTemplate(): { template: typeof CATALOG_MAPPING } {
  return { template: CATALOG_MAPPING };
}

export interface CatalogSearchCollectionProps {
  data: DataStack;
  /** The functions that answer catalogue searches. */
  searchFunctions: lambda.Function[];
}

export class CatalogSearchCollection extends Construct {
  readonly collection: aoss.CfnCollection;
  readonly pipeline: osis.CfnPipeline;

  constructor(scope: Construct, id: string, props: CatalogSearchCollectionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const data = props.data.importInto(stack);
    const name = 'kork-catalog';

    const encryption = new aoss.CfnSecurityPolicy(this, 'Encryption', {
      name: `${name}-enc`,
      type: 'encryption',
      policy: JSON.stringify({
        Rules: [{ ResourceType: 'collection', Resource: [`collection/${name}`] }],
        AWSOwnedKey: true,
      }),
    });
    // Reached over HTTPS with SigV4 only: every request is signed by a role the access policy names.
    const network = new aoss.CfnSecurityPolicy(this, 'Network', {
      name: `${name}-net`,
      type: 'network',
      policy: JSON.stringify([
        {
          Rules: [{ ResourceType: 'collection', Resource: [`collection/${name}`] }],
          AllowFromPublic: true,
        },
      ]),
    });
    this.collection = new aoss.CfnCollection(this, 'Collection', {
      name,
      type: 'SEARCH',
      description: 'Kork catalogue search (fed from the table by the zero-ETL pipeline)',
      // Two search and two indexing half-OCUs across zones: the production floor (docs/search.md).
      standbyReplicas: 'ENABLED',
    });
    this.collection.addResourceDependency(encryption);
    this.collection.addResourceDependency(network);

    const pipelineRole = new iam.Role(this, 'PipelineRole', {
      assumedBy: new iam.ServicePrincipal('osis-pipelines.amazonaws.com'),
      description: 'The catalogue zero-ETL pipeline: export and stream of the table into the collection',
    });
    pipelineRole.addToPolicy(
      new iam.PolicyStatement({
        actions: [
          'dynamodb:DescribeTable',
          'dynamodb:DescribeContinuousBackups',
          'dynamodb:ExportTableToPointInTime',
        ],
        resources: [data.table.tableArn],
      }),
    );
    pipelineRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DescribeExport'],
        resources: [`${data.table.tableArn}/export/*`],
      }),
    );
    pipelineRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
        resources: [`${data.table.tableArn}/stream/*`],
      }),
    );
    pipelineRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
        resources: [data.imports.arnForObjects(`${EXPORT_PREFIX}*`)],
      }),
    );
    pipelineRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['aoss:BatchGetCollection', 'aoss:APIAccessAll'],
        resources: [this.collection.attrArn],
      }),
    );

    acknowledgeWildcardResource(
      pipelineRole,
      data.table.tableArn,
      '/export/*',
      "The table's exports: their ids are chosen by DynamoDB when the pipeline starts one.",
    );
    acknowledgeWildcardResource(
      pipelineRole,
      data.table.tableArn,
      '/stream/*',
      "The table's stream: its ARN ends in the time it was enabled, not known before deployment.",
    );
    acknowledgeWildcardResource(
      pipelineRole,
      data.imports.bucketArn,
      `/${EXPORT_PREFIX}*`,
      'The export files under one prefix of one bucket: DynamoDB names them per export.',
    );

    const searchRoles = props.searchFunctions.map((fn) => fn.role as iam.IRole);
    new aoss.CfnAccessPolicy(this, 'DataAccess', {
      name: `${name}-access`,
      type: 'data',
      policy: stack.toJsonString([
        {
          Description: 'The pipeline writes the index',
          Rules: [
            {
              ResourceType: 'index',
              Resource: [`index/${name}/*`],
              Permission: [
                'aoss:CreateIndex',
                'aoss:UpdateIndex',
                'aoss:DescribeIndex',
                'aoss:WriteDocument',
              ],
            },
          ],
          Principal: [pipelineRole.roleArn],
        },
        {
          Description: 'The search functions read it',
          Rules: [
            {
              ResourceType: 'index',
              Resource: [`index/${name}/${CATALOG_SEARCH_INDEX}`],
              Permission: ['aoss:ReadDocument', 'aoss:DescribeIndex'],
            },
          ],
          Principal: searchRoles.map((role) => role.roleArn),
        },
      ]),
    });

    const pipelineLogs = new logs.LogGroup(this, 'PipelineLogs', {
      // OpenSearch Ingestion writes to log groups under this prefix only.
      logGroupName: `/aws/vendedlogs/OpenSearchIngestion/${name}/audit-logs`,
      retention: logs.RetentionDays.THREE_MONTHS,
    });
    this.pipeline = new osis.CfnPipeline(this, 'Pipeline', {
      pipelineName: name,
      minUnits: 1,
      maxUnits: 4,
      pipelineConfigurationBody: pipelineConfiguration(stack, {
        tableArn: data.table.tableArn,
        exportBucket: data.imports.bucketName,
        roleArn: pipelineRole.roleArn,
        endpoint: this.collection.attrCollectionEndpoint,
      }),
      logPublishingOptions: {
        isLoggingEnabled: true,
        cloudWatchLogDestination: { logGroup: pipelineLogs.logGroupName },
      },
    });
    this.pipeline.node.addDependency(pipelineRole);

    for (const fn of props.searchFunctions) {
      fn.addEnvironment('CATALOG_SEARCH', 'opensearch');
      fn.addEnvironment('CATALOG_SEARCH_ENDPOINT', this.collection.attrCollectionEndpoint);
      fn.addEnvironment('CATALOG_SEARCH_INDEX', CATALOG_SEARCH_INDEX);
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['aoss:APIAccessAll'], resources: [this.collection.attrArn] }),
      );
    }
  }
}

/**
 * The pipeline's Data Prepper configuration: the table (a full export first, then its stream), only the
 * search document items (search-documents.ts, one per wine, written from the catalogue's change feed),
 * each item's JSON document parsed and written as the whole document of the catalogue index under the
 * item's key, with DynamoDB's version (external versioning: a late record never overwrites a newer one);
 * a tombstone deletes the document. The sink puts the index template with `CATALOG_MAPPING` before it
 * creates the index, so the index has the adapter's mapping before the first write.
 */
function pipelineConfiguration(
  stack: Stack,
  p: {
    tableArn: string;
    exportBucket: string;
    roleArn: string;
    endpoint: string;
  },
): string {
  const aws = { sts_role_arn: p.roleArn, region: Aws.REGION };
  const config = {
    version: '2',
    'catalog-pipeline': {
      source: {
        dynamodb: {
          acknowledgments: true,
          tables: [
            {
              table_arn: p.tableArn,
              stream: { start_position: 'LATEST' },
              export: { s3_bucket: p.exportBucket, s3_region: Aws.REGION, s3_prefix: EXPORT_PREFIX },
            },
          ],
          aws,
        },
      },
      // The item's JSON document becomes an object of the event: the sink writes only that object.
      processor: [{ parse_json: { source: SEARCH_DOCUMENT_ATTRIBUTE, destination: LIFTED_DOCUMENT } }],
      // ElectroDB-style entity names: only the search documents enter the catalogue index, not the wines.
      route: [{ 'search-documents': `/__edb_e__ == "${SEARCH_DOCUMENT_ENTITY}"` }],
      sink: [
        {
          opensearch: {
            hosts: [p.endpoint],
            index: CATALOG_SEARCH_INDEX,
            index_type: 'custom',
            // Composable templates (`_index_template`), which Serverless collections take.
            template_type: 'index-template',
            template_content: JSON.stringify(catalogIndexTemplate()),
            document_root_key: LIFTED_DOCUMENT,
            // biome-ignore lint/suspicious/noTemplateCurlyInString: Data Prepper's own expression, not a template
            document_id: '${getMetadata("primary_key")}',
            // A tombstone deletes the wine's document; every other item is its current document.
            actions: [{ type: 'delete', when: `/${REMOVED_ATTRIBUTE} == true` }, { type: 'index' }],
            // biome-ignore lint/suspicious/noTemplateCurlyInString: Data Prepper's own expression, not a template
            document_version: '${getMetadata("document_version")}',
            document_version_type: 'external',
            routes: ['search-documents'],
            aws: { ...aws, serverless: true },
          },
        },
      ],
    },
  };
  return stack.toJsonString(config);
}
