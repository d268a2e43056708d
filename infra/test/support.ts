/**
 * Test support: stub bundles (the infra tests check the infrastructure, not the handlers, and must not
 * depend on a functions build) and cdk-nag findings per stack.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allFunctions } from '@kork/functions/routes';
import { App, type AppProps, type CfnElement, Stack, Stage } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

const cdkJson = new URL('../../cdk.json', import.meta.url);

/**
 * An app with cdk.json's feature flags, as `cdk synth` runs it (without them, cross-stack references and
 * other defaults differ). CDK's own CloudFormation checks cost seconds; only the main app test keeps them.
 */
export function testApp(props: AppProps & { cloudFormationChecks?: boolean } = {}): App {
  const { context } = JSON.parse(readFileSync(cdkJson, 'utf8')) as { context: Record<string, unknown> };
  return new App({
    ...props,
    builtinCloudFormationValidation: props.cloudFormationChecks ?? false,
    context: { ...context, ...props.context },
  });
}

/** The synthesized CloudFormation properties of a construct's resource. */
export function propertiesOf(construct: IConstruct): Record<string, unknown> {
  const stack = Stack.of(construct);
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  const logicalId = stack.resolve(stack.getLogicalId(element)) as string;
  return Template.fromStack(stack).toJSON().Resources[logicalId].Properties;
}

/** One folder per function id with a one-line handler, like `buildFunctions` writes. */
export function stubAssets(extraIds: string[] = []): Record<string, string> {
  const root = mkdtempSync(join(tmpdir(), 'kork-infra-assets-'));
  const assets: Record<string, string> = {};
  for (const id of new Set([...Object.keys(allFunctions()), ...extraIds])) {
    const dir = join(root, id);
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.mjs'), `export const handler = async () => ({ id: '${id}' });\n`);
    assets[id] = dir;
  }
  return assets;
}

/** A built SPA as Vite lays it out: the shell at the root, hashed chunks under assets/. */
export function stubWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kork-infra-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("kork");');
  return dir;
}

export interface NagFinding {
  rule: string;
  severity: string;
  paths: string[];
}

/**
 * AwsSolutions findings left in one stack after acknowledgements. cdk-nag 3 reports through CDK's
 * policy validation instead of annotations, so the pack is run over the stack's construct tree (after
 * synthesis, when every construct exists).
 */
export function nagFindings(stack: Stack): NagFinding[] {
  Stage.of(stack)?.synth();
  const report = new AwsSolutionsChecks().validateScope(stack);
  return report.violations.map((v) => ({
    rule: v.ruleName,
    severity: v.severity ?? 'unknown',
    paths: v.violatingResources.map((r) => r.constructPath ?? r.resourceLogicalId ?? '?'),
  }));
}

export function resourceCount(stack: Stack): number {
  return Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length;
}

/**
 * A template value as text, with what CloudFormation resolves at deploy time written as `<name>`: a
 * named import as its export name, a pseudo parameter or resource as its name.
 */
export function renderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if (Array.isArray(node['Fn::Join'])) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(renderValue).join(separator);
  }
  if ('Fn::ImportValue' in node) return `<${renderValue(node['Fn::ImportValue'])}>`;
  if ('Ref' in node) return `<${String(node.Ref)}>`;
  return JSON.stringify(value);
}

/**
 * A policy's statements without the cellar snapshots' bucket, which every function with table access gets
 * with it (cellar-snapshots.test.ts): what is left is what the function's other needs grant. Statements
 * merged by CDK keep their other resources.
 */
export function beyondCellarSnapshots<S extends { Resource: unknown }>(statements: S[]): S[] {
  return statements.flatMap((s) => {
    const resources = (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).filter(
      (r) => !renderValue(r).startsWith('<Kork-Data-CellarSnapshotsBucketArn>'),
    );
    if (resources.length === 0) return [];
    return [{ ...s, Resource: resources.length === 1 ? resources[0] : resources }];
  });
}
