/**
 * The single DynamoDB table, derived from `shared/db/table.ts` so the code's keys and the
 * infrastructure cannot drift (the local cloud creates DynamoDB Local's table from the same data).
 */

import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { TableDef } from '../cuadra-manifest';

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

export class DataTable extends Construct {
  readonly table: dynamodb.TableV2;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: { definition: TableDef }) {
    super(scope, id);
    const def = props.definition;

    // A customer-managed key: key usage is auditable in CloudTrail and revocable per principal.
    this.key = new kms.Key(this, 'Key', {
      description: 'Cuadra table encryption',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.table = new dynamodb.TableV2(this, def.logicalName, {
      partitionKey: stringKey(def.partitionKey),
      sortKey: stringKey(def.sortKey),
      globalSecondaryIndexes: def.globalIndexes.map((index) => ({
        indexName: index.name,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
      })),
      timeToLiveAttribute: def.ttlAttribute,
      dynamoStream: dynamodb.StreamViewType[def.streamView],
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryptionV2.customerManagedKey(this.key),
      // Issued invoices and VeriFacTu records live here: a stack update must never drop the table.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
