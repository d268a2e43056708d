/**
 * The import-steps queue's consumer: a step of a batch import (ImportStep), or the imports bucket's
 * "Object Created" event for an uploaded file, which is the job's scan. One record at a time; a record
 * that fails is reported alone and delivered again, and its last attempt ends the job instead.
 */
import { ImportStep, ImportUploaded, parseImportUploadKey } from '@kork/queue-messages';
import * as z from 'zod/mini';
import { sqsConsumer } from '../platform/sqs';
import { endJob, LAST_ATTEMPT, matchStep, scanStep } from './import-pipeline';
import { writeStep } from './import-write';

const ImportStepMessage = z.union([ImportStep, ImportUploaded]);

export const handler = sqsConsumer('import-steps', ImportStepMessage, async (message, context) => {
  const step = { attempt: context.receiveCount, log: context.log };
  if ('detail' in message) {
    const upload = parseImportUploadKey(message.detail.object.key);
    if (!upload) {
      context.log.info('upload outside the imports layout ignored', { key: message.detail.object.key });
      return;
    }
    await scanStep(upload.ownerId, upload.importId, step);
    return;
  }
  const { ownerId, importId, jobVersion } = message;
  if (message.step === 'scan') await scanStep(ownerId, importId, step);
  else if (message.step === 'match') await matchStep(ownerId, importId, jobVersion, step);
  else {
    try {
      await writeStep(ownerId, importId, jobVersion, step);
    } catch (error) {
      if (step.attempt < LAST_ATTEMPT) throw error;
      context.log.error('import write failed on its last attempt', { importId, error });
      // The wines written stay (each transaction is whole); the job says it stopped.
      await endJob(ownerId, importId, ['importing'], 'failed', { code: 'importWriteStopped' });
    }
  }
});
