/**
 * SDK client factories: one client per container, created on first use. Endpoints come from the
 * standard AWS_ENDPOINT_URL_<SERVICE> variables, which the local cloud sets and AWS leaves unset,
 * so the same code talks to DynamoDB Local or to DynamoDB.
 */

import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

export const ddb = once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);

// s3rver (and other local S3 servers) need path-style URLs; there is no environment switch for it.
export const s3 = once(() => new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }));
export const sqs = once(() => new SQSClient({}));
export const sesv2 = once(() => new SESv2Client({}));
export const cognito = once(() => new CognitoIdentityProviderClient({}));
export const wsManagement = once(
  () => new ApiGatewayManagementApiClient({ endpoint: requireEnv('WS_MANAGEMENT_ENDPOINT') }),
);

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const tableName = (): string => requireEnv('TABLE_NAME');
