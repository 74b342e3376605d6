/**
 * VeriFacTu submission end to end on the local cloud and the AEAT simulator (issue 5, items 5, 7
 * and 9): a fresh company of the demo gestor uploads a test certificate and saves its
 * configuration through the API; confirmed invoices travel record → stream → FIFO queue → sender →
 * simulator, and the simulator's count of receptions per record proves that each one arrived once:
 *  (i)   five confirmations end VERIFIED, each received once;
 *  (ii)  the same SQS message handled three times (concurrently, by the exported handler) and the
 *        same trigger sent three times with different deduplication ids still give one reception;
 *  (iii) the simulator drops the connection after storing a message: the record stays SENT, the
 *        retry asks ConsultaLR, finds it and marks it VERIFIED without sending it again;
 *  (iv)  a rejected record ends ERROR with the AEAT code, the staff is notified, and a resubmit with
 *        a correction creates a new record that is accepted.
 * Asynchronous results are awaited by polling with a deadline; the sweep is run through the dev
 * endpoint while waiting so the AEAT's waiting time (set to 1 s here) does not cost a minute.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import { envNames } from '@infra/manifest';
import { keys } from '@shared/db/keys';
import { cifControl } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { Invoice } from '@shared/schemas/invoices';
import type { Notification } from '@shared/schemas/notifications';
import type { CertificateView, VerifactuSubmission } from '@shared/schemas/verifactu';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { type AeatSimulatorTarget, aeatSimulatorClient } from './testing/aeat-simulator';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const simTarget: AeatSimulatorTarget | undefined = cloud.aeatSimulator;
const api = apiClient(cloud.url);
const table = cloud.env.TABLE_NAME!;
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  {
    marshallOptions: { removeUndefinedValues: true },
  },
);

const run = Date.now().toString(36).toUpperCase().slice(-4);
const freshCif = () => {
  const seven = String((Date.now() * 7 + Math.floor(Math.random() * 1e6)) % 10_000_000).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const TODAY = new Date().toISOString().slice(0, 10);
const address = {
  street: 'Calle Mayor 1',
  postalCode: '46001',
  city: 'Valencia',
  province: 'Valencia',
  country: 'ES',
};
const PASSWORD = 'Certificado-Prueba-1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value (not undefined) or the deadline passes; runs the sweep now and then. */
async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 75_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastSweep = 0;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    if (Date.now() - lastSweep > 3_000) {
      lastSweep = Date.now();
      await runSweep();
    }
    await sleep(400);
  }
}

async function runSweep(): Promise<void> {
  await fetch(new URL('/_dev/schedules/verifactu-sweep/run', cloud.url), {
    method: 'POST',
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
}

async function submissionsOf(companyId: string): Promise<VerifactuSubmission[]> {
  const k = keys.verifactuSubmissionPrefix(companyId);
  const res = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []) as unknown as VerifactuSubmission[];
}

const FINAL = new Set(['VERIFIED', 'ACCEPTED_WITH_ERRORS', 'ERROR']);

describe.skipIf(!simTarget)('VeriFacTu submission to the AEAT simulator (local cloud)', () => {
  const sim = aeatSimulatorClient(simTarget ?? { controlUrl: 'https://127.0.0.1:1/_sim' });
  let gestor: string;
  let companyId: string;
  let nif: string;
  let customer: Customer;

  const ok = async <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await api.request<T>(method, path, { token: gestor, companyId, ...opts });
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const confirm = (cents: number) =>
    ok<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
      body: {
        invoiceType: 'F1',
        invoiceDate: TODAY,
        customerId: customer.customerId,
        invoiceLines: [
          { description: 'Servicio de asesoría', quantity: 1, unitPriceCents: cents, vatRateBp: 2100 },
        ],
      },
    });

  /** Receptions the simulator counted for an invoice number of this company. */
  const receptionsOf = async (invoiceNumber: string) =>
    (await sim.receptions(nif)).filter((r) => r.key.split('|')[1] === invoiceNumber);

  const settled = (invoiceIds: string[]) =>
    eventually(`records of ${invoiceIds.length} invoices to settle`, async () => {
      const subs = (await submissionsOf(companyId)).filter((s) => invoiceIds.includes(s.invoiceId));
      if (subs.length < invoiceIds.length || subs.some((s) => !FINAL.has(s.status))) return undefined;
      return subs;
    });

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    await sim.clearFaults();
    await sim.setWait(1);
    const company = await api.request<{ companyId: string; nif: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: {
        name: `Envíos VeriFacTu ${run} SL`,
        nif: freshCif(),
        companyType: 'SL',
        address,
        siiEnabled: false,
      },
    });
    if (!company.body.success) throw new Error(JSON.stringify(company.body.error));
    companyId = company.body.data.companyId;
    nif = company.body.data.nif;
    customer = await ok<Customer>('POST', '/api/v1/customers', {
      body: { name: `Cliente Envíos ${run}`, taxId: freshCif(), address, vatTreatment: 'DOMESTIC' },
    });
    await ok('POST', '/api/v1/invoice-series', {
      body: { code: `E${run}`, description: `Envíos ${run}`, isDefault: true },
    });
    const p12 = makeTestP12({ nif, name: `ENVIOS VERIFACTU ${run} SL`, password: PASSWORD });
    const cert = await ok<CertificateView>('POST', `/api/v1/companies/${companyId}/certificates`, {
      body: { file: { fileName: 'empresa.p12', contentBase64: p12.toString('base64') }, password: PASSWORD },
    });
    await ok('POST', `/api/v1/companies/${companyId}/verifactu-config`, {
      body: { mode: 'VERIFACTU', environment: 'TEST', certificateId: cert.certificateId, enabled: true },
    });
  });

  afterAll(async () => {
    await sim.clearFaults().catch(() => undefined);
    await sim.setWait(60).catch(() => undefined);
  });

  it('(i) five confirmed invoices end VERIFIED and the simulator received each record once', {
    timeout: 120_000,
  }, async () => {
    const invoices: Invoice[] = [];
    for (let i = 0; i < 5; i++) invoices.push(await confirm(10_000 + i * 100));
    const subs = await settled(invoices.map((i) => i.invoiceId));
    expect(subs.map((s) => s.status)).toEqual(Array(5).fill('VERIFIED'));
    for (const s of subs) {
      expect(s.aeatState).toBe('Correcto');
      expect(s.csv).toBeTruthy();
      expect(s.attempts).toBe(1);
    }
    for (const inv of invoices) {
      const r = await receptionsOf(inv.invoiceNumber!);
      expect(r, inv.invoiceNumber!).toHaveLength(1);
      expect(r[0]!.count).toBe(1);
    }
  });

  it('(ii) the same message handled three times, and the same trigger sent three times, still give one reception', {
    timeout: 120_000,
  }, async () => {
    // The exported handler, in this process, with the environment the local cloud gives its functions.
    for (const [k, v] of Object.entries(cloud.env)) process.env[k] = v;
    process.env.LOG_LEVEL = 'silent';
    const { handler } = await import('@functions/domains/verifactu/workers/submit-records');
    const invoices = [await confirm(30_000), await confirm(30_100), await confirm(30_200)];
    const event = {
      Records: [
        {
          messageId: `dup-${run}`,
          receiptHandle: 'not-a-real-handle',
          body: JSON.stringify({ companyId }),
          attributes: { ApproximateReceiveCount: '1', MessageGroupId: companyId },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:verifactu.fifo',
          awsRegion: 'eu-west-1',
        },
      ],
    } as unknown as SQSEvent;
    const results = await Promise.all([handler(event), handler(event), handler(event)]);
    await handler(event);
    // No delivery may fail for a duplicate: the lease and the state make them no-ops.
    for (const r of results) expect(r.batchItemFailures).toEqual([]);

    const sqs = new SQSClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_SQS!));
    for (let i = 0; i < 3; i++)
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: cloud.env[envNames.queueUrl('verifactu')]!,
          MessageBody: JSON.stringify({ companyId }),
          MessageGroupId: companyId,
          MessageDeduplicationId: `again-${run}-${i}`,
        }),
      );

    const subs = await settled(invoices.map((i) => i.invoiceId));
    expect(subs.map((s) => s.status)).toEqual(['VERIFIED', 'VERIFIED', 'VERIFIED']);
    // Let the re-sent triggers be handled before counting.
    await eventually('the extra triggers to be consumed', async () => {
      const sender = await submissionsOf(companyId);
      return sender.every((s) => FINAL.has(s.status)) ? true : undefined;
    });
    await sleep(3_000);
    for (const inv of invoices) {
      const r = await receptionsOf(inv.invoiceNumber!);
      expect(
        r.map((x) => x.count),
        inv.invoiceNumber!,
      ).toEqual([1]);
    }
  });

  it('(iii) a connection dropped after the AEAT stored the message: resolved by ConsultaLR, never sent again', {
    timeout: 150_000,
  }, async () => {
    await sim.injectFault({ kind: 'drop-after-accept', times: 1 });
    const invoice = await confirm(40_000);
    const sub = await eventually('the record to be sent and its answer lost', async () => {
      const s = (await submissionsOf(companyId)).find((x) => x.invoiceId === invoice.invoiceId);
      return s && s.status !== 'QUEUED' && s.history.length > 0 ? s : undefined;
    });
    expect(sub.history[0]!.outcome).toBe('CONNECTION_LOST');
    const [done] = await settled([invoice.invoiceId]);
    expect(done!.status).toBe('VERIFIED');
    expect(done!.history.map((h) => h.outcome)).toEqual(['CONNECTION_LOST', 'CONSULTED']);
    expect(done!.attempts).toBe(1);
    const r = await receptionsOf(invoice.invoiceNumber!);
    expect(r.map((x) => x.count)).toEqual([1]);
  });

  it('(iv) a rejected record ends ERROR with the AEAT code, the staff is told, and a corrected resubmission is accepted', {
    timeout: 150_000,
  }, async () => {
    // The number the next confirmation gets is not known before: reject the next record of this issuer.
    await sim.injectFault({
      kind: 'reject',
      nif,
      code: 1100,
      description: 'Valor del campo NIF del destinatario incorrecto',
      times: 1,
    });
    const invoice = await confirm(50_100);
    const [rejected] = await settled([invoice.invoiceId]);
    expect(rejected).toMatchObject({ status: 'ERROR', aeatState: 'Incorrecto', aeatCode: '1100' });
    expect(rejected!.aeatMessage).toBeTruthy();

    const notification = await eventually('the rejection notification', async () => {
      const res = await api.request<{ content?: Notification[] } | Notification[]>(
        'GET',
        '/api/v1/notifications',
        {
          token: gestor,
          companyId,
          query: { size: '50' },
        },
      );
      if (!res.body.success) return undefined;
      const list = Array.isArray(res.body.data) ? res.body.data : (res.body.data.content ?? []);
      return list.find((n) => n.type.startsWith('verifactu') && n.message.includes(invoice.invoiceNumber!));
    });
    expect(notification).toMatchObject({ title: 'Registro VeriFacTu rechazado', link: '/app/verifactu' });
    expect(notification.message).toContain('1100');

    const resubmit = await api.request(
      'POST',
      `/api/v1/verifactu/submissions/${rejected!.recordId}/resubmit`,
      {
        token: gestor,
        companyId,
        body: {
          reason: 'Corrige la descripción',
          corrections: { descripcionOperacion: 'Servicio de asesoría fiscal' },
        },
      },
    );
    expect(resubmit.body.success, JSON.stringify(resubmit.body)).toBe(true);
    const correction = await eventually('the corrected record to be accepted', async () => {
      const all = (await submissionsOf(companyId)).filter((s) => s.invoiceId === invoice.invoiceId);
      const newer = all.find((s) => s.seq > rejected!.seq);
      return newer && FINAL.has(newer.status) ? newer : undefined;
    });
    expect(correction).toMatchObject({ status: 'VERIFIED', operation: 'ALTA_TRAS_RECHAZO' });
    const r = await receptionsOf(invoice.invoiceNumber!);
    // The rejected one (processed once, Incorrecto) and the correction (once, Correcto).
    expect(r.reduce((n, x) => n + x.count, 0)).toBe(2);
    for (const x of r) expect(x.count).toBe(1);
  });
});
