/** Sending a job's next step to the import-steps queue (queue-messages/src/import-step.ts). */
import type { ImportStep } from '@kork/queue-messages';
import { queue } from '../adapters/queue';
import type { ImportJobRecord } from './import-store';

export async function sendStep(
  step: ImportStep['step'],
  job: Pick<ImportJobRecord, 'ownerId' | 'id' | 'version'>,
): Promise<void> {
  const message: ImportStep = {
    name: 'imports.step',
    version: 1,
    step,
    ownerId: job.ownerId,
    importId: job.id,
    jobVersion: job.version,
  };
  await queue().send('import-steps', [message]);
}
