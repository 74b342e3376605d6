import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import {
  CreateMandateBody,
  type CreatePaymentOrderBody,
  UpdateBankingSettingsBody,
} from '@shared/schemas/sepa';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseEndToEndId } from '../model/sepa';
import { validatePain } from '../model/sepa/validate-xsd';
import type { BankingDeps } from './deps';
import type { BankAccountItem, OpenItem } from './items';
import {
  createMandate,
  createPaymentOrder,
  getBankingSettings,
  getPaymentOrder,
  getPaymentOrderFile,
  listMandates,
  listPaymentCandidates,
  listPaymentOrders,
  revokeMandate,
  updateBankingSettings,
} from './sepa';

const TABLE = 'cuadra-banking-sepa-test';
const CO = 'co-sepa';
const USER = 'u-owner';
const T0 = new Date('2026-03-10T09:00:00.000Z'); // Tuesday
const IBAN_CO = 'ES9121000418450200051332';
const IBAN_SUP = 'ES7921000813610123456789';
const IBAN_CUS = 'DE89370400440532013000';

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
let now = new Date(T0);
let ids = 0;
const deps: BankingDeps = {
  db: testDocumentClient(),
  table: TABLE,
  sqs: { send: async () => ({}) } as unknown as BankingDeps['sqs'],
  queueUrl: () => 'https://example.invalid/queue',
  invoke: async <T>() => ({}) as T,
  now: () => new Date(now),
  newId: () => `id${String(++ids).padStart(6, '0')}`,
};

const account = (over: Partial<BankAccountItem> = {}): BankAccountItem => ({
  entity: 'BankAccount',
  schemaVersion: 1,
  companyId: CO,
  accountId: 'acc1',
  iban: IBAN_CO,
  bankCode: '2100',
  bankName: 'CaixaBank',
  bic: 'CAIXESBBXXX',
  alias: 'Cuenta principal',
  holderName: 'Cuadra Demo, S.L.',
  currency: 'EUR',
  accountingAccountCode: '572',
  balanceCents: 0,
  balanceDate: null,
  feed: { n43: true, psd2ConnectionId: null },
  active: true,
  movementCount: 0,
  unreconciledCount: 0,
  lastMovementDate: null,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const openItem = (kind: 'INV' | 'REC', documentId: string, over: Partial<OpenItem> = {}): OpenItem => ({
  entity: 'OpenItem',
  schemaVersion: 1,
  companyId: CO,
  kind,
  direction: kind === 'INV' ? 'RECEIVABLE' : 'PAYABLE',
  documentId,
  number: `F-${documentId}`,
  issueDate: '2026-02-01',
  partyId: kind === 'INV' ? 'cus1' : 'sup1',
  partyName: kind === 'INV' ? 'Muñoz y Peña, S.C.' : 'Suministros Ñandú, S.A.',
  partyNif: 'B11111111',
  partyIban: kind === 'REC' ? IBAN_SUP : null,
  partyEmail: null,
  totalCents: 121_000,
  paidCents: 21_000,
  outstandingCents: 100_000,
  dueDates: [
    { dueDate: '2026-03-01', amountCents: 60_500, paidCents: 21_000 },
    { dueDate: '2026-04-01', amountCents: 60_500, paidCents: 0 },
  ],
  nextDueDate: '2026-03-01',
  payments: [],
  paymentMethod: null,
  status: 'OPEN',
  settledDate: null,
  version: 1,
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

const seedOpen = (i: OpenItem) => table.put({ ...keys.openItem(CO, i.kind, i.documentId), ...i });

const mandateBody = (over: Record<string, unknown> = {}): CreateMandateBody =>
  CreateMandateBody.parse({
    mandateId: 'MAND-CUS1-01',
    customerId: 'cus1',
    debtorName: 'Muñoz y Peña, S.C.',
    iban: 'DE89 3704 0044 0532 0130 00',
    signatureDate: '2025-11-02',
    ...over,
  });

const expectAppError = async (p: Promise<unknown>, message: RegExp) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).message).toMatch(message);
};

beforeEach(() => {
  table.reset();
  now = new Date(T0);
  ids = 0;
  table.put({
    ...keys.company(CO),
    entity: 'Company',
    companyId: CO,
    name: 'Cuadra Demo, S.L.',
    nif: 'B85626240',
  });
  table.put({ ...keys.bankAccount(CO, 'acc1'), ...account() });
  table.put({ ...keys.customer(CO, 'cus1'), entity: 'Customer', customerId: 'cus1', name: 'Muñoz y Peña' });
  table.put({ ...keys.customer(CO, 'cus2'), entity: 'Customer', customerId: 'cus2', name: 'Sin mandato' });
});

describe('banking settings', () => {
  it('computes the creditor identifier from the NIF with the default suffix', async () => {
    const s = await getBankingSettings(deps, CO);
    expect(s).toMatchObject({
      creditorIdSuffix: '000',
      creditorIdentifier: 'ES77000B85626240',
      defaultAccountId: null,
      defaultSequenceType: 'RCUR',
    });
  });

  it('updates field by field, keeping other attributes', async () => {
    table.put({ ...keys.bankingSettings(CO), entity: 'BankingSettings', someoneElses: 'kept' });
    const s = await updateBankingSettings(deps, CO, USER, {
      creditorIdSuffix: 'A01',
      defaultSequenceType: 'OOFF',
    });
    expect(s.creditorIdentifier).toBe('ES77A01B85626240');
    const again = await updateBankingSettings(deps, CO, USER, { defaultAccountId: 'acc1' });
    expect(again).toMatchObject({
      creditorIdSuffix: 'A01',
      defaultSequenceType: 'OOFF',
      defaultAccountId: 'acc1',
    });
    const raw = table.get(keys.bankingSettings(CO))!;
    expect(raw.defaultSequenceType).toBe('OOFF');
    expect(raw.someoneElses).toBe('kept');
  });

  it('no longer accepts the payment reminders switch (the treasury settings own it)', () => {
    expect(UpdateBankingSettingsBody.safeParse({ paymentRemindersEnabled: true }).success).toBe(false);
  });

  it('refuses a default account that is not the company’s', async () => {
    await expectAppError(updateBankingSettings(deps, CO, USER, { defaultAccountId: 'nope' }), /no existe/);
  });
});

describe('mandates', () => {
  it('creates, refuses a duplicate reference, lists and revokes', async () => {
    const m = await createMandate(deps, CO, USER, mandateBody());
    expect(m).toMatchObject({
      iban: IBAN_CUS,
      status: 'ACTIVE',
      nextSequenceType: 'FRST',
      scheme: 'CORE',
      type: 'RCUR',
    });
    await expectAppError(createMandate(deps, CO, USER, mandateBody()), /Ya existe un mandato/);
    expect(await listMandates(deps, CO, { customerId: 'cus1' })).toHaveLength(1);
    const r = await revokeMandate(deps, CO, USER, 'MAND-CUS1-01');
    expect(r).toMatchObject({ status: 'REVOKED', revokedBy: USER, nextSequenceType: null });
    expect(await listMandates(deps, CO, { status: 'ACTIVE' })).toHaveLength(0);
  });

  it('validates the IBAN, the reference and the dates', async () => {
    expect(CreateMandateBody.safeParse({ ...mandateBody(), iban: 'ES9121000418450200051333' }).success).toBe(
      false,
    );
    expect(
      CreateMandateBody.safeParse({ ...mandateBody(), iban: 'BR1500000000000010932840814P2' }).success,
    ).toBe(false);
    expect(CreateMandateBody.safeParse({ ...mandateBody(), mandateId: 'MAÑ-1' }).success).toBe(false);
    await expectAppError(
      createMandate(deps, CO, USER, mandateBody({ signatureDate: '2026-03-11' })),
      /futura/,
    );
    await expectAppError(
      createMandate(deps, CO, USER, mandateBody({ customerId: 'ghost' })),
      /cliente no existe/,
    );
  });

  it('generates a reference when none is given', async () => {
    const m = await createMandate(deps, CO, USER, mandateBody({ mandateId: undefined }));
    expect(m.mandateId).toMatch(/^CUS1-20260310-[A-Z0-9]+$/);
  });
});

describe('payment candidates', () => {
  it('transfers: open payables, blocked without a supplier IBAN', async () => {
    seedOpen(openItem('REC', 'r1'));
    seedOpen(openItem('REC', 'r2', { partyIban: null, nextDueDate: '2026-02-20' }));
    seedOpen(openItem('REC', 'r3', { status: 'PAID', outstandingCents: 0 }));
    seedOpen(openItem('INV', 'i1'));
    const c = await listPaymentCandidates(deps, CO, 'TRANSFER');
    expect(c.map((x) => [x.documentId, x.blockedReason])).toEqual([
      ['r2', 'Falta el IBAN del proveedor.'],
      ['r1', null],
    ]);
    expect(c[1]).toMatchObject({
      outstandingCents: 100_000,
      iban: IBAN_SUP,
      dueDates: [
        { dueDate: '2026-03-01', amountCents: 39_500 },
        { dueDate: '2026-04-01', amountCents: 60_500 },
      ],
    });
  });

  it('direct debits: only receivables of customers with an active mandate', async () => {
    seedOpen(openItem('INV', 'i1'));
    seedOpen(openItem('INV', 'i2', { partyId: 'cus2' }));
    await createMandate(deps, CO, USER, mandateBody());
    const c = await listPaymentCandidates(deps, CO, 'DIRECT_DEBIT');
    expect(c.map((x) => x.documentId)).toEqual(['i1']);
    expect(c[0]!.mandate).toEqual({ mandateId: 'MAND-CUS1-01', scheme: 'CORE', sequenceType: 'FRST' });
    await revokeMandate(deps, CO, USER, 'MAND-CUS1-01');
    expect(await listPaymentCandidates(deps, CO, 'DIRECT_DEBIT')).toEqual([]);
  });
});

describe('payment orders', () => {
  const transferBody = (over: Partial<CreatePaymentOrderBody> = {}): CreatePaymentOrderBody => ({
    kind: 'TRANSFER',
    accountId: 'acc1',
    executionDate: '2026-03-11',
    items: [
      { documentId: 'r1', amountCents: 100_000 },
      { documentId: 'r2', amountCents: 12_345 },
    ],
    ...over,
  });

  it('transfers: a valid pain.001 file, end-to-end ids, nothing recorded as paid', async () => {
    seedOpen(openItem('REC', 'r1'));
    seedOpen(openItem('REC', 'r2', { partyName: 'Óptica Güell & Cía' }));
    const order = await createPaymentOrder(deps, CO, USER, transferBody());
    expect(order).toMatchObject({
      kind: 'TRANSFER',
      status: 'GENERATED',
      schema: 'pain.001.001.03',
      itemCount: 2,
      totalCents: 112_345,
      categoryPurpose: 'SUPP',
      createdBy: USER,
    });
    expect(order.orderId).toMatch(/^P20260310[A-Z0-9]+$/);
    expect(order.items.map((i) => parseEndToEndId(i.endToEndId))).toEqual([
      { orderId: order.orderId, index: 1 },
      { orderId: order.orderId, index: 2 },
    ]);
    const file = await getPaymentOrderFile(deps, CO, order.orderId);
    expect(file.fileName).toBe(`transferencias-${order.orderId}.xml`);
    const v = await validatePain(file.xml, 'pain.001.001.03');
    expect(v.errors).toEqual([]);
    expect(file.xml).toContain('<Nm>Optica Guell + Cia</Nm>');
    expect(file.xml).toContain('<CtrlSum>1123.45</CtrlSum>');
    expect(file.xml).toContain('<Id>B85626240000</Id>');
    // Open items are untouched: the bank movement settles them through reconciliation.
    expect(table.get(keys.openItem(CO, 'REC', 'r1'))!.outstandingCents).toBe(100_000);
    const list = await listPaymentOrders(deps, CO);
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('xml');
    expect(list[0]).not.toHaveProperty('items');
    expect((await getPaymentOrder(deps, CO, order.orderId)).items).toHaveLength(2);
    // The candidates now say what is already in an order.
    const c = await listPaymentCandidates(deps, CO, 'TRANSFER');
    expect(c.find((x) => x.documentId === 'r2')!.orderedCents).toBe(12_345);
  });

  it('refuses amounts above the outstanding, bad dates, repeated or missing documents', async () => {
    seedOpen(openItem('REC', 'r1'));
    seedOpen(openItem('REC', 'r2'));
    await expectAppError(
      createPaymentOrder(
        deps,
        CO,
        USER,
        transferBody({ items: [{ documentId: 'r1', amountCents: 100_001 }] }),
      ),
      /supera lo pendiente \(1\.000,00 €\)/,
    );
    await expectAppError(
      createPaymentOrder(deps, CO, USER, transferBody({ executionDate: '2026-03-09' })),
      /anterior a hoy/,
    );
    await expectAppError(
      createPaymentOrder(deps, CO, USER, transferBody({ executionDate: '2026-03-14' })),
      /día hábil/,
    );
    await expectAppError(
      createPaymentOrder(
        deps,
        CO,
        USER,
        transferBody({
          items: [
            { documentId: 'r1', amountCents: 1 },
            { documentId: 'r1', amountCents: 1 },
          ],
        }),
      ),
      /dos veces/,
    );
    await expectAppError(
      createPaymentOrder(deps, CO, USER, transferBody({ items: [{ documentId: 'zz', amountCents: 1 }] })),
      /no existe/,
    );
    seedOpen(openItem('REC', 'r3', { partyIban: null }));
    await expectAppError(
      createPaymentOrder(deps, CO, USER, transferBody({ items: [{ documentId: 'r3', amountCents: 1 }] })),
      /no tiene un IBAN SEPA/,
    );
    expect(table.all('PaymentOrder')).toHaveLength(0);
  });

  it("transfers go to the supplier's IBAN as stored now, not as it was when the invoice was projected", async () => {
    seedOpen(openItem('REC', 'r4', { partyIban: null }));
    table.put({ ...keys.supplier(CO, 'sup1'), supplierId: 'sup1', name: 'Harinas', iban: IBAN_SUP });
    const c = await listPaymentCandidates(deps, CO, 'TRANSFER');
    expect(c.find((x) => x.documentId === 'r4')).toMatchObject({ iban: IBAN_SUP, blockedReason: null });
    const order = await createPaymentOrder(
      deps,
      CO,
      USER,
      transferBody({ items: [{ documentId: 'r4', amountCents: 1_000 }] }),
    );
    expect(order.items[0]).toMatchObject({ iban: IBAN_SUP });
    // And an IBAN removed from the supplier blocks it again.
    table.put({ ...keys.supplier(CO, 'sup1'), supplierId: 'sup1', name: 'Harinas', iban: null });
    const after = await listPaymentCandidates(deps, CO, 'TRANSFER');
    expect(after.find((x) => x.documentId === 'r4')?.blockedReason).toBe('Falta el IBAN del proveedor.');
  });

  it('direct debits: FRST first, then RCUR, D+1 collection date, a valid pain.008 file', async () => {
    seedOpen(openItem('INV', 'i1'));
    seedOpen(openItem('INV', 'i2'));
    seedOpen(openItem('INV', 'i3', { partyId: 'cus2' }));
    await createMandate(deps, CO, USER, mandateBody());
    await createMandate(
      deps,
      CO,
      USER,
      mandateBody({
        mandateId: 'MAND-CUS2-B2B',
        customerId: 'cus2',
        scheme: 'B2B',
        iban: IBAN_SUP,
        debtorName: 'Sin Mandato, S.A.',
      }),
    );
    const dd = (
      items: CreatePaymentOrderBody['items'],
      executionDate = '2026-03-12',
    ): CreatePaymentOrderBody => ({
      kind: 'DIRECT_DEBIT',
      accountId: 'acc1',
      executionDate,
      items,
    });
    await expectAppError(
      createPaymentOrder(deps, CO, USER, dd([{ documentId: 'i1', amountCents: 100 }], '2026-03-11')),
      /D-1/,
    );
    const first = await createPaymentOrder(
      deps,
      CO,
      USER,
      dd([
        { documentId: 'i1', amountCents: 50_000 },
        { documentId: 'i3', amountCents: 25_050 },
      ]),
    );
    expect(first.items.map((i) => [i.mandateId, i.sequenceType, i.scheme])).toEqual([
      ['MAND-CUS1-01', 'FRST', 'CORE'],
      ['MAND-CUS2-B2B', 'FRST', 'B2B'],
    ]);
    expect(first.blocks).toHaveLength(2);
    const xml1 = (await getPaymentOrderFile(deps, CO, first.orderId)).xml;
    expect((await validatePain(xml1, 'pain.008.001.02')).errors).toEqual([]);
    expect(xml1).toContain('<Id>ES77000B85626240</Id>');
    expect(xml1).toContain('<Nm>Munoz y Pena, S.C.</Nm>');
    expect(xml1).toContain('<InstdAmt Ccy="EUR">250.50</InstdAmt>');

    const second = await createPaymentOrder(
      deps,
      CO,
      USER,
      dd([
        { documentId: 'i2', amountCents: 100_000 },
        { documentId: 'i1', amountCents: 50_000 },
      ]),
    );
    expect(second.items.map((i) => i.sequenceType)).toEqual(['RCUR', 'RCUR']);
    const xml2 = (await getPaymentOrderFile(deps, CO, second.orderId)).xml;
    expect((await validatePain(xml2, 'pain.008.001.02')).errors).toEqual([]);
    expect(xml2).toContain('<SeqTp>RCUR</SeqTp>');
    expect(xml2).not.toContain('<SeqTp>FRST</SeqTp>');
    expect(table.get(keys.sepaMandate(CO, 'MAND-CUS1-01'))).toMatchObject({
      collectionCount: 3,
      firstOrderId: first.orderId,
      lastCollectionDate: '2026-03-12',
    });
  });

  it('direct debits: a customer without mandate, or a one-off mandate used twice, is refused', async () => {
    seedOpen(openItem('INV', 'i1'));
    seedOpen(openItem('INV', 'i2'));
    const body = (documentIds: string[]): CreatePaymentOrderBody => ({
      kind: 'DIRECT_DEBIT',
      accountId: 'acc1',
      executionDate: '2026-03-13',
      items: documentIds.map((documentId) => ({ documentId, amountCents: 1_000 })),
    });
    await expectAppError(createPaymentOrder(deps, CO, USER, body(['i1'])), /no tiene un mandato SEPA activo/);
    await createMandate(deps, CO, USER, mandateBody({ type: 'OOFF' }));
    await expectAppError(createPaymentOrder(deps, CO, USER, body(['i1', 'i2'])), /un solo uso/);
    const once = await createPaymentOrder(deps, CO, USER, body(['i1']));
    expect(once.items[0]!.sequenceType).toBe('OOFF');
    await expectAppError(createPaymentOrder(deps, CO, USER, body(['i2'])), /no tiene un mandato SEPA activo/);
  });

  it('refuses a file above 350 KB, asking to split it', async () => {
    const n = 600;
    for (let k = 0; k < n; k++)
      seedOpen(openItem('REC', `r${k}`, { partyName: `Proveedor con un nombre bastante largo número ${k}` }));
    const items = Array.from({ length: n }, (_, k) => ({ documentId: `r${k}`, amountCents: 1_000 }));
    await expectAppError(
      createPaymentOrder(deps, CO, USER, transferBody({ items })),
      /divide los pagos en varias órdenes/,
    );
  });
});
