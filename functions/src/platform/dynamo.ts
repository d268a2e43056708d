/**
 * The DynamoDB clients, created once per module (D6). The endpoint comes from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable, so the same code talks to DynamoDB Local, LocalStack or AWS.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let dynamo: DynamoDBClient | undefined;
let documents: DynamoDBDocumentClient | undefined;

export function dynamoClient(): DynamoDBClient {
  dynamo ??= new DynamoDBClient({ maxAttempts: 3 });
  return dynamo;
}

export function documentClient(): DynamoDBDocumentClient {
  documents ??= DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
  return documents;
}

/** For tests and the local runner, which point the clients at a new endpoint between runs. */
export function resetDynamoClients(): void {
  dynamo?.destroy();
  dynamo = undefined;
  documents = undefined;
}
