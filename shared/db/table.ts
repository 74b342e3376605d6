/**
 * The one DynamoDB table, as data. The CDK stack and the local cloud's bootstrap both create
 * the table from this definition, so infrastructure and code cannot drift (ElectroDB's idea).
 */

export const tableDefinition = {
  /** Logical name; the physical name comes from the TABLE_NAME environment variable. */
  logicalName: 'CuadraTable',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** DynamoDB TTL attribute (epoch seconds). */
  ttlAttribute: 'ttl',
  /** Streams carry both images so consumers can see what changed. */
  streamView: 'NEW_AND_OLD_IMAGES',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalIndexes)[number]['name'];
