/**
 * Batch import in the cloud: the imports bucket's "Object Created" events reach the import-steps queue
 * through an EventBridge rule, and the queue's consumer may read the bucket, Textract and one Bedrock model.
 */
import { DEFAULT_MODEL_ID } from '@kork/functions/adapters/model';
import { uploadTriggers } from '@kork/functions/routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKorkApp, type KorkStacks } from '../lib/kork-app';
import { nagFindings, propertiesOf, renderValue, stubAssets, testApp } from './support';

let stacks: KorkStacks;

beforeAll(() => {
  const app = testApp();
  stacks = createKorkApp(app, { assets: stubAssets() });
  app.synth();
});

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}

/** Every statement of the policies attached to one function's role. */
function statementsOf(stack: KorkStacks['async'], queue: string): Statement[] {
  const fn = stack.consumers[queue];
  if (!fn) throw new Error(`no consumer for ${queue}`);
  const role = (propertiesOf(fn.function) as { Role: { 'Fn::GetAtt': [string, string] } }).Role[
    'Fn::GetAtt'
  ][0];
  const policies = Template.fromStack(stack).findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('batch import infrastructure', () => {
  it('sends the imports bucket’s events to EventBridge', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::S3::Bucket', {
      NotificationConfiguration: { EventBridgeConfiguration: { EventBridgeEnabled: true } },
    });
    // Only the imports bucket: nothing listens to the others.
    const buckets = Template.fromStack(stacks.data).findResources('AWS::S3::Bucket');
    const enabled = Object.values(buckets).filter(
      (b) => b.Properties.NotificationConfiguration?.EventBridgeConfiguration?.EventBridgeEnabled,
    );
    expect(enabled).toHaveLength(1);
  });

  it('routes objects under uploads/ of the imports bucket to the import-steps queue', () => {
    const t = Template.fromStack(stacks.async);
    const trigger = uploadTriggers['import-uploaded'];
    const rules = Object.values(t.findResources('AWS::Events::Rule'));
    expect(rules).toHaveLength(Object.keys(uploadTriggers).length);
    const rule = rules[0]?.Properties as {
      EventPattern: Record<string, unknown>;
      Targets: { Arn: { 'Fn::GetAtt': [string, string] } }[];
      State?: string;
    };
    expect(rule.EventPattern).toEqual({
      source: ['aws.s3'],
      'detail-type': ['Object Created'],
      detail: {
        bucket: { name: [{ 'Fn::ImportValue': 'Kork-Data-ImportsBucketName' }] },
        object: { key: [{ prefix: trigger.prefix }] },
      },
    });
    const queue = stacks.async.queues['import-steps'];
    if (!queue) throw new Error('no import-steps queue');
    const queueId = stacks.async.resolve(
      (queue.node.defaultChild as unknown as { logicalId: string }).logicalId,
    );
    expect(rule.Targets).toHaveLength(1);
    expect(rule.Targets[0]?.Arn).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });

    // EventBridge may send to the queue, from this rule only.
    t.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
            Effect: 'Allow',
            Principal: { Service: 'events.amazonaws.com' },
            Condition: {
              ArnEquals: {
                'aws:SourceArn': { 'Fn::GetAtt': [Match.stringLikeRegexp('^importuploadedrule'), 'Arn'] },
              },
            },
          }),
        ]),
      }),
    });
    // The data stack does not depend on the async stack (no cycle).
    expect(stacks.data.dependencies).not.toContain(stacks.async);
  });

  it('lets the import-steps consumer read the bucket, call Textract and invoke one Bedrock model', () => {
    const statements = statementsOf(stacks.async, 'import-steps');
    const textract = statements.find((s) => actionsOf(s).includes('textract:AnalyzeExpense'));
    // (In one statement with X-Ray's, the other action without resource-level permissions.)
    expect(
      actionsOf(textract as Statement)
        .filter((a) => a.startsWith('textract:'))
        .sort(),
    ).toEqual([
      'textract:AnalyzeDocument',
      'textract:AnalyzeExpense',
      'textract:GetDocumentAnalysis',
      'textract:GetExpenseAnalysis',
      'textract:StartDocumentAnalysis',
      'textract:StartExpenseAnalysis',
    ]);
    expect(textract?.Resource).toBe('*');

    const bedrock = statements.find((s) => actionsOf(s).includes('bedrock:InvokeModel'));
    expect(actionsOf(bedrock as Statement)).toEqual(['bedrock:InvokeModel']);
    const resources = ((bedrock?.Resource ?? []) as unknown[]).map(renderValue).sort();
    const model = DEFAULT_MODEL_ID.replace(/^eu\./, '');
    expect(resources).toEqual([
      `arn:<AWS::Partition>:bedrock:*::foundation-model/${model}`,
      `arn:<AWS::Partition>:bedrock:<AWS::Region>:<AWS::AccountId>:inference-profile/${DEFAULT_MODEL_ID}`,
    ]);

    const reads = statements.find((s) => actionsOf(s).includes('s3:GetObject'));
    expect(renderValue(reads?.Resource)).toBe('<Kork-Data-ImportsBucketArn>/*');

    const env = (
      propertiesOf(stacks.async.consumers['import-steps']?.function as never) as {
        Environment: { Variables: Record<string, unknown> };
      }
    ).Environment.Variables;
    expect(env.BEDROCK_MODEL_ID).toBe(DEFAULT_MODEL_ID);
    expect(env.IMPORTS_BUCKET).toEqual({ 'Fn::ImportValue': 'Kork-Data-ImportsBucketName' });
    expect(env.IMPORT_STEPS_QUEUE_URL).toBeDefined();
    expect(env.IMPORTS_UPLOAD_ENDPOINT).toBeUndefined();
  });

  it('grants Textract and Bedrock to no other function', () => {
    for (const [queue, fn] of Object.entries(stacks.async.consumers)) {
      if (queue === 'import-steps') continue;
      const actions = statementsOf(stacks.async, queue).flatMap(actionsOf);
      expect(
        actions.filter((a) => a.startsWith('textract:') || a.startsWith('bedrock:')),
        fn.node.path,
      ).toEqual([]);
    }
  });

  it('leaves no unacknowledged AwsSolutions error in the data and async stacks', () => {
    for (const stack of [stacks.data, stacks.async]) {
      expect(
        nagFindings(stack).filter((f) => f.severity === 'error'),
        stack.stackName,
      ).toEqual([]);
    }
  });
});
