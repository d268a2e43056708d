/**
 * Asynchronous work: one SQS queue per manifest entry, with a dead-letter queue, an alarm on that
 * dead-letter queue and a consumer Lambda reporting partial batch failures; and the SES identity that
 * mail is sent from.
 */
import {
  uploadTriggers as manifestUploadTriggers,
  type QueueDef,
  type QueueName,
  type UploadTriggerDef,
} from '@kork/functions/routes';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { KorkConfig } from './config';
import type { DataStack } from './data-stack';
import { assetFor, DEFAULT_TIMEOUT_SECONDS, KorkFunction } from './kork-function';

export interface AsyncStackProps extends StackProps {
  config: KorkConfig;
  appUrl: string;
  data: DataStack;
  queues: Record<string, QueueDef>;
  /** Objects that become queue messages; the manifest's by default. */
  uploadTriggers?: Record<string, UploadTriggerDef>;
  assets: Record<string, string>;
}

/** AWS's advice for SQS event sources: a visibility timeout of at least six times the function timeout. */
export const VISIBILITY_TO_TIMEOUT = 6;

export class AsyncStack extends Stack {
  readonly queues: Partial<Record<QueueName, sqs.Queue>> = {};
  readonly deadLetterQueues: Record<string, sqs.Queue> = {};
  readonly consumers: Record<string, KorkFunction> = {};
  readonly mailIdentity: ses.EmailIdentity;

  constructor(scope: Construct, id: string, props: AsyncStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.mailIdentity = new ses.EmailIdentity(this, 'MailIdentity', {
      identity: ses.Identity.domain(config.mailDomain),
    });
    this.mailIdentity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `MailDkimRecord${i + 1}`, {
        description: `CNAME to publish in the DNS of ${config.mailDomain} before SES sends mail`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });

    const alarmTopic = config.alarmTopicArn
      ? sns.Topic.fromTopicArn(this, 'AlarmTopic', config.alarmTopicArn)
      : undefined;

    // Queues first: a consumer may itself send to another queue.
    for (const [name, def] of Object.entries(props.queues)) {
      const timeout = def.consumer.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
      if (def.visibilityTimeoutSeconds < VISIBILITY_TO_TIMEOUT * timeout) {
        throw new Error(
          `Queue ${name}: visibility timeout ${def.visibilityTimeoutSeconds} s is under ${VISIBILITY_TO_TIMEOUT} x the consumer's ${timeout} s`,
        );
      }
      const deadLetterQueue = new sqs.Queue(this, `${name}-dlq`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      this.deadLetterQueues[name] = deadLetterQueue;
      this.queues[name as QueueName] = new sqs.Queue(this, name, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: def.maxReceiveCount },
      });

      const alarm = new cloudwatch.Alarm(this, `${name}-dlq-alarm`, {
        alarmDescription: `Messages of ${name} failed ${def.maxReceiveCount} times and wait in its dead-letter queue`,
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      if (alarmTopic) alarm.addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
    }

    // An upload trigger is a rule on the bucket's EventBridge events, here beside its queue: the rule only
    // names the bucket (a named import), so the data stack knows nothing of this one.
    const data = props.data.importInto(this);
    for (const [name, trigger] of Object.entries(props.uploadTriggers ?? manifestUploadTriggers)) {
      const queue = this.queues[trigger.queue];
      if (!queue) throw new Error(`Upload trigger ${name}: queue ${trigger.queue} is not in the manifest`);
      new events.Rule(this, `${name}-rule`, {
        description: `Objects created under ${trigger.prefix} in the ${trigger.bucket} bucket, to ${trigger.queue}`,
        eventPattern: {
          source: ['aws.s3'],
          detailType: ['Object Created'],
          detail: {
            bucket: { name: [data[trigger.bucket].bucketName] },
            object: { key: events.Match.prefix(trigger.prefix) },
          },
        },
        targets: [new targets.SqsQueue(queue)],
      });
    }

    for (const [name, def] of Object.entries(props.queues)) {
      const fnId = `consume-${name}`;
      const consumer = new KorkFunction(this, fnId, {
        def: def.consumer,
        assetDir: assetFor(props.assets, fnId),
        trigger: 'queue',
        resources: {
          config,
          appUrl: props.appUrl,
          data: props.data,
          queues: this.queues,
          mailIdentity: this.mailIdentity,
        },
      });
      const queue = this.queues[name as QueueName];
      if (!queue) throw new Error(`Queue ${name} was not created`);
      consumer.function.addEventSource(
        new SqsEventSource(queue, { batchSize: def.batchSize, reportBatchItemFailures: true }),
      );
      this.consumers[name] = consumer;
    }
  }
}
