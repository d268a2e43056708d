/**
 * Scheduled jobs: for each entry of the manifest's `jobs`, a Lambda, an EventBridge Scheduler schedule
 * that invokes it and an alarm on its errors. The jobs map is a prop so tests can inject one.
 */
import type { JobDef } from '@kork/functions/routes';
import { Duration, Stack, type StackProps, TimeZone } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { assetFor, type FunctionResources, KorkFunction } from './kork-function';

export interface JobsStackProps extends StackProps {
  jobs: Record<string, JobDef>;
  assets: Record<string, string>;
  resources: FunctionResources;
}

/** Cron expressions in the manifest are read in Norwegian time, where the product's users are. */
export const JOB_TIME_ZONE = TimeZone.of('Europe/Oslo');

/** Norges Bank's open SDMX API: the newest business-day spot rate of every currency against NOK. */
export const NORGES_BANK_RATES_URL =
  'https://data.norges-bank.no/api/data/EXR/B..NOK.SP?format=sdmx-json&lastNObservations=1';

/**
 * Settings particular to one job of the manifest, by its name. Without `EXCHANGE_RATES_URL` (locally) the
 * exchange-rates job stores the reference rates Kork ships with; in the cloud it reads Norges Bank.
 */
export const JOB_ENVIRONMENT: Record<string, Record<string, string>> = {
  'exchange-rates': { EXCHANGE_RATES_URL: NORGES_BANK_RATES_URL },
};

export class JobsStack extends Stack {
  readonly jobs: Record<string, KorkFunction> = {};

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const entries = Object.entries(props.jobs);
    if (entries.length === 0) return;

    // One role for every schedule, allowed to invoke the job functions and nothing else (no `:*`
    // qualifier wildcard, which the default target role would add).
    const schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    });
    const alarmTopic = props.resources.config.alarmTopicArn
      ? sns.Topic.fromTopicArn(this, 'AlarmTopic', props.resources.config.alarmTopicArn)
      : undefined;

    for (const [name, def] of entries) {
      const fnId = `job-${name}`;
      const job = new KorkFunction(this, fnId, {
        def,
        assetDir: assetFor(props.assets, fnId),
        trigger: 'schedule',
        resources: props.resources,
      });
      for (const [key, value] of Object.entries(JOB_ENVIRONMENT[name] ?? {})) {
        job.function.addEnvironment(key, value);
      }
      this.jobs[name] = job;
      schedulerRole.addToPolicy(
        new iam.PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [job.function.functionArn],
        }),
      );
      new scheduler.Schedule(this, `${fnId}-schedule`, {
        description: def.description,
        schedule: scheduler.ScheduleExpression.expression(def.schedule, JOB_TIME_ZONE),
        target: new LambdaInvoke(job.function, {
          role: schedulerRole.withoutPolicyUpdates(),
          // The scheduled-event shape the local runner (infra/local/jobs.ts) hands the same handler.
          input: scheduler.ScheduleTargetInput.fromObject(scheduledEvent(name)),
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      });
      const alarm = new cloudwatch.Alarm(this, `${fnId}-errors`, {
        alarmDescription: `Scheduled job ${name} failed`,
        metric: job.function.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      if (alarmTopic) alarm.addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
    }
  }
}

export function scheduledEvent(job: string) {
  return { source: 'kork.scheduler', 'detail-type': 'Scheduled Event', detail: { job } };
}
