/**
 * Least privilege from the manifest: each function's `needs` become hand-written IAM statements on
 * the named resources only. The CDK `grant*` helpers are avoided on purpose: they add wildcard
 * actions (`kms:GenerateDataKey*`, `kms:ReEncrypt*`) and whole `index/*` ARNs we do not need.
 * Every statement goes to the function role's inline policy (`allow`, see inline-policy-role.ts).
 */

import type { BucketName, Needs, QueueName } from '@infra/manifest';
import { Aws, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { CuadraFunction } from './cuadra-function';

/** What receives the statements: a CuadraFunction (its role's inline policy), or a test double. */
export interface PolicyTarget extends IConstruct {
  allow(...statements: iam.PolicyStatement[]): void;
}

/** What `needs` can point at, built by the stack before any function. */
export interface GrantTargets {
  table: ITableV2;
  tableKey: kms.IKey;
  indexNames: readonly string[];
  userPoolArn: string;
  queues: Record<QueueName, sqs.IQueue>;
  buckets: Record<BucketName, s3.IBucket>;
  mailFrom: string;
  /** `execute-api` ARN prefix of the WebSocket stage: `arn:...:{apiId}/{stage}`. */
  webSocketStageArn: string;
  certificatesKey: kms.IKey;
}

export interface GrantOptions {
  /**
   * ARCHITECTURE §5: no Scan on a request path. API functions never get dynamodb:Scan; workers
   * (scheduled recomputes, sweeps) may.
   */
  allowScan: boolean;
}

const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
// TransactWriteItems is authorised through these per-item actions.
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/** What the identity domain does with Cognito: manage users and their groups, never the pool. */
export const COGNITO_USER_ADMIN = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminConfirmSignUp',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
];

/** `needs.textract`: reading invoices and receipts (issue 17), synchronously and as asynchronous jobs. */
export const TEXTRACT_EXPENSE = [
  'textract:AnalyzeExpense',
  'textract:StartExpenseAnalysis',
  'textract:GetExpenseAnalysis',
];

const BUCKET_READ_OBJECTS = ['s3:GetObject'];
const BUCKET_WRITE_OBJECTS = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];
const BUCKET_PUT_OBJECTS = ['s3:PutObject'];

/** `.../identity/example.com` and `.../identity/no-reply@example.com`: SES checks whichever is verified. */
const sesIdentityArns = (mailFrom: string): string[] => {
  const domain = mailFrom.split('@')[1] ?? mailFrom;
  const base = `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity`;
  return [`${base}/${domain}`, `${base}/${mailFrom}`];
};

/**
 * `needs.invokes`: a synchronous Lambda Invoke of exactly that function (its unqualified ARN: no
 * versions or aliases, no `:*`), written by hand like the rest instead of CDK's grantInvoke.
 */
export function grantInvoke(caller: CuadraFunction, target: CuadraFunction): void {
  caller.allow(
    new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.fn.functionArn] }),
  );
}

export function grantNeeds(
  target: PolicyTarget,
  needs: Needs,
  to: GrantTargets,
  options: GrantOptions,
): void {
  const allow = (actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
    target.allow(new iam.PolicyStatement({ actions, resources, ...(conditions ? { conditions } : {}) }));

  if (needs.table) {
    const indexArns = to.indexNames.map((name) => `${to.table.tableArn}/index/${name}`);
    const read = options.allowScan ? [...TABLE_READ, 'dynamodb:Scan'] : TABLE_READ;
    allow(read, [to.table.tableArn, ...indexArns]);
    if (needs.table === 'readwrite') allow(TABLE_WRITE, [to.table.tableArn]);
    // The table is encrypted with our key; DynamoDB uses it on the caller's behalf only.
    allow(
      needs.table === 'readwrite'
        ? ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey']
        : ['kms:Decrypt', 'kms:DescribeKey'],
      [to.tableKey.keyArn],
      { StringEquals: { 'kms:ViaService': `dynamodb.${Aws.REGION}.amazonaws.com` } },
    );
  }

  if (needs.cognito === 'user-admin') allow(COGNITO_USER_ADMIN, [to.userPoolArn]);

  for (const queue of needs.queues ?? []) allow(['sqs:SendMessage'], [to.queues[queue].queueArn]);

  for (const { bucket, access } of needs.buckets ?? []) {
    const b = to.buckets[bucket];
    const objects = b.arnForObjects('*');
    // `put` (write-once archives): new objects only, no listing, reading or deleting.
    if (access !== 'put') allow(['s3:ListBucket'], [b.bucketArn]);
    allow(
      access === 'readwrite'
        ? [...BUCKET_READ_OBJECTS, ...BUCKET_WRITE_OBJECTS]
        : access === 'put'
          ? BUCKET_PUT_OBJECTS
          : BUCKET_READ_OBJECTS,
      [objects],
    );
    acknowledge(
      target,
      wildcardResourceFinding(Stack.of(target), objects),
      `Object keys of the ${bucket} bucket are generated at run time (per company and document), ` +
        'so object actions need <bucket>/*; the statement names this one bucket only.',
    );
  }

  if (needs.sendMail) {
    allow(['ses:SendEmail'], sesIdentityArns(to.mailFrom), {
      StringEquals: { 'ses:FromAddress': to.mailFrom },
    });
  }

  if (needs.websocket) {
    const connections = `${to.webSocketStageArn}/POST/@connections/*`;
    allow(['execute-api:ManageConnections'], [connections]);
    acknowledge(
      target,
      wildcardResourceFinding(Stack.of(target), connections),
      'Connection ids are assigned by API Gateway at $connect; posting to a connection needs ' +
        '@connections/*, limited to POST on this WebSocket API stage.',
    );
  }

  if (needs.textract) {
    // Amazon Textract's expense analysis has no resource-level permissions (Service Authorization
    // Reference: no resource types for these actions), so "*" is the only resource. Textract reads
    // multi-page PDFs from S3 with the caller's own s3:GetObject (granted above by `buckets`).
    allow(TEXTRACT_EXPENSE, ['*']);
    acknowledge(
      target,
      'AwsSolutions-IAM5[Resource::*]',
      'Textract AnalyzeExpense, StartExpenseAnalysis and GetExpenseAnalysis support no resource-level ' +
        'permissions: "*" is required; the statement allows only these three read-only actions.',
    );
  }

  if (needs.certificatesKey) {
    // GenerateDataKey: a .p12 (3-8 KB) is larger than the 4 KB KMS Encrypt limit, so it is envelope-encrypted.
    allow(
      ['kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey', 'kms:DescribeKey'],
      [to.certificatesKey.keyArn],
    );
  }
}
