import { Entity } from 'electrodb';

/** One row per scheduled-job run: its outcome, for the job's own history and for failure alarms. */
export const jobRunSchema = {
  model: { entity: 'jobRun', version: '1', service: 'kork' },
  attributes: {
    job: { type: 'string', required: true },
    runId: { type: 'string', required: true },
    startedAt: { type: 'string', required: true },
    finishedAt: { type: 'string' },
    status: { type: ['running', 'succeeded', 'failed'] as const, required: true },
    trigger: { type: ['schedule', 'manual'] as const, required: true },
    summary: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    // A job's runs, newest first.
    byJob: {
      pk: { field: 'pk', composite: ['job'] },
      sk: { field: 'sk', composite: ['startedAt', 'runId'] },
    },
    // Runs in one status across all jobs (failed runs to look at).
    byStatus: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['status'] },
      sk: { field: 'gsi2sk', composite: ['startedAt'] },
    },
  },
} as const;

export const createJobRunEntity = (config: ConstructorParameters<typeof Entity>[1]) =>
  new Entity(jobRunSchema, config);
