/**
 * The registry of every ElectroDB entity. Domains add theirs here; the infra test checks that the
 * table's GSIs are exactly the physical indexes these schemas use.
 */
import { Service } from 'electrodb';
import { documentClient } from '../platform/dynamo';
import { env } from '../platform/env';
import { createJobRunEntity, jobRunSchema } from './entities/job-run';
import { createSeedRunEntity, seedRunSchema } from './entities/seed-run';

export const allEntities = {
  seedRun: seedRunSchema,
  jobRun: jobRunSchema,
} as const;

function createService() {
  const config = { table: env.tableName(), client: documentClient() };
  return new Service({
    seedRun: createSeedRunEntity(config),
    jobRun: createJobRunEntity(config),
  });
}

let service: ReturnType<typeof createService> | undefined;

/** The ElectroDB service over the table, created on first use. */
export function db() {
  service ??= createService();
  return service;
}

export function resetDb(): void {
  service = undefined;
}

/** The physical GSI names the entities use. */
export function entityGlobalIndexes(): Set<string> {
  const names = new Set<string>();
  for (const schema of Object.values(allEntities)) {
    for (const index of Object.values(schema.indexes) as { index?: string }[]) {
      if (index.index) names.add(index.index);
    }
  }
  return names;
}
