/**
 * The catalogue search past one function's memory: behind `catalogSearch` (memory by default), an
 * OpenSearch Serverless collection fed by the table's zero-ETL pipeline, the search route pointed at it.
 */

import { CATALOG_MAPPING } from '@kork/functions/catalog/search/opensearch-adapter';
import {
  REMOVED_ATTRIBUTE,
  SEARCH_DOCUMENT_ATTRIBUTE,
  SEARCH_DOCUMENT_ENTITY,
} from '@kork/functions/catalog/search-document-fields';
import { catalogSearchFunctions, jobs, type RouteDef, routeId, routes } from '@kork/functions/routes';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import { nagFindings, propertiesOf, renderValue, stubAssets, testApp } from './support';

const SEARCH = 'GET /api/wines';

function synth(context: Record<string, unknown> = {}) {
  const app = testApp({ context });
  const stacks = createKorkApp(app, { assets: stubAssets(Object.keys(catalogSearchFunctions())) });
  app.synth();
  const all = app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  return { stacks, all };
}

function searchFunction(stacks: KorkStacks) {
  const def = (routes as Record<string, RouteDef>)[SEARCH] as RouteDef;
  const fn = stacks.routes[def.group]?.functions[routeId(SEARCH)];
  if (!fn) throw new Error('no search function');
  return fn;
}

/** The table's properties (the data stack has one). */
function tableOf(stacks: KorkStacks): Record<string, unknown> {
  const tables = Object.values(Template.fromStack(stacks.data).findResources('AWS::DynamoDB::Table'));
  expect(tables).toHaveLength(1);
  return tables[0]?.Properties as Record<string, unknown>;
}

/** A template value as text, each reference a placeholder inside the text (the body stays JSON). */
function renderText(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (Array.isArray(node['Fn::Join'])) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(renderText).join(separator);
  }
  if ('Fn::ImportValue' in node) return `<${renderText(node['Fn::ImportValue'])}>`;
  if ('Ref' in node) return `<${String(node.Ref)}>`;
  if ('Fn::GetAtt' in node) return `<${(node['Fn::GetAtt'] as string[]).join('.')}>`;
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}

/** The pipeline's Data Prepper configuration, parsed back. */
function pipelineBody(stacks: KorkStacks) {
  const catalog = Template.fromStack(searchFunction(stacks).function.stack);
  const [pipeline] = Object.values(catalog.findResources('AWS::OSIS::Pipeline'));
  const body = JSON.parse(renderText(pipeline?.Properties.PipelineConfigurationBody));
  return body['catalog-pipeline'] as {
    processor: Record<string, Record<string, unknown>>[];
    route: Record<string, string>[];
    sink: { opensearch: Record<string, unknown> }[];
  };
}

const templates = (all: Stack[]) =>
  Object.fromEntries(all.map((stack) => [stack.stackName, Template.fromStack(stack).toJSON()]));

describe('catalogue search in OpenSearch, behind a flag', () => {
  let off: ReturnType<typeof synth>;
  let on: ReturnType<typeof synth>;
  beforeAll(() => {
    off = synth();
    on = synth({ catalogSearch: 'opensearch' });
  });

  it('off by default: the same stacks as with the flag set to memory, and nothing of OpenSearch', () => {
    const memory = synth({ catalogSearch: 'memory' });
    expect(templates(memory.all)).toEqual(templates(off.all));
    const text = JSON.stringify(templates(off.all));
    expect(text).not.toMatch(/OpenSearchServerless|AWS::OSIS|CATALOG_SEARCH|aoss:/);
    expect(tableOf(off.stacks)).not.toHaveProperty('StreamSpecification');
  });

  it('on: a search collection encrypted and reached with signed requests only, in the catalogue routes', () => {
    const catalog = Template.fromStack(searchFunction(on.stacks).function.stack);
    catalog.hasResourceProperties('AWS::OpenSearchServerless::Collection', {
      Name: 'kork-catalog',
      Type: 'SEARCH',
    });
    catalog.hasResourceProperties('AWS::OpenSearchServerless::SecurityPolicy', { Type: 'encryption' });
    catalog.hasResourceProperties('AWS::OpenSearchServerless::SecurityPolicy', { Type: 'network' });
  });

  it('on: fed by the zero-ETL pipeline from the table (its export, then its stream) with wines only', () => {
    const table = tableOf(on.stacks);
    expect(table.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    const catalog = Template.fromStack(searchFunction(on.stacks).function.stack);
    const pipelines = Object.values(catalog.findResources('AWS::OSIS::Pipeline'));
    expect(pipelines).toHaveLength(1);
    const body = renderValue(pipelines[0]?.Properties.PipelineConfigurationBody);
    expect(body).toContain('"dynamodb":');
    expect(body).toContain('"table_arn":"<Kork-Data-TableArn>"');
    expect(body).toContain('"s3_bucket":"<Kork-Data-ImportsBucketName>"');
    expect(body).toContain('"index":"catalog-wines"');
    expect(body).toContain('"serverless":true');
    catalog.hasResourceProperties('AWS::OSIS::Pipeline', {
      LogPublishingOptions: Match.objectLike({ IsLoggingEnabled: true }),
    });
  });

  it("on: the index is created with the adapter's mapping, from the sink's index template, before any write", () => {
    const sink = pipelineBody(on.stacks).sink[0]?.opensearch ?? {};
    expect(sink.index).toBe('catalog-wines');
    expect(sink.index_type).toBe('custom');
    expect(sink.template_type).toBe('index-template');
    expect(typeof sink.template_content).toBe('string');
    expect(JSON.parse(sink.template_content as string)).toEqual({
      template: JSON.parse(JSON.stringify(CATALOG_MAPPING)),
    });
    // The mapping the adapter queries: strict, the Norwegian sort key and the stored, unindexed document.
    const mapping = JSON.parse(sink.template_content as string).template.mappings;
    expect(mapping.dynamic).toBe('strict');
    expect(mapping.properties.name.fields.sort).toEqual({ type: 'icu_collation_keyword', language: 'nb' });
    expect(mapping.properties.doc).toEqual({ type: 'object', enabled: false });
  });

  it('on: only the search document items enter the index, their JSON lifted as the whole document', () => {
    const pipeline = pipelineBody(on.stacks);
    expect(pipeline.route).toEqual([{ 'search-documents': `/__edb_e__ == "${SEARCH_DOCUMENT_ENTITY}"` }]);
    expect(pipeline.processor).toEqual([
      { parse_json: { source: SEARCH_DOCUMENT_ATTRIBUTE, destination: 'search_document' } },
    ]);
    const sink = pipeline.sink[0]?.opensearch ?? {};
    expect(sink.routes).toEqual(['search-documents']);
    expect(sink.document_root_key).toBe('search_document');
    // A tombstone deletes the wine's document; the table's versions keep a late record from winning.
    expect(sink.actions).toEqual([
      { type: 'delete', when: `/${REMOVED_ATTRIBUTE} == true` },
      { type: 'index' },
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Data Prepper's own expression, not a template
    expect(sink.document_id).toBe('${getMetadata("primary_key")}');
    expect(sink.document_version_type).toBe('external');
  });

  it('on: a job writes the search documents every minute from the change feed, and only with the flag', () => {
    const name = 'catalog-search-documents';
    expect(Object.keys(jobs)).not.toContain(name);
    expect(off.stacks.jobs?.jobs[name]).toBeUndefined();
    const job = on.stacks.jobs?.jobs[name];
    expect(job).toBeDefined();
    const env = (
      propertiesOf(job?.function as never) as { Environment: { Variables: Record<string, unknown> } }
    ).Environment.Variables;
    expect(env).toHaveProperty('TABLE_NAME');
    Template.fromStack(on.stacks.jobs as Stack).hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
    });
  });

  it('on: the search route is pointed at the collection and may call it, and the pipeline may read the table', () => {
    const fn = searchFunction(on.stacks);
    const env = (propertiesOf(fn.function) as { Environment: { Variables: Record<string, unknown> } })
      .Environment.Variables;
    expect(env.CATALOG_SEARCH).toBe('opensearch');
    expect(env.CATALOG_SEARCH_ENDPOINT).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^CatalogSearchCollection/), 'CollectionEndpoint'],
    });
    const policy = fn.function.role?.node.tryFindChild('DefaultPolicy');
    const statements = (
      propertiesOf(policy as never) as { PolicyDocument: { Statement: { Action: unknown }[] } }
    ).PolicyDocument.Statement;
    expect(statements.some((s) => JSON.stringify(s.Action) === '"aoss:APIAccessAll"')).toBe(true);
    const catalog = Template.fromStack(fn.function.stack);
    const access = Object.values(catalog.findResources('AWS::OpenSearchServerless::AccessPolicy'));
    expect(access).toHaveLength(1);
    const accessText = JSON.stringify(access[0]?.Properties.Policy);
    expect(accessText).toContain('aoss:ReadDocument');
    expect(accessText).toContain(fn.function.stack.resolve(fn.function.role?.roleArn)['Fn::GetAtt'][0]);
    catalog.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'osis-pipelines.amazonaws.com' } })],
      }),
    });
    // Other routes of the catalogue are not given the collection.
    const others = Object.values(catalog.findResources('AWS::Lambda::Function')).filter((r) =>
      JSON.stringify(r.Properties.Environment ?? {}).includes('CATALOG_SEARCH_ENDPOINT'),
    );
    expect(others).toHaveLength(1);
  });

  it('on: cdk-nag finds no error in the data and catalogue stacks', () => {
    for (const stack of [on.stacks.data, searchFunction(on.stacks).function.stack]) {
      expect(
        nagFindings(stack).filter((f) => f.severity === 'error'),
        stack.stackName,
      ).toEqual([]);
    }
  });
});
