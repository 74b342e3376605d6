/**
 * Bulk operations against the local cloud: the API writes the operation, the `bulk-dispatch`
 * stream consumer sends its chunks to the 'invoice-bulk' queue and the queue consumer processes
 * them, as in AWS. CONFIRM gives consecutive numbers, refusals are reported per invoice, MARK_PAID
 * pays, DELETE_DRAFTS deletes and DOWNLOAD_PDFS serves a ZIP of the PDFs. Works on
 * demo-romero-fontaneria with its own customer and series.
 */

import { type ApiResponse, apiClient } from '@infra/local/testing/api';
import { dniLetter } from '@shared/fiscal/nif';
import type { BulkOperation } from '@shared/schemas/bulk-operations';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
const dniNumber = String((Date.now() + 31_337) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;

describe('bulk operations (local cloud)', () => {
  let gestor: string;
  let customer: Customer;
  let series: InvoiceSeriesView;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });

  const ok = <T>(res: ApiResponse<T>): T => {
    if (!res.body.success) throw new Error(`${res.status}: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const draft = async (i: number) =>
    ok(
      await req<Invoice>('POST', '/api/v1/invoices', {
        body: {
          invoiceType: 'F1',
          invoiceDate: '2026-04-01',
          customerId: customer.customerId,
          notes: `bulk ${run} ${i}`,
          invoiceLines: [
            { description: 'Mantenimiento', quantity: 1, unitPriceCents: 10_000 + i, vatRateBp: 2100 },
          ],
        },
      }),
    );

  const start = async (body: Record<string, unknown>) => {
    const res = await req<BulkOperation>('POST', '/api/v1/invoices/bulk-operations', { body });
    expect(res.status).toBe(202);
    return ok(res);
  };

  /** Polls the operation until COMPLETED (the stream and queue pollers run asynchronously). */
  const completed = async (operationId: string, timeoutMs = 45_000): Promise<BulkOperation> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const op = ok(await req<BulkOperation>('GET', `/api/v1/invoices/bulk-operations/${operationId}`));
      if (op.status === 'COMPLETED') return op;
      if (Date.now() > until) throw new Error(`operation still ${op.status}: ${op.processed}/${op.total}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    customer = ok(
      await req<Customer>('POST', '/api/v1/customers', {
        body: {
          name: `Masivas ${run}`,
          taxId: NIF,
          email: `masivas-${run.toLowerCase()}@example.com`,
          address: { street: 'Calle Mayor 5', postalCode: '46001', city: 'Valencia', province: 'Valencia' },
        },
      }),
    );
    series = ok(
      await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
        body: { code: `B${run}`, description: `Masivas ${run}`, isDefault: false },
      }),
    );
  });

  it('CONFIRM of 30 drafts (two chunks) gives numbers 1..30 and reports a refusal per invoice', async () => {
    const drafts = await Promise.all(Array.from({ length: 30 }, (_, i) => draft(i)));
    const ids = drafts.map((d) => d.invoiceId);

    const op = await start({
      operation: 'CONFIRM',
      invoiceIds: [...ids, 'does-not-exist'],
      options: { series: series.code },
    });
    expect(op).toMatchObject({ status: 'QUEUED', total: 31, processed: 0 });

    const done = await completed(op.operationId);
    expect(done).toMatchObject({ total: 31, processed: 31, succeeded: 30, failed: 1 });
    expect(done.errors).toEqual([expect.objectContaining({ invoiceId: 'does-not-exist', code: 'CORE_006' })]);
    const numbers = await Promise.all(
      ids.map(async (id) => ok(await req<Invoice>('GET', `/api/v1/invoices/${id}`)).number!),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    // A second CONFIRM of the same invoices refuses each one (already confirmed) and changes nothing.
    const again = await completed(
      (await start({ operation: 'CONFIRM', invoiceIds: ids.slice(0, 3) })).operationId,
    );
    expect(again).toMatchObject({ succeeded: 0, failed: 3 });
    expect(again.errors.map((e) => e.code)).toEqual(['DOC_047', 'DOC_047', 'DOC_047']);
  });

  it('MARK_PAID pays the pending amount; DELETE_DRAFTS deletes drafts and refuses confirmed ones', async () => {
    const [toPay, toKeep] = await Promise.all([draft(100), draft(101)]);
    ok(await req('POST', `/api/v1/invoices/${toPay.invoiceId}/confirm`, { query: { series: series.code } }));
    const toDelete = await draft(102);

    const paid = await completed(
      (
        await start({
          operation: 'MARK_PAID',
          invoiceIds: [toPay.invoiceId],
          options: { paidAt: '2026-04-02', method: 'TRANSFER' },
        })
      ).operationId,
    );
    expect(paid).toMatchObject({ succeeded: 1, failed: 0 });
    const payed = ok(
      await req<Invoice & { paymentStatus: string; paidCents: number }>(
        'GET',
        `/api/v1/invoices/${toPay.invoiceId}`,
      ),
    );
    expect(payed).toMatchObject({ paymentStatus: 'PAID', paidCents: payed.totals.totalCents });

    const deleted = await completed(
      (await start({ operation: 'DELETE_DRAFTS', invoiceIds: [toDelete.invoiceId, toPay.invoiceId] }))
        .operationId,
    );
    expect(deleted).toMatchObject({ succeeded: 1, failed: 1 });
    expect(deleted.errors[0]).toMatchObject({ invoiceId: toPay.invoiceId, code: 'DOC_047' });
    expect((await req('GET', `/api/v1/invoices/${toDelete.invoiceId}`)).status).toBe(404);
    expect((await req('GET', `/api/v1/invoices/${toKeep.invoiceId}`)).status).toBe(200);
  });

  it('SEND_EMAIL queues the PDF to the customer and logs it; a draft is refused', async () => {
    const [sent, notYet] = await Promise.all([draft(300), draft(301)]);
    ok(await req('POST', `/api/v1/invoices/${sent.invoiceId}/confirm`, { query: { series: series.code } }));

    const done = await completed(
      (await start({ operation: 'SEND_EMAIL', invoiceIds: [sent.invoiceId, notYet.invoiceId] })).operationId,
    );

    expect(done).toMatchObject({ succeeded: 1, failed: 1 });
    expect(done.errors).toEqual([expect.objectContaining({ invoiceId: notYet.invoiceId, code: 'CORE_004' })]);
    const log = ok(await req<{ to: string[] }[]>('GET', `/api/v1/invoices/${sent.invoiceId}/emails`));
    expect(log.map((e) => e.to)).toEqual([[customer.email]]);
  });

  it('DOWNLOAD_PDFS serves a ZIP with one PDF per invoice through a presigned URL', async () => {
    const a = await draft(200);
    const b = await draft(201);
    const op = await start({ operation: 'DOWNLOAD_PDFS', invoiceIds: [a.invoiceId, b.invoiceId] });

    const done = await completed(op.operationId);
    expect(done).toMatchObject({ succeeded: 2, failed: 0 });
    const link = ok(
      await req<{ url: string; fileName: string }>(
        'GET',
        `/api/v1/invoices/bulk-operations/${op.operationId}/download`,
      ),
    );
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(
      [`borrador-${a.invoiceId}.pdf`, `borrador-${b.invoiceId}.pdf`].sort(),
    );
    for (const bytes of Object.values(entries)) {
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    }
  });
});
