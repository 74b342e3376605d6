/**
 * SDK clients live one per file: with `@aws-sdk/*` external to the bundle, every client a module
 * imports is loaded from the runtime at cold start, so a function only pays for what it uses.
 * Endpoints come from AWS_ENDPOINT_URL_<SERVICE>, which only the local cloud sets.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { once } from './env';

export const ddb = once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);

/** One item of a TransactWriteItems, as the document client takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
