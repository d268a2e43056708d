/**
 * AWS SDK clients, created once per module (D6). Endpoints come from the standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the same code talks to DynamoDB Local, the S3 emulator,
 * LocalStack or AWS.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let dynamo: DynamoDBClient | undefined;
let documents: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;

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

export function s3Client(): S3Client {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL;
  s3 ??= new S3Client({
    forcePathStyle: Boolean(endpoint),
    // The S3 emulator stores aws-chunked framing verbatim unless checksums are only sent when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return s3;
}

/** For tests that point the clients at another endpoint between runs. */
export function resetClients(): void {
  dynamo?.destroy();
  s3?.destroy();
  dynamo = undefined;
  documents = undefined;
  s3 = undefined;
}
