/**
 * The integration tier's one DynamoDB Local, started once before the first test file and stopped after
 * the last. Every stack a test file starts in memory takes a region of its own in it, and so a database
 * of its own (`startLocalStack`): files running at once never see each other's items, and none waits
 * for a Java process of its own to start and warm up.
 */
import { SHARED_DYNAMODB_ENV, startDynamoLocal } from '../../infra/local/dynamodb-local';

export default async function setup(): Promise<() => Promise<void>> {
  const dynamo = await startDynamoLocal({ databasePerRegion: true, heapMiB: 1024 });
  // Test files run in worker processes started after this, with this process's environment.
  process.env[SHARED_DYNAMODB_ENV] = dynamo.endpoint;
  return async () => {
    delete process.env[SHARED_DYNAMODB_ENV];
    await dynamo.stop();
  };
}
