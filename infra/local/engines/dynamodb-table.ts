/**
 * Creates the table from the same definition the CDK stack reads (shared/db/table.ts), idempotently:
 * both GSIs with ALL projection, a NEW_AND_OLD_IMAGES stream and TTL.
 */

import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';

export interface TableDefinitionLike {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  streamView: 'NEW_AND_OLD_IMAGES' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'KEYS_ONLY';
  globalIndexes: readonly { name: string; partitionKey: string; sortKey: string }[];
}

/** Ensures the table exists with its stream and TTL; returns the stream ARN. */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  def: TableDefinitionLike,
): Promise<{ streamArn: string; created: boolean }> {
  let created = false;
  let streamArn = await describeStreamArn(client, tableName);
  if (streamArn === null) {
    const keys = [
      def.partitionKey,
      def.sortKey,
      ...def.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    const res = await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...new Set(keys)].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: def.partitionKey, KeyType: 'HASH' },
          { AttributeName: def.sortKey, KeyType: 'RANGE' },
        ],
        // DynamoDB rejects an empty list: no indexes means no GlobalSecondaryIndexes at all.
        GlobalSecondaryIndexes:
          def.globalIndexes.length === 0
            ? undefined
            : def.globalIndexes.map((i) => ({
                IndexName: i.name,
                KeySchema: [
                  { AttributeName: i.partitionKey, KeyType: 'HASH' },
                  { AttributeName: i.sortKey, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: def.streamView },
      }),
    );
    streamArn = res.TableDescription?.LatestStreamArn;
    created = true;
  }
  if (!streamArn) throw new Error(`Table ${tableName} exists without a stream; run \`npm run reset\``);
  await ensureTtl(client, tableName, def.ttlAttribute);
  return { streamArn, created };
}

/** The stream ARN, `undefined` when the table has no stream, `null` when there is no table. */
async function describeStreamArn(
  client: DynamoDBClient,
  tableName: string,
): Promise<string | undefined | null> {
  try {
    const res = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return res.Table?.LatestStreamArn;
  } catch (e) {
    if (e instanceof ResourceNotFoundException) return null;
    throw e;
  }
}

async function ensureTtl(client: DynamoDBClient, tableName: string, attribute: string): Promise<void> {
  const res = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = res.TimeToLiveDescription?.TimeToLiveStatus;
  if (status === 'ENABLED' || status === 'ENABLING') return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { Enabled: true, AttributeName: attribute },
    }),
  );
}
