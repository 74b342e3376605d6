/**
 * The wiring of `npm start`, checked on the running local cloud: resources created from the
 * manifest, the handler environment, token issuer, and the event paths end to end with the real
 * handlers (outbox item → stream → queue → SES; SMTP → inbound bucket; browser upload via CORS).
 */

import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListGroupsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createAccessTokenVerifier, verifierConfigFromEnv } from '@functions/platform/jwt';
import { mailOutboxItem } from '@shared/db/outbox';
import { describe, expect, inject, it } from 'vitest';
import { buckets, envNames, type QueueName, queues } from '../manifest';
import { localClientConfig } from './aws';
import { DEMO_PASSWORD } from './demo-data';
import { sendMail } from './engines/test-smtp-client';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const env = cloud.env;
const config = (endpoint: string) => localClientConfig(endpoint);

const until = async <T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const sentMail = async (subject: string) => {
  const res = await fetch(`${cloud.url}/_dev/mailbox.json`);
  return ((await res.json()) as SentMail[]).find((m) => m.subject === subject);
};

describe('resources from the manifest', () => {
  it('sets every environment variable the functions read', () => {
    const names = [
      envNames.table,
      envNames.userPoolId,
      envNames.userPoolClientId,
      envNames.mailFrom,
      envNames.wsEndpoint,
      envNames.appUrl,
      envNames.stage,
      envNames.jwtIssuer,
      envNames.jwksUri,
      ...Object.keys(queues).map((q) => envNames.queueUrl(q as QueueName)),
      ...Object.keys(buckets).map((b) => envNames.bucket(b as keyof typeof buckets)),
    ];
    for (const name of names) expect(env[name], name).toBeTruthy();
    expect(env.STAGE).toBe('local');
    expect(env.MAIL_FROM).toBe('no-reply@cuadra.test');
    expect(env.APP_URL).toBe(cloud.url);
    expect(env.AWS_REQUEST_CHECKSUM_CALCULATION).toBe('WHEN_REQUIRED');
  });

  it('creates the table with both GSIs (ALL), a NEW_AND_OLD_IMAGES stream and TTL', async () => {
    const ddb = new DynamoDBClient(config(env.AWS_ENDPOINT_URL_DYNAMODB!));
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
    expect(
      Table?.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.Projection?.ProjectionType]).sort(),
    ).toEqual([
      ['gsi1', 'ALL'],
      ['gsi2', 'ALL'],
    ]);
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const ttl = await ddb.send(new DescribeTimeToLiveCommand({ TableName: env.TABLE_NAME }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  });

  it('creates every queue with its DLQ redrive and visibility timeout', async () => {
    const sqs = new SQSClient(config(env.AWS_ENDPOINT_URL_SQS!));
    for (const [name, q] of Object.entries(queues)) {
      const url = env[envNames.queueUrl(name as QueueName)]!;
      expect(url.endsWith('.fifo'), name).toBe(q.fifo);
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }),
      );
      expect(Attributes?.VisibilityTimeout).toBe(String(q.visibilityTimeoutSeconds));
      const redrive = JSON.parse(Attributes?.RedrivePolicy ?? '{}') as Record<string, unknown>;
      expect(redrive.maxReceiveCount).toBe(q.maxReceiveCount);
      expect(redrive.deadLetterTargetArn).toMatch(q.fifo ? /-dlq\.fifo$/ : /-dlq$/);
    }
  });

  it('creates the user pool groups', async () => {
    const cognito = new CognitoIdentityProviderClient(
      config(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!),
    );
    const { Groups } = await cognito.send(new ListGroupsCommand({ UserPoolId: env.USER_POOL_ID }));
    expect(Groups?.map((g) => g.GroupName).sort()).toEqual(['ADMIN', 'CLIENTE', 'GESTOR']);
  });
});

describe('tokens', () => {
  it('JWT_ISSUER is the issuer cognito-local writes into real tokens, and they verify', async () => {
    const cognito = new CognitoIdentityProviderClient(
      config(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: env.USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'admin@cuadra.test', PASSWORD: DEMO_PASSWORD },
      }),
    );
    const token = auth.AuthenticationResult!.AccessToken!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iss: string };
    expect(payload.iss).toBe(env.JWT_ISSUER);
    const verify = await createAccessTokenVerifier(verifierConfigFromEnv(env));
    expect(await verify(`Bearer ${token}`)).toMatchObject({ ok: true });
  });
});

describe('mail', () => {
  it('stores a mail sent with the real SESv2 client in the dev mailbox', async () => {
    const subject = `Prueba SES ${randomUUID()}`;
    const ses = new SESv2Client(config(env.AWS_ENDPOINT_URL_SESV2!));
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: env.MAIL_FROM,
        Destination: { ToAddresses: ['ana@example.com'] },
        Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: 'Hola' } } } },
      }),
    );
    expect(await sentMail(subject)).toMatchObject({ to: ['ana@example.com'], text: 'Hola' });
  });

  it('delivers an outbox item: stream consumer → mail queue → send-mail → SES', async () => {
    const subject = `Outbox ${randomUUID()}`;
    const db = DynamoDBDocumentClient.from(new DynamoDBClient(config(env.AWS_ENDPOINT_URL_DYNAMODB!)));
    const item = mailOutboxItem(
      randomUUID(),
      { to: ['luis@example.com'], subject, text: 'Desde el outbox', template: 'integration-test' },
      new Date(),
    );
    await db.send(new PutCommand({ TableName: env.TABLE_NAME, Item: item }));
    const mail = await until(() => sentMail(subject));
    expect(mail).toMatchObject({ from: env.MAIL_FROM, to: ['luis@example.com'] });
  });

  it('stores mail received over SMTP in the inbound bucket', async () => {
    const subject = `Entrante ${randomUUID()}`;
    const replies = await sendMail(
      cloud.smtpPort!,
      'proveedor@example.com',
      'facturas@inbox.cuadra.test',
      `From: proveedor@example.com\nTo: facturas@inbox.cuadra.test\nSubject: ${subject}\n\nFactura adjunta.`,
    );
    const id = /accepted as (\S+)/.exec(replies.join('\n'))?.[1];
    expect(id).toBeTruthy();
    const s3 = new S3Client({ ...config(env.AWS_ENDPOINT_URL_S3!), forcePathStyle: true });
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: env.BUCKET_INBOUND, Prefix: 'inbound/' }),
    );
    expect(listed.Contents?.map((o) => o.Key)).toContain(`inbound/${id}`);
  });
});

describe('browser uploads', () => {
  it('accepts a presigned PUT from the app origin (CORS, path-style URL)', async () => {
    const s3 = new S3Client({ ...config(env.AWS_ENDPOINT_URL_S3!), forcePathStyle: true });
    const key = `uploads/${randomUUID()}/factura enero (1).pdf`;
    const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: env.BUCKET_DOCUMENTS, Key: key }), {
      expiresIn: 300,
    });
    expect(url.startsWith(`${env.AWS_ENDPOINT_URL_S3}/${env.BUCKET_DOCUMENTS}/`)).toBe(true);
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: cloud.url, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(200);
    const put = await fetch(url, { method: 'PUT', headers: { origin: cloud.url }, body: '%PDF-1.4' });
    expect(put.status).toBe(200);
    const head = await s3.send(new HeadObjectCommand({ Bucket: env.BUCKET_DOCUMENTS, Key: key }));
    expect(head.ContentLength).toBe(8);
  });
});
