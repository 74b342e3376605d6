/**
 * Issue 16 against the local cloud: a company created in the SII (a large company) records the day
 * it entered; its received invoices enter the SII and every change writes its ReceivedInvoiceEvent
 * in the change's own transaction (read back from DynamoDB Local); concurrent payments that together
 * exceed the total never overpay, and each payment recorded or deleted has its event. Works on a
 * company of its own, so no other test's figures move.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { localClientConfig } from '@infra/local/aws';
import { type ApiResponse, apiClient } from '@infra/local/testing/api';
import { keys } from '@shared/db/keys';
import { cifControl, dniLetter } from '@shared/fiscal/nif';
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import type { Supplier } from '@shared/schemas/expenses';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  { marshallOptions: { removeUndefinedValues: true } },
);
const deps = { db, table: cloud.env.TABLE_NAME! };

const seven = String(Date.now() % 10_000_000).padStart(7, '0');
const CIF = `A${seven}${cifControl(seven).digit}`;
const dniNumber = String((Date.now() + 31_415_926) % 100_000_000).padStart(8, '0');
const SUPPLIER_NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;

describe('received invoices of an SII company (local cloud)', () => {
  let gestor: string;
  let companyId: string;
  let supplier: Supplier;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId, ...opts });
  const ok = async <T>(p: Promise<ApiResponse<T>>): Promise<T> => {
    const res = await p;
    if (!res.body.success) throw new Error(`${res.status}: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const events = async (receivedInvoiceId: string) =>
    (
      await queryPrefix(
        deps,
        {
          pk: keys.receivedInvoice(companyId, receivedInvoiceId).pk,
          skPrefix: `RECINVEVT#${receivedInvoiceId}#`,
        },
        { ConsistentRead: true },
      )
    ).map((i) => i as Record<string, unknown>);

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const created = await api.request<{ companyId: string; siiEnabled: boolean; siiSince: string | null }>(
      'POST',
      '/api/v1/companies',
      {
        token: gestor,
        body: {
          name: `Logística Turia ${seven} SA`,
          nif: CIF,
          companyType: 'SA',
          address: {
            street: 'Av. del Puerto 3',
            postalCode: '46024',
            city: 'València',
            province: 'Valencia',
            country: 'ES',
          },
          fiscal: { largeCompany: true },
        },
      },
    );
    if (!created.body.success) throw new Error(JSON.stringify(created.body.error));
    companyId = created.body.data.companyId;
    expect(created.body.data).toMatchObject({ siiEnabled: true, siiSince: madridDate(new Date()) });
    supplier = await ok<Supplier>(
      req('POST', '/api/v1/suppliers', { body: { name: 'Gasóleos Albufera SL', taxId: SUPPLIER_NIF } }),
    );
  });

  it('the company answers the day it entered the SII', async () => {
    const company = await ok<{ siiSince: string | null }>(req('GET', `/api/v1/companies/${companyId}`));
    expect(company.siiSince).toBe(madridDate(new Date()));
  });

  it('registration, payments (concurrent, never overpaid) and a deletion each write their event', async () => {
    const today = madridDate(new Date());
    const rec = await ok<ReceivedInvoice>(
      req('POST', '/api/v1/received-invoices', {
        body: {
          supplierId: supplier.supplierId,
          supplierInvoiceNumber: `GA-${seven}`,
          issueDate: today,
          lines: [{ description: 'Gasóleo A', quantity: 1, unitPriceCents: 100_000, vatRateBp: 2100 }],
        },
      }),
    );
    expect(rec.siiStatus).toBe('NOT_SENT');
    expect(rec.totals.totalCents).toBe(121_000);

    // Six payments of 400,00 € at once: only three fit in 1.210,00 €.
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        req<ReceivedInvoicePayment>('POST', `/api/v1/received-invoices/${rec.receivedInvoiceId}/payments`, {
          body: {
            amountCents: 40_000,
            paidAt: today,
            method: 'TRANSFER',
            account: 'ES9121000418450200051332',
          },
        }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.body.success === false && r.body.error.message).toBe(
        'El pago supera el importe pendiente (10,00 €).',
      );
    }
    const paid = await ok<ReceivedInvoice>(req('GET', `/api/v1/received-invoices/${rec.receivedInvoiceId}`));
    expect(paid).toMatchObject({ paidCents: 120_000, paymentStatus: 'PARTIAL' });

    const first = (accepted[0]!.body as { data: ReceivedInvoicePayment }).data;
    const deleted = await ok<ReceivedInvoicePayment>(
      req('DELETE', `/api/v1/received-invoices/${rec.receivedInvoiceId}/payments/${first.paymentId}`, {
        query: { reason: 'Duplicado' },
      }),
    );
    expect(deleted).toMatchObject({ status: 'DELETED', deleteReason: 'Duplicado' });
    const list = await ok<ReceivedInvoicePayment[]>(
      req('GET', `/api/v1/received-invoices/${rec.receivedInvoiceId}/payments`),
    );
    expect(list.map((p) => p.status).sort()).toEqual(['ACTIVE', 'ACTIVE', 'DELETED']);

    const kinds = (await events(rec.receivedInvoiceId)).map((e) => e.kind).sort();
    expect(kinds).toEqual([
      'RECEIVED_PAYMENT_DELETED',
      'RECEIVED_PAYMENT_RECORDED',
      'RECEIVED_PAYMENT_RECORDED',
      'RECEIVED_PAYMENT_RECORDED',
      'RECEIVED_REGISTERED',
    ]);
    const recorded = (await events(rec.receivedInvoiceId)).filter(
      (e) => e.kind === 'RECEIVED_PAYMENT_RECORDED',
    );
    expect(recorded.map((e) => (e.payment as { amountCents: number }).amountCents)).toEqual([
      40_000, 40_000, 40_000,
    ]);
    // Each event is its own version of the invoice: the paid amounts they carry are 400, 800, 1.200 €.
    expect(
      recorded.map((e) => (e.receivedInvoice as ReceivedInvoice).paidCents).sort((a, b) => a! - b!),
    ).toEqual([40_000, 80_000, 120_000]);

    // An invoice with payments is not deleted; without them it is, with its event.
    const refused = await req('DELETE', `/api/v1/received-invoices/${rec.receivedInvoiceId}`);
    expect(refused.body.success === false && refused.body.error.details).toMatchObject({
      reason: 'HAS_PAYMENTS',
    });
  });
});
