/**
 * Issue 15 item 1: a received invoice's withholding carries its kind and perception key, the
 * supplier remembers its own, and the aggregates keep them apart (`IRPF|<kind>|<key>` and the
 * recipient's `W|<kind>|<key>` line).
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { Supplier } from '@shared/schemas/expenses';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { describe, expect, it } from 'vitest';
import { receivedInvoiceItem } from './store/received-invoices';
import { supplierItem } from './store/suppliers';
import { COMPANY, call, db, T0, transactions, useExpensesHarness } from './testing/harness';

useExpensesHarness();

const supplier = (over: Partial<Supplier> = {}): Supplier => ({
  supplierId: 's1',
  companyId: COMPANY,
  name: 'Inmuebles Retiro SL',
  taxId: 'B12345674',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRateBp: 1900,
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const withSupplier = (s: Supplier = supplier()) =>
  db.on(GetCommand, { Key: keys.supplier(COMPANY, 's1') }).resolves({ Item: supplierItem(s) });

const body = (over: Record<string, unknown> = {}) => ({
  supplierId: 's1',
  supplierInvoiceNumber: 'ALQ-2026-03',
  issueDate: '2026-03-01',
  lines: [
    { description: 'Alquiler del local, marzo', quantity: 1, unitPriceCents: 100_000, vatRateBp: 2100 },
  ],
  irpfRateBp: 1900,
  ...over,
});

const create = (over: Record<string, unknown> = {}) =>
  call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: body(over) });

/** The aggregate Update items of the (only) transaction, by sort key. */
function aggregateItems() {
  const [items] = transactions();
  const out = new Map<string, { values: Record<string, unknown>; names: Record<string, string> }>();
  for (const i of items ?? []) {
    const u = i.Update;
    if (!u || !String(u.Key?.pk).endsWith('#TAXAGG')) continue;
    out.set(String(u.Key!.sk), {
      values: u.ExpressionAttributeValues ?? {},
      names: u.ExpressionAttributeNames ?? {},
    });
  }
  return out;
}

/** The number an Update item ADDs to `field`. */
const added = (item: { values: Record<string, unknown>; names: Record<string, string> }, field: string) => {
  const name = Object.entries(item.names).find(([, v]) => v === field)?.[0];
  return name ? item.values[name.replace('#', ':')] : undefined;
};

describe('received invoices: withholding kind and key', () => {
  it('records the kind given with its default key, answers it and keeps it apart in the aggregates', async () => {
    withSupplier();
    const res = await create({ withholdingKind: 'RENT' });

    expect(res.status).toBe(201);
    const rec = res.envelope.data!;
    expect(rec).toMatchObject({ irpfRateBp: 1900, withholdingKind: 'RENT', withholdingKey: '-' });
    expect(rec.totals.irpfCents).toBe(19_000);
    const [items] = transactions();
    expect(items![0]!.Put!.Item).toMatchObject({ withholdingKind: 'RENT', withholdingKey: '-' });

    const agg = aggregateItems();
    const key = agg.get(keys.taxAggregate(COMPANY, 'Q', '2026-Q1', 'RECEIVED', 'K', 'IRPF|RENT|-').sk)!;
    expect(key).toBeDefined();
    expect([added(key, 'baseCents'), added(key, 'irpfCents'), added(key, 'count')]).toEqual([
      100_000, 19_000, 1,
    ]);
    const w = agg.get(
      keys.taxAggregateCounterparty(COMPANY, 'Q', '2026-Q1', 'RECEIVED', 'B12345674', 'W|RENT|-').sk,
    )!;
    expect([added(w, 'baseCents'), added(w, 'irpfCents'), added(w, 'count')]).toEqual([100_000, 19_000, 1]);
    // The untyped received key is gone; the 347 exclusion line stays, without an irpfCents number.
    expect([...agg.keys()].some((sk) => sk.endsWith('#K#IRPF'))).toBe(false);
    const x = agg.get(
      keys.taxAggregateCounterparty(COMPANY, 'Q', '2026-Q1', 'RECEIVED', 'B12345674', 'X_IRPF').sk,
    )!;
    expect(added(x, 'totalCents')).toBe(121_000);
    expect(added(x, 'irpfCents')).toBeUndefined();
  });

  it('takes the key given when it is one of the kind', async () => {
    withSupplier();
    const res = await create({ withholdingKind: 'PROFESSIONAL', withholdingKey: 'g03', irpfRateBp: 700 });
    expect(res.envelope.data).toMatchObject({ withholdingKind: 'PROFESSIONAL', withholdingKey: 'G03' });
  });

  it("without a kind takes the supplier's remembered one, else a professional's", async () => {
    // A key remembered before the 193 list ('DIV') is recorded as the real one it stands for.
    withSupplier(supplier({ withholdingKind: 'CAPITAL', withholdingKey: 'DIV' }));
    expect((await create()).envelope.data).toMatchObject({
      withholdingKind: 'CAPITAL',
      withholdingKey: 'A02',
    });

    withSupplier(supplier({ withholdingKind: 'RENT' }));
    expect((await create({ supplierInvoiceNumber: 'ALQ-2' })).envelope.data).toMatchObject({
      withholdingKind: 'RENT',
      withholdingKey: '-',
    });

    withSupplier(supplier());
    expect((await create({ supplierInvoiceNumber: 'ALQ-3' })).envelope.data).toMatchObject({
      withholdingKind: 'PROFESSIONAL',
      withholdingKey: 'G01',
    });
  });

  it('the supplier linked by the tax id of an inline supplier lends its kind too', async () => {
    db.on(GetCommand, { Key: keys.supplierTaxIdClaim(COMPANY, 'ES:NIF:B12345674') }).resolves({
      Item: { supplierId: 's1' },
    });
    withSupplier(supplier({ withholdingKind: 'RENT', withholdingKey: '-' }));
    const res = await create({ supplierId: undefined, supplier: { name: 'Retiro', taxId: 'B12345674' } });
    expect(res.envelope.data).toMatchObject({ withholdingKind: 'RENT', withholdingKey: '-' });
  });

  it('records none without a withholding, even when a kind is sent', async () => {
    withSupplier(supplier({ withholdingKind: 'RENT' }));
    const res = await create({ irpfRateBp: 0, withholdingKind: 'RENT' });
    expect(res.envelope.data).toMatchObject({ withholdingKind: null, withholdingKey: null });
    expect([...aggregateItems().keys()].some((sk) => sk.includes('IRPF') || sk.includes('|W|'))).toBe(false);
  });

  it.each([
    [
      { withholdingKind: 'PROFESSIONAL', withholdingKey: 'G09' },
      'La clave de retención G09 no corresponde a Actividades profesionales.',
    ],
    [
      { withholdingKind: 'RENT', withholdingKey: 'G01' },
      'La clave de retención G01 no corresponde a Arrendamiento de inmuebles urbanos.',
    ],
    [{ withholdingKey: 'G01' }, 'Indica el tipo de retención de la clave G01.'],
  ])('refuses %o with the reason, writing nothing', async (over, message) => {
    withSupplier();
    const res = await create(over);
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'withholdingKey',
      message: expect.stringContaining(message),
    });
    expect(transactions()).toHaveLength(0);
  });

  it('a correction that names no kind keeps the invoice’s own', async () => {
    withSupplier();
    const rec = (await create({ withholdingKind: 'RENT' })).envelope.data!;
    db.on(GetCommand, { Key: keys.receivedInvoice(COMPANY, rec.receivedInvoiceId) }).resolves({
      Item: receivedInvoiceItem(rec),
    });
    db.resetHistory();
    const res = await call<ReceivedInvoice>({
      routeId: 'receivedInvoices.update',
      params: { receivedInvoiceId: rec.receivedInvoiceId },
      body: body({ notes: 'Corregida' }),
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ withholdingKind: 'RENT', withholdingKey: '-', version: 2 });
  });

  it('reads an invoice stored before the kinds as a professional’s when it withholds, none otherwise', async () => {
    withSupplier();
    const rec = (await create()).envelope.data!;
    const { withholdingKind: _k, withholdingKey: _c, ...legacy } = rec;
    const read = async (item: ReceivedInvoice) => {
      db.on(GetCommand, { Key: keys.receivedInvoice(COMPANY, rec.receivedInvoiceId) }).resolves({
        Item: receivedInvoiceItem(item),
      });
      return (
        await call<ReceivedInvoice>({
          routeId: 'receivedInvoices.get',
          params: { receivedInvoiceId: rec.receivedInvoiceId },
        })
      ).envelope.data;
    };
    expect(await read(legacy as ReceivedInvoice)).toMatchObject({
      withholdingKind: 'PROFESSIONAL',
      withholdingKey: 'G01',
    });
    const none = { ...legacy, irpfRateBp: 0, totals: { ...legacy.totals, irpfCents: 0 } };
    expect(await read(none as ReceivedInvoice)).toMatchObject({
      withholdingKind: null,
      withholdingKey: null,
    });
  });
});

describe('suppliers: remembered withholding kind and key', () => {
  const valid = { name: 'Inmuebles Retiro SL', taxId: 'B12345674', irpfRateBp: 1900 };

  it('remembers the kind with its default key, and answers them', async () => {
    const res = await call<Supplier>({
      routeId: 'suppliers.create',
      body: { ...valid, withholdingKind: 'RENT' },
    });
    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      irpfRateBp: 1900,
      withholdingKind: 'RENT',
      withholdingKey: '-',
    });
    const [items] = transactions();
    expect(items![0]!.Put!.Item).toMatchObject({ withholdingKind: 'RENT', withholdingKey: '-' });
  });

  it('an update replaces them (left out: forgotten)', async () => {
    withSupplier(supplier({ withholdingKind: 'RENT', withholdingKey: '-' }));
    const changed = await call<Supplier>({
      routeId: 'suppliers.update',
      params: { supplierId: 's1' },
      body: { ...valid, withholdingKind: 'PROFESSIONAL', withholdingKey: 'G05' },
    });
    expect(changed.envelope.data).toMatchObject({ withholdingKind: 'PROFESSIONAL', withholdingKey: 'G05' });
    const dropped = await call<Supplier>({
      routeId: 'suppliers.update',
      params: { supplierId: 's1' },
      body: valid,
    });
    expect(dropped.envelope.data).not.toHaveProperty('withholdingKind');
  });

  it('refuses a key that is not of the kind', async () => {
    const res = await call({
      routeId: 'suppliers.create',
      body: { ...valid, withholdingKind: 'CAPITAL', withholdingKey: 'G01' },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'withholdingKey',
      message: expect.stringContaining(
        'La clave de retención G01 no corresponde a Rendimientos del capital mobiliario (intereses, dividendos).',
      ),
    });
  });
});
