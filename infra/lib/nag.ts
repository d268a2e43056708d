/**
 * cdk-nag (AwsSolutions) for the whole app, and the one way a finding is acknowledged here: a specific
 * finding on a specific construct, with the reason written next to it.
 */
import { type App, Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
// cdk-nag's own rendering of a policy resource, so an acknowledgement matches its finding id exactly.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/**
 * Acknowledges one wildcard resource (`<resource><suffix>`, e.g. a bucket's objects) on `scope`'s policies.
 * `resource` must render now as it will after synthesis: a same-stack attribute or a named import (see
 * DataStack.importInto), not a CDK cross-stack reference, which is rewritten during synthesis.
 */
export function acknowledgeWildcardResource(
  scope: IConstruct,
  resource: string,
  suffix: string,
  reason: string,
): void {
  const rendered = flattenCfnReference(Stack.of(scope).resolve(resource));
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${rendered}${suffix}]`, reason });
}

export const REASONS = {
  xray: 'X-Ray PutTraceSegments and PutTelemetryRecords do not support resource-level permissions (active tracing).',
  tableIndexes:
    "Scoped to the kork table's own indexes: ElectroDB queries the GSIs by name, and DynamoDB grants indexes as <table>/index/*.",
  bucketObjects:
    'Scoped to the objects of one bucket: object keys are chosen at run time (per user, per upload), so no narrower ARN exists.',
  cellarSnapshots:
    "Scoped to the cellar snapshots' prefix of one bucket: there is one object per cellar owner, named at run time.",
  textract:
    'Textract AnalyzeExpense, AnalyzeDocument and their asynchronous Start/Get calls do not support resource-level permissions.',
  inferenceProfile:
    'One foundation model in any region: a cross-region inference profile sends each request to the model in a region of its choosing.',
} as const;
