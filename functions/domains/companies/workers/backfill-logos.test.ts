/**
 * The nightly logo backfill on a small in-memory state behind aws-sdk-client-mock: the company
 * directory, each company's settings item (its conditional update applied as DynamoDB would) and
 * the documents bucket, so normalising, rejecting, notifying once and re-running are tested on
 * their real writes.
 */

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { pngBomb, pngOf } from '@functions/lib/images/test-fixtures';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { imageHeader } from '@shared/images/image-header';
import { type CompanyLogo, type CompanySettings, defaultCompanySettings } from '@shared/schemas/companies';
import { LOGO_MESSAGES } from '@shared/schemas/company-logo';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompaniesDeps } from '../store/deps';
import { backfillLogos } from './backfill-logos';

useEnv({ BUCKET_DOCUMENTS: 'docs-bucket', LOG_LEVEL: 'silent' });
const client = testDocumentClient();
const db = mockClient(client);
const s3 = mockClient(S3Client);
const T0 = new Date('2026-05-04T02:30:00Z');
let ids = 0;
const deps: CompaniesDeps = {
  db: client,
  table: 'cuadra',
  now: () => T0,
  newId: () => `n${++ids}`,
  appUrl: 'http://localhost:3000',
};
const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;
const run = () => backfillLogos(deps, { log: silent, remainingMs: () => Number.POSITIVE_INFINITY });

/** The state: settings per company and objects per key. */
let settings: Map<string, CompanySettings>;
let objects: Map<string, Uint8Array>;
let writes: number;

const legacy = (companyId: string, name: string): CompanyLogo => ({
  s3Key: `logos/${companyId}/${name}`,
  contentType: 'image/png',
  fileName: name,
  uploadedAt: '2025-06-01T00:00:00.000Z',
});

function company(companyId: string, logo: CompanyLogo | null, bytes?: Uint8Array) {
  const s = defaultCompanySettings();
  s.invoicing.logo = logo;
  settings.set(companyId, s);
  if (logo && bytes) objects.set(logo.s3Key, bytes);
}

const companyOfPk = (pk: unknown) => String(pk).replace(/^COMPANY#/, '');

beforeEach(() => {
  db.reset();
  s3.reset();
  ids = 0;
  settings = new Map();
  objects = new Map();
  writes = 0;
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const values = input.ExpressionAttributeValues ?? {};
    if (values[':pk'] === keys.companyDirectory().gsi2pk) {
      return { Items: [...settings.keys()].map((companyId) => ({ companyId, name: companyId })) };
    }
    // The company's members (lib/directory listCompanyMembers): a gestor and a client.
    const companyId = companyOfPk(values[':pk']);
    return {
      Items: [
        { userId: `gestor-${companyId}`, companyId, companyRole: 'GESTOR', isActive: true },
        { userId: `client-${companyId}`, companyId, companyRole: 'CLIENTE', isActive: true },
      ],
    };
  });
  db.on(GetCommand).callsFake((input: GetCommandInput) => {
    const s = input.Key?.sk === 'SETTINGS' ? settings.get(companyOfPk(input.Key.pk)) : undefined;
    return { Item: s ? { settings: structuredClone(s) } : undefined };
  });
  db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    const current = settings.get(companyOfPk(input.Key?.pk));
    const logo = current?.invoicing.logo;
    const values = input.ExpressionAttributeValues ?? {};
    // The store's condition: still the same legacy logo, neither normalised nor rejected.
    if (!logo || logo.s3Key !== values[':key'] || logo.normalised || logo.rejected) {
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    }
    current.invoicing.logo = values[':logo'] as CompanyLogo;
    writes += 1;
    return {};
  });
  db.on(TransactWriteCommand).resolves({});
  s3.on(GetObjectCommand).callsFake((input: { Key: string }) => {
    const bytes = objects.get(input.Key);
    if (!bytes) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    return { ContentLength: bytes.length, Body: { transformToByteArray: async () => bytes } };
  });
  s3.on(PutObjectCommand).callsFake((input: { Key: string; Body: Uint8Array }) => {
    objects.set(input.Key, input.Body);
    return {};
  });
  s3.on(DeleteObjectCommand).callsFake((input: { Key: string }) => {
    objects.delete(input.Key);
    return {};
  });
});

/** The notifications written (lib/notifications: the notification and its counter, one transaction). */
const notifications = () =>
  db
    .commandCalls(TransactWriteCommand)
    .map((c) => c.args[0].input.TransactItems![0]!.Put!.Item as Record<string, unknown>);

describe('logo backfill (schedule company-logos-backfill)', () => {
  it('normalises a legacy PNG through the bounded path: printed again, the legacy object removed', async () => {
    company('co-1', legacy('co-1', 'viejo.png'), pngOf(1200, 600, true));

    expect(await run()).toEqual({
      checked: 1,
      normalised: 1,
      rejected: 0,
      unchanged: 0,
      failed: 0,
      skipped: 0,
    });

    const logo = settings.get('co-1')!.invoicing.logo!;
    expect(logo).toEqual({
      s3Key: expect.stringMatching(/^logos\/co-1\/[0-9a-f]{16}\.png$/),
      contentType: 'image/png',
      fileName: 'viejo.png',
      uploadedAt: '2025-06-01T00:00:00.000Z',
      normalised: true,
      width: 600,
      height: 300,
    });
    expect(imageHeader(objects.get(logo.s3Key)!)).toEqual({ kind: 'png', width: 600, height: 300 });
    expect(objects.has('logos/co-1/viejo.png')).toBe(false);
    expect(notifications()).toEqual([]);
  });

  it('rejects a legacy bomb with the rule it breaks, removes it and tells the staff (not clients) once', async () => {
    company('co-1', legacy('co-1', 'bomba.png'), pngBomb(40_000, 40_000));

    expect(await run()).toMatchObject({ checked: 1, normalised: 0, rejected: 1, failed: 0 });

    expect(settings.get('co-1')!.invoicing.logo).toEqual({
      ...legacy('co-1', 'bomba.png'),
      rejected: { reason: 'TOO_LARGE', message: LOGO_MESSAGES.TOO_LARGE, at: T0.toISOString() },
    });
    expect(objects.has('logos/co-1/bomba.png')).toBe(false);
    expect(notifications()).toEqual([
      expect.objectContaining({
        userId: 'gestor-co-1',
        companyId: 'co-1',
        type: 'invoice_logo_rejected',
        severity: 'warning',
        title: 'Logotipo retirado de las facturas',
        message: `El logotipo «bomba.png» ya no se imprime en las facturas: ${LOGO_MESSAGES.TOO_LARGE}. Sube uno nuevo en los datos de la empresa.`,
        link: '/app/companies/co-1',
      }),
    ]);

    // The next nights: nothing to do, nobody told again.
    expect(await run()).toMatchObject({ normalised: 0, rejected: 0, failed: 0 });
    expect(notifications()).toHaveLength(1);
  });

  it('running twice changes nothing: normalised, rejected and untouched logos are left as they are', async () => {
    company('co-png', legacy('co-png', 'viejo.png'), pngOf(400, 400));
    company('co-bomb', legacy('co-bomb', 'bomba.png'), pngBomb(40_000, 40_000));
    company('co-gif', legacy('co-gif', 'logo.gif'), new TextEncoder().encode('GIF89a not a logo'));
    company('co-missing', legacy('co-missing', 'perdido.png'));
    company('co-none', null);

    expect(await run()).toEqual({
      checked: 5,
      normalised: 1,
      rejected: 3,
      unchanged: 0,
      failed: 0,
      skipped: 0,
    });
    expect(settings.get('co-gif')!.invoicing.logo!.rejected?.reason).toBe('TYPE_NOT_ALLOWED');
    expect(settings.get('co-missing')!.invoicing.logo!.rejected?.reason).toBe('UNREADABLE');

    const after = structuredClone([...settings.entries()]);
    const objectsAfter = [...objects.keys()].sort();
    const writesAfter = writes;
    const told = notifications().length;
    const s3Writes = s3.commandCalls(PutObjectCommand).length + s3.commandCalls(DeleteObjectCommand).length;

    expect(await run()).toEqual({
      checked: 5,
      normalised: 0,
      rejected: 0,
      unchanged: 0,
      failed: 0,
      skipped: 0,
    });
    expect([...settings.entries()]).toEqual(after);
    expect([...objects.keys()].sort()).toEqual(objectsAfter);
    expect(writes).toBe(writesAfter);
    expect(notifications()).toHaveLength(told);
    expect(s3.commandCalls(PutObjectCommand).length + s3.commandCalls(DeleteObjectCommand).length).toBe(
      s3Writes,
    );
  });

  it('never loads a legacy object over 5 MB: rejected as too heavy from its length', async () => {
    company('co-1', legacy('co-1', 'enorme.png'));
    const read = { body: false };
    s3.on(GetObjectCommand).resolves({
      ContentLength: 6 * 1024 * 1024,
      Body: {
        transformToByteArray: async () => {
          read.body = true;
          return new Uint8Array();
        },
      },
    } as never);

    await run();
    expect(read.body).toBe(false);
    expect(settings.get('co-1')!.invoicing.logo!.rejected).toMatchObject({
      reason: 'TOO_HEAVY',
      message: LOGO_MESSAGES.TOO_HEAVY,
    });
  });

  it('a logo uploaded while the legacy one was processed wins, and is not removed', async () => {
    company('co-1', legacy('co-1', 'viejo.png'), pngOf(300, 300));
    const uploaded: CompanyLogo = {
      s3Key: 'logos/co-1/0123456789abcdef.png',
      contentType: 'image/png',
      fileName: 'nuevo.png',
      uploadedAt: T0.toISOString(),
      normalised: true,
      width: 300,
      height: 300,
    };
    // The upload lands between the backfill's read of the object and its conditional write.
    s3.on(GetObjectCommand).callsFakeOnce((input: { Key: string }) => {
      const bytes = objects.get(input.Key)!;
      settings.get('co-1')!.invoicing.logo = uploaded;
      objects.set(uploaded.s3Key, pngOf(300, 300));
      return { ContentLength: bytes.length, Body: { transformToByteArray: async () => bytes } };
    });

    expect(await run()).toMatchObject({ normalised: 0, unchanged: 1, failed: 0 });
    expect(settings.get('co-1')!.invoicing.logo).toEqual(uploaded);
    expect(objects.has(uploaded.s3Key)).toBe(true);
    // Only the current logo and the legacy object (the upload's own action removes that one).
    expect([...objects.keys()].sort()).toEqual([uploaded.s3Key, 'logos/co-1/viejo.png'].sort());
  });
});
