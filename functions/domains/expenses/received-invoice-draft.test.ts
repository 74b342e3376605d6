/**
 * `received-invoice-draft` (issue 17 item 3) over the in-memory table: a reading becomes a PENDING
 * received invoice with its document attached, the supplier matched or created, the category
 * learned per supplier; a document read twice drafts once, an invoice already registered is a
 * DUPLICATE and writes nothing; a reviewer's corrections rebuild the draft before its approval.
 * Also the suggest-category route through the real pipeline, and the invocation's contract.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { membershipItem } from '@shared/db/records';
import type { Extraction, ExtractionNotes } from '@shared/schemas/documents';
import type { CategorySuggestion, DraftResult } from '@shared/schemas/received-invoice-draft';
import {
  type ReceivedInvoice,
  ReceivedInvoiceListQuery,
  UpdateReceivedInvoiceBody,
} from '@shared/schemas/received-invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { assignReceivedInvoiceCategory } from './actions/assign-received-invoice-category';
import { listReceivedInvoices } from './actions/list-received-invoices';
import { setReceivedInvoiceApproval } from './actions/set-received-invoice-approval';
import { updateReceivedInvoice } from './actions/update-received-invoice';
import { expensesActions } from './handler';
import { categoryItem } from './store/categories';
import type { ExpensesDeps } from './store/deps';
import { receivedInvoiceDraft, receivedInvoiceDraftInvocation } from './workers/received-invoice-draft';

const TABLE = 'cuadra-drafts-test';
const CO = 'co-1';
const USER = 'u-gestor';
const T0 = new Date('2026-03-02T10:00:00.000Z');

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient);
let ids = 0;
const deps: ExpensesDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(T0),
  newId: () => `id${++ids}`,
};
const handler = createApiHandler('expenses', expensesActions, () => deps);

/** 1.000,00 € at 21 % + 200,00 € at 10 %, IRPF 15 %: 1.250,00 € payable. */
const extraction = (over: Partial<Extraction> = {}): Extraction => ({
  supplierName: 'Asesores Peñalara SL',
  supplierNif: 'B12345674',
  customerName: 'Panadería La Espiga SL',
  customerNif: 'A28017895',
  invoiceNumber: 'F-2026/0042',
  issueDate: '2026-02-27',
  bases: [
    { rateBp: 2100, baseCents: 100_000, quotaCents: 21_000 },
    { rateBp: 1000, baseCents: 20_000, quotaCents: 2000 },
  ],
  recargo: [],
  irpf: { rateBp: 1500, amountCents: 18_000 },
  totalCents: 125_000,
  currency: 'EUR',
  confidence: { supplierNif: 1, invoiceNumber: 0.95, totalCents: 0.99 },
  source: 'TEXT',
  ...over,
});
const notes: ExtractionNotes = {
  arithmeticOk: true,
  quotasOk: true,
  mentions: [],
  fieldSources: {},
  qr: null,
  warnings: [],
};

const create = (documentId: string, over: Partial<Extraction> = {}) =>
  receivedInvoiceDraft(deps, {
    op: 'create',
    companyId: CO,
    documentId,
    fileName: `${documentId}.pdf`,
    extraction: extraction(over),
    notes,
    createdBy: USER,
  });

const invoice = (id: string) =>
  table.get(keys.receivedInvoice(CO, id)) as unknown as ReceivedInvoice & {
    draft?: { documentId: string; needsReview: boolean; incompleteFields: string[] };
  };

const created = (r: DraftResult) => {
  if (r.outcome !== 'CREATED' && r.outcome !== 'INCOMPLETE') throw new Error(`not created: ${r.outcome}`);
  return r;
};

beforeEach(() => {
  table.reset();
  ids = 0;
  table.put({ ...keys.company(CO), entity: 'Company', companyId: CO, siiEnabled: false });
  table.put(
    membershipItem({
      companyId: CO,
      userId: USER,
      companyRole: 'GESTOR',
      permissions: [],
      isActive: true,
      email: 'g@cuadra.test',
      firstName: 'G',
      lastName: 'Test',
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    } as never),
  );
  for (const [categoryId, order] of [
    ['cat1', 0],
    ['cat2', 1],
  ] as const) {
    table.put(
      categoryItem({
        categoryId,
        companyId: CO,
        name: `Categoría ${categoryId}`,
        pgcAccount: '623',
        deductibleBp: 10_000,
        order,
        isActive: true,
        createdAt: T0.toISOString(),
        updatedAt: T0.toISOString(),
      }),
    );
  }
});

describe('create', () => {
  it('makes a PENDING received invoice with the document attached and creates the supplier from the reading', async () => {
    const r = created(await create('doc-1'));
    expect(r).toMatchObject({
      outcome: 'CREATED',
      supplierCreated: true,
      expenseCategoryId: null,
      missing: [],
    });
    const stored = invoice(r.receivedInvoiceId!);
    expect(stored).toMatchObject({
      entity: 'ReceivedInvoice',
      approvalStatus: 'PENDING',
      supplierInvoiceNumber: 'F-2026/0042',
      issueDate: '2026-02-27',
      irpfRateBp: 1500,
      attachments: [{ documentId: 'doc-1', fileName: 'doc-1.pdf' }],
      supplier: { supplierId: r.supplierId, name: 'Asesores Peñalara SL', taxId: 'B12345674' },
      totals: { baseCents: 120_000, supplierVatCents: 23_000, irpfCents: 18_000, totalCents: 125_000 },
      createdBy: USER,
      draft: { documentId: 'doc-1', needsReview: false, incompleteFields: [] },
    });
    expect(stored.lines.map((l) => [l.description, l.vatRateBp, l.unitPriceCents, l.quantityMilli])).toEqual([
      ['Base imponible al 21 %', 2100, 100_000, 1000],
      ['Base imponible al 10 %', 1000, 20_000, 1000],
    ]);
    // As `POST /received-invoices` writes it: the number claim, the supplier with its tax-id claim.
    expect(table.get(keys.supplierTaxIdClaim(CO, 'ES:NIF:B12345674'))).toMatchObject({
      supplierId: r.supplierId,
    });
    expect(table.get(keys.supplier(CO, r.supplierId!))).toMatchObject({ name: 'Asesores Peñalara SL' });
    expect(
      table.get(keys.receivedInvoiceNumberClaim(CO, 'ES:NIF:B12345674', '2026', 'F-2026/0042')),
    ).toMatchObject({ receivedInvoiceId: r.receivedInvoiceId });
  });

  it('is idempotent by document: the same document again answers the first result and writes nothing', async () => {
    const first = await create('doc-1');
    const writes = table.writes.length;
    expect(await create('doc-1')).toEqual(first);
    expect(table.writes.length).toBe(writes);
    expect(table.all('ReceivedInvoice')).toHaveLength(1);
  });

  it('the same issuer, number and date from another document is a DUPLICATE of it, never booked twice', async () => {
    const first = created(await create('doc-1'));
    const writes = table.writes.length;
    // The number as printed elsewhere (spaces, lower case) is the same number.
    const again = await create('doc-2', { invoiceNumber: 'f-2026/ 0042' });
    expect(again).toEqual({
      outcome: 'DUPLICATE',
      duplicateOf: { receivedInvoiceId: first.receivedInvoiceId, documentId: 'doc-1' },
    });
    expect(table.writes.length).toBe(writes);
    expect(table.all('ReceivedInvoice')).toHaveLength(1);
  });

  it('matches the stored supplier by its tax id and drafts in the category last assigned to its invoices', async () => {
    const first = created(await create('doc-1'));
    await assignReceivedInvoiceCategory(
      { companyId: CO, receivedInvoiceId: first.receivedInvoiceId!, body: { categoryId: 'cat2' } },
      deps,
    );
    const second = created(await create('doc-2', { invoiceNumber: 'F-2026/0050', supplierName: 'ASESORES' }));
    expect(second).toMatchObject({
      outcome: 'CREATED',
      supplierId: first.supplierId,
      supplierCreated: false,
      expenseCategoryId: 'cat2',
    });
    // The stored supplier's name stands, not the one read this time.
    expect(invoice(second.receivedInvoiceId!)).toMatchObject({
      expenseCategoryId: 'cat2',
      supplier: { name: 'Asesores Peñalara SL' },
    });
    expect(table.all('Supplier')).toHaveLength(1);
  });

  it('figures that do not add up: INCOMPLETE, the draft stored and flagged for review', async () => {
    const r = created(await create('doc-1', { totalCents: 130_000 }));
    expect(r).toMatchObject({ outcome: 'INCOMPLETE', missing: ['totalCents'] });
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({
      totals: { totalCents: 125_000 },
      draft: { needsReview: true, incompleteFields: ['totalCents'] },
    });
  });

  it('without the issuer’s tax id: INCOMPLETE, the draft still stored with the document, kept out of the book', async () => {
    table.put({ ...keys.company(CO), entity: 'Company', companyId: CO, siiEnabled: true });
    const r = created(await create('doc-1', { supplierNif: null, bases: [], totalCents: 125_000 }));
    expect(r).toMatchObject({
      outcome: 'INCOMPLETE',
      supplierId: null,
      supplierCreated: false,
      missing: ['supplierNif', 'bases'],
    });
    expect(r.receivedInvoiceId).toBeTruthy();
    const draft = invoice(r.receivedInvoiceId!) as ReturnType<typeof invoice> & Record<string, unknown>;
    expect(draft).toMatchObject({
      approvalStatus: 'PENDING',
      siiStatus: null,
      supplier: { supplierId: null, name: 'Asesores Peñalara SL', taxId: '' },
      supplierInvoiceNumber: 'F-2026/0042',
      lines: [],
      attachments: [{ documentId: 'doc-1' }],
      draft: { documentId: 'doc-1', booked: false, needsReview: true },
    });
    // Out of the book: no book-date entry (lists, totals, 303, recompute), no aggregates, no SII event,
    // no supplier made from nothing, no number claim without the issuer.
    expect(draft.gsi1pk).toBe(keys.receivedInvoiceDraftByDatePartition(CO).gsi1pk);
    expect(table.all('TaxAggregate')).toEqual([]);
    expect(table.all('ReceivedInvoiceEvent')).toEqual([]);
    expect(table.all('ReceivedInvoiceNumberClaim')).toEqual([]);
    expect(table.all('Supplier')).toEqual([]);
    const listed = await listReceivedInvoices(
      { companyId: CO, query: ReceivedInvoiceListQuery.parse({}) },
      deps,
    );
    expect(listed.content).toEqual([]);
    // Approving it as read is refused, naming what is missing; nothing changes.
    const writes = table.writes.length;
    await expect(
      receivedInvoiceDraft(deps, {
        op: 'decide',
        companyId: CO,
        receivedInvoiceId: r.receivedInvoiceId!,
        decision: 'APPROVED',
        decidedBy: USER,
      }),
    ).rejects.toMatchObject({
      code: 'CORE_004',
      details: { reason: 'DRAFT_NOT_BUILDABLE', missing: ['supplierNif', 'bases'] },
    });
    expect(table.writes.length).toBe(writes);
    // Completed by the reviewer's corrections, then APPROVED, which registers it in the book (aggregates, SII).
    await receivedInvoiceDraft(deps, {
      op: 'decide',
      companyId: CO,
      receivedInvoiceId: r.receivedInvoiceId!,
      decision: 'APPROVED',
      corrections: { supplierNif: 'B12345674', bases: extraction().bases },
      decidedBy: USER,
    });
    const booked = invoice(r.receivedInvoiceId!) as ReturnType<typeof invoice> & Record<string, unknown>;
    expect(booked).toMatchObject({
      approvalStatus: 'APPROVED',
      supplier: { taxId: 'B12345674' },
      totals: { totalCents: 125_000 },
      siiStatus: 'NOT_SENT',
    });
    expect(booked.gsi1pk).toBe(keys.receivedInvoiceByDatePartition(CO).gsi1pk);
    expect(booked.draft).toMatchObject({ booked: true, incompleteFields: [] });
    expect(table.all('TaxAggregate').length).toBeGreaterThan(0);
    expect(table.all('ReceivedInvoiceEvent').map((e) => e.kind)).toEqual(['RECEIVED_REGISTERED']);
    expect(table.all('Supplier')).toHaveLength(1);
  });

  it('an INCOMPLETE draft approved without corrections is registered from the stored reading (issue 17 item 3)', async () => {
    // The reading's own arithmetic check failed (notes), though every figure was read.
    const r = created(
      await receivedInvoiceDraft(deps, {
        op: 'create',
        companyId: CO,
        documentId: 'doc-1',
        fileName: 'doc-1.pdf',
        extraction: extraction(),
        notes: { ...notes, arithmeticOk: false, quotasOk: false },
        createdBy: USER,
      }),
    );
    expect(r).toMatchObject({ outcome: 'INCOMPLETE', missing: ['bases', 'totalCents'] });
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({ draft: { booked: false } });
    expect(table.all('TaxAggregate')).toEqual([]);
    // The plain approval route refuses an incomplete draft: it must be completed first.
    await expect(
      setReceivedInvoiceApproval(
        {
          companyId: CO,
          userId: USER,
          receivedInvoiceId: r.receivedInvoiceId!,
          body: { status: 'APPROVED' },
        },
        deps,
      ),
    ).rejects.toMatchObject({ details: { reason: 'DRAFT_INCOMPLETE' } });
    await expect(
      receivedInvoiceDraft(deps, {
        op: 'decide',
        companyId: CO,
        receivedInvoiceId: r.receivedInvoiceId!,
        decision: 'APPROVED',
        decidedBy: USER,
      }),
    ).resolves.toMatchObject({ outcome: 'DECIDED', approvalStatus: 'APPROVED' });
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({
      approvalStatus: 'APPROVED',
      supplierInvoiceNumber: 'F-2026/0042',
      totals: { totalCents: 125_000, irpfCents: 18_000 },
    });
    expect(table.all('TaxAggregate').length).toBeGreaterThan(0);
  });

  it('an INCOMPLETE draft completed by PUT /received-invoices/{id} stays a draft until it is approved', async () => {
    const r = created(await create('doc-1', { issueDate: null }));
    expect(r).toMatchObject({ outcome: 'INCOMPLETE', missing: ['issueDate'] });
    expect(table.all('TaxAggregate')).toEqual([]);
    const current = invoice(r.receivedInvoiceId!);
    await updateReceivedInvoice(
      {
        companyId: CO,
        receivedInvoiceId: r.receivedInvoiceId!,
        body: UpdateReceivedInvoiceBody.parse({
          supplierId: current.supplier.supplierId,
          supplierInvoiceNumber: current.supplierInvoiceNumber,
          issueDate: '2026-02-27',
          lines: current.lines.map((l) => ({
            description: l.description,
            quantity: 1,
            unitPriceCents: l.unitPriceCents,
            vatRateBp: l.vatRateBp,
          })),
          irpfRateBp: 1500,
          attachments: current.attachments,
        }),
      },
      deps,
    );
    // An edit is not the approval: complete now, still out of the book.
    const completed = invoice(r.receivedInvoiceId!) as ReturnType<typeof invoice> & Record<string, unknown>;
    expect(completed.gsi1pk).toBe(keys.receivedInvoiceDraftByDatePartition(CO).gsi1pk);
    expect(completed.draft).toMatchObject({ booked: false, incompleteFields: [], needsReview: false });
    expect(completed.totals.totalCents).toBe(125_000);
    expect(table.all('TaxAggregate')).toEqual([]);
    await setReceivedInvoiceApproval(
      { companyId: CO, userId: USER, receivedInvoiceId: r.receivedInvoiceId!, body: { status: 'APPROVED' } },
      deps,
    );
    const booked = invoice(r.receivedInvoiceId!) as ReturnType<typeof invoice> & Record<string, unknown>;
    expect(booked.gsi1pk).toBe(keys.receivedInvoiceByDatePartition(CO).gsi1pk);
    expect(booked.draft).toMatchObject({ booked: true });
    expect(table.all('TaxAggregate').length).toBeGreaterThan(0);
  });

  it('an IGIC invoice (Canarias): drafted as NOT_SUBJECT lines with the Spanish warning, out of the book', async () => {
    const r = created(
      await receivedInvoiceDraft(deps, {
        op: 'create',
        companyId: CO,
        documentId: 'doc-igic',
        fileName: 'igic.pdf',
        extraction: extraction({
          irpf: null,
          bases: [{ rateBp: 700, baseCents: 10_000, quotaCents: 700 }],
          totalCents: 10_700,
        }),
        notes: { ...notes, mentions: ['IGIC'] },
        createdBy: USER,
      }),
    );
    expect(r).toMatchObject({ outcome: 'INCOMPLETE', missing: ['bases'] });
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({
      lines: [{ kind: 'NOT_SUBJECT' }, { kind: 'NOT_SUBJECT', unitPriceCents: 700 }],
      totals: { totalCents: 10_700, deductibleVatCents: 0 },
      draft: { booked: false, incompleteFields: ['bases'] },
    });
    expect(invoice(r.receivedInvoiceId!).notes).toContain(
      'Factura con IGIC: revísala (no es IVA deducible en el modelo 303)',
    );
    expect(table.all('TaxAggregate')).toEqual([]);
  });

  it('an EU supplier’s intra-EU invoice: an intra-EU acquisition of services, self-assessed, payable = base', async () => {
    const r = created(
      await create('doc-1', {
        supplierNif: 'FR12345678901',
        supplierName: 'Conseil SARL',
        bases: [{ rateBp: 0, baseCents: 50_000, quotaCents: 0 }],
        irpf: null,
        totalCents: 50_000,
      }),
    );
    expect(r.outcome).toBe('CREATED');
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({
      supplier: { taxId: { type: 'NIF_IVA', value: 'FR12345678901', country: 'FR' }, country: 'FR' },
      lines: [{ kind: 'INTRA_EU_SERVICES', vatRateBp: 2100 }],
      totals: { selfAssessedVatCents: 10_500, totalCents: 50_000 },
      draft: { needsReview: true },
    });
  });
});

describe('decide', () => {
  it('approves with the reviewer’s corrections: the draft rebuilt (number claim moved), then APPROVED', async () => {
    const r = created(await create('doc-1', { invoiceNumber: 'F-2026/OO42', totalCents: 125_100 }));
    expect(r.outcome).toBe('INCOMPLETE');
    const decided = await receivedInvoiceDraft(deps, {
      op: 'decide',
      companyId: CO,
      receivedInvoiceId: r.receivedInvoiceId!,
      decision: 'APPROVED',
      corrections: { invoiceNumber: 'F-2026/0042', totalCents: 125_000 },
      decidedBy: USER,
    });
    expect(decided).toEqual({
      outcome: 'DECIDED',
      receivedInvoiceId: r.receivedInvoiceId,
      approvalStatus: 'APPROVED',
    });
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({
      supplierInvoiceNumber: 'F-2026/0042',
      approvalStatus: 'APPROVED',
      approval: { status: 'APPROVED', decidedBy: USER },
      attachments: [{ documentId: 'doc-1' }],
      totals: { totalCents: 125_000 },
    });
    expect(
      table.get(keys.receivedInvoiceNumberClaim(CO, 'ES:NIF:B12345674', '2026', 'F-2026/OO42')),
    ).toBeUndefined();
    expect(
      table.get(keys.receivedInvoiceNumberClaim(CO, 'ES:NIF:B12345674', '2026', 'F-2026/0042')),
    ).toBeDefined();
    // The same decision asked again (a retried worker) answers the same and writes nothing.
    const writes = table.writes.length;
    await expect(
      receivedInvoiceDraft(deps, {
        op: 'decide',
        companyId: CO,
        receivedInvoiceId: r.receivedInvoiceId!,
        decision: 'APPROVED',
        decidedBy: USER,
      }),
    ).resolves.toMatchObject({ approvalStatus: 'APPROVED' });
    expect(table.writes.length).toBe(writes);
  });

  it('a correction that leaves no valid invoice is refused and changes nothing', async () => {
    const r = created(await create('doc-1'));
    const writes = table.writes.length;
    await expect(
      receivedInvoiceDraft(deps, {
        op: 'decide',
        companyId: CO,
        receivedInvoiceId: r.receivedInvoiceId!,
        decision: 'APPROVED',
        corrections: { issueDate: null },
        decidedBy: USER,
      }),
    ).rejects.toMatchObject({ code: 'CORE_004', details: { reason: 'DRAFT_NOT_BUILDABLE' } });
    expect(table.writes.length).toBe(writes);
    expect(invoice(r.receivedInvoiceId!).approvalStatus).toBe('PENDING');
  });

  it('rejects with the reason; the same invoice read again is drafted again in its place, not booked twice', async () => {
    const r = created(await create('doc-1'));
    await receivedInvoiceDraft(deps, {
      op: 'decide',
      companyId: CO,
      receivedInvoiceId: r.receivedInvoiceId!,
      decision: 'REJECTED',
      reason: 'Lectura ilegible',
      decidedBy: USER,
    });
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({
      approvalStatus: 'REJECTED',
      approval: { comment: 'Lectura ilegible' },
    });
    const again = created(await create('doc-2'));
    expect(again.receivedInvoiceId).toBe(r.receivedInvoiceId);
    expect(invoice(r.receivedInvoiceId!)).toMatchObject({
      approvalStatus: 'PENDING',
      approval: null,
      attachments: [{ documentId: 'doc-1' }, { documentId: 'doc-2' }],
      draft: { documentId: 'doc-2' },
    });
    expect(table.all('ReceivedInvoice')).toHaveLength(1);
  });
});

describe('nothing read is booked before a person approves it (issue 17 item 3)', () => {
  const inBook = (id: string) => invoice(id) as ReturnType<typeof invoice> & Record<string, unknown>;
  const approve = (id: string) =>
    setReceivedInvoiceApproval(
      { companyId: CO, userId: USER, receivedInvoiceId: id, body: { status: 'APPROVED' } },
      deps,
    );
  const list = (drafts?: string) =>
    listReceivedInvoices(
      { companyId: CO, query: ReceivedInvoiceListQuery.parse(drafts ? { drafts } : {}) },
      deps,
    );

  beforeEach(() => {
    table.put({ ...keys.company(CO), entity: 'Company', companyId: CO, siiEnabled: true });
  });

  it('a complete reading is a draft out of the book (no aggregates, no SII event); its approval books it', async () => {
    const r = created(await create('doc-1'));
    expect(r.outcome).toBe('CREATED');
    const id = r.receivedInvoiceId!;
    expect(inBook(id)).toMatchObject({
      approvalStatus: 'PENDING',
      siiStatus: null,
      gsi1pk: keys.receivedInvoiceDraftByDatePartition(CO).gsi1pk,
      draft: { documentId: 'doc-1', booked: false, incompleteFields: [] },
    });
    // Not in the tax aggregates (what the 303 and the dashboards read), not in the SII.
    expect(table.all('TaxAggregate')).toEqual([]);
    expect(table.all('ReceivedInvoiceEvent')).toEqual([]);
    // The book's list does not show it; the gestor sees it among the drafts, flagged.
    expect((await list()).content).toEqual([]);
    expect((await list('only')).content.map((x) => [x.receivedInvoiceId, x.draft?.booked])).toEqual([
      [id, false],
    ]);
    expect((await list('include')).content).toHaveLength(1);
    // The number is held all the same: another reading of it is a DUPLICATE of this draft.
    await expect(
      receivedInvoiceDraft(deps, {
        op: 'create',
        companyId: CO,
        documentId: 'doc-9',
        fileName: 'doc-9.pdf',
        extraction: extraction(),
        notes,
        createdBy: USER,
      }),
    ).resolves.toMatchObject({ outcome: 'DUPLICATE', duplicateOf: { receivedInvoiceId: id } });

    await approve(id);
    expect(inBook(id)).toMatchObject({
      approvalStatus: 'APPROVED',
      siiStatus: 'NOT_SENT',
      gsi1pk: keys.receivedInvoiceByDatePartition(CO).gsi1pk,
      draft: { documentId: 'doc-1', booked: true },
    });
    const aggregates = table.all('TaxAggregate');
    expect(aggregates.length).toBeGreaterThan(0);
    expect(JSON.stringify(aggregates)).toContain('100000');
    expect(table.all('ReceivedInvoiceEvent').map((e) => [e.kind, e.siiStatus])).toEqual([
      ['RECEIVED_REGISTERED', 'NOT_SENT'],
    ]);
    expect((await list()).content.map((x) => x.receivedInvoiceId)).toEqual([id]);
    expect((await list('only')).content).toEqual([]);
  });

  it('the review’s approval (decide APPROVED, no corrections) books a complete draft as drafted', async () => {
    const r = created(await create('doc-1'));
    const before = inBook(r.receivedInvoiceId!);
    await receivedInvoiceDraft(deps, {
      op: 'decide',
      companyId: CO,
      receivedInvoiceId: r.receivedInvoiceId!,
      decision: 'APPROVED',
      decidedBy: USER,
    });
    const after = inBook(r.receivedInvoiceId!);
    // One write (the approval), not a rebuild.
    expect(after.version).toBe(before.version + 1);
    expect(after).toMatchObject({ approvalStatus: 'APPROVED', draft: { booked: true } });
    expect(table.all('TaxAggregate').length).toBeGreaterThan(0);
    expect(table.all('ReceivedInvoiceEvent').map((e) => e.kind)).toEqual(['RECEIVED_REGISTERED']);
  });

  it('two readings of the same invoice: the second is a DUPLICATE before any approval; only one is ever booked', async () => {
    const first = created(await create('doc-1'));
    expect(await create('doc-2')).toMatchObject({
      outcome: 'DUPLICATE',
      duplicateOf: { receivedInvoiceId: first.receivedInvoiceId, documentId: 'doc-1' },
    });
    expect(table.all('ReceivedInvoice')).toHaveLength(1);
    await approve(first.receivedInvoiceId!);
    expect(await create('doc-3')).toMatchObject({ outcome: 'DUPLICATE' });
    expect(table.all('ReceivedInvoice')).toHaveLength(1);
  });

  it('a draft whose number another invoice holds is refused at its approval (409) and nothing is booked', async () => {
    const r = created(await create('doc-1'));
    // Another invoice holds the claim (e.g. a draft made before claims were kept for drafts).
    const claimKey = keys.receivedInvoiceNumberClaim(CO, 'ES:NIF:B12345674', '2026', 'F-2026/0042');
    table.put({ ...table.get(claimKey)!, receivedInvoiceId: 'other' });
    const writes = table.writes.length;
    await expect(approve(r.receivedInvoiceId!)).rejects.toMatchObject({
      code: 'DOC_CONFLICT',
      details: { reason: 'DUPLICATE_SUPPLIER_NUMBER' },
    });
    expect(table.writes.length).toBe(writes);
    expect(inBook(r.receivedInvoiceId!)).toMatchObject({
      approvalStatus: 'PENDING',
      draft: { booked: false },
    });
    expect(table.all('TaxAggregate')).toEqual([]);
    expect(table.all('ReceivedInvoiceEvent')).toEqual([]);
  });

  it('rejected: never booked', async () => {
    const r = created(await create('doc-1'));
    await receivedInvoiceDraft(deps, {
      op: 'decide',
      companyId: CO,
      receivedInvoiceId: r.receivedInvoiceId!,
      decision: 'REJECTED',
      reason: 'No es nuestra',
      decidedBy: USER,
    });
    expect(inBook(r.receivedInvoiceId!)).toMatchObject({
      approvalStatus: 'REJECTED',
      siiStatus: null,
      gsi1pk: keys.receivedInvoiceDraftByDatePartition(CO).gsi1pk,
      draft: { booked: false },
    });
    expect(table.all('TaxAggregate')).toEqual([]);
    expect(table.all('ReceivedInvoiceEvent')).toEqual([]);
    expect((await list()).content).toEqual([]);
    await expect(approve(r.receivedInvoiceId!)).rejects.toMatchObject({
      details: { reason: 'APPROVAL_ALREADY_DECIDED' },
    });
  });

  it('an edit of a complete draft keeps it out of the book: only the approval books it', async () => {
    const r = created(await create('doc-1'));
    const current = invoice(r.receivedInvoiceId!);
    await updateReceivedInvoice(
      {
        companyId: CO,
        receivedInvoiceId: r.receivedInvoiceId!,
        body: UpdateReceivedInvoiceBody.parse({
          supplierId: current.supplier.supplierId,
          supplierInvoiceNumber: current.supplierInvoiceNumber,
          issueDate: current.issueDate,
          lines: current.lines.map((l) => ({
            description: l.description,
            quantity: 1,
            unitPriceCents: l.unitPriceCents,
            vatRateBp: l.vatRateBp,
          })),
          irpfRateBp: 1500,
          notes: 'Revisada',
          attachments: current.attachments,
        }),
      },
      deps,
    );
    expect(inBook(r.receivedInvoiceId!)).toMatchObject({
      notes: 'Revisada',
      siiStatus: null,
      draft: { booked: false },
      gsi1pk: keys.receivedInvoiceDraftByDatePartition(CO).gsi1pk,
    });
    expect(table.all('TaxAggregate')).toEqual([]);
    expect(table.all('ReceivedInvoiceEvent')).toEqual([]);
  });
});

describe('GET /received-invoices/suggest-category', () => {
  const suggest = async (query: Record<string, string>) =>
    readResponse<CategorySuggestion>(
      await handler(
        apiEvent({
          routeId: 'receivedInvoices.suggestCategory',
          query,
          claims: { sub: USER, groups: ['GESTOR'] },
          headers: { 'x-company-id': CO },
        }),
        lambdaContext(),
      ),
    );

  it('answers the category last assigned to the supplier’s invoices, by tax id or supplier id', async () => {
    const r = created(await create('doc-1'));
    await assignReceivedInvoiceCategory(
      { companyId: CO, receivedInvoiceId: r.receivedInvoiceId!, body: { categoryId: 'cat1' } },
      deps,
    );
    const byTaxId = await suggest({ supplierTaxId: 'b-12345674' });
    expect(byTaxId.status).toBe(200);
    expect(byTaxId.envelope.data).toEqual({
      categoryId: 'cat1',
      categoryName: 'Categoría cat1',
      basis: 'SUPPLIER_HISTORY',
      confidence: 0.9,
    });
    expect((await suggest({ supplierId: r.supplierId! })).envelope.data).toMatchObject({
      categoryId: 'cat1',
    });
  });

  it('without a learned category reads the supplier’s history; with nothing, no suggestion', async () => {
    const r = created(await create('doc-1'));
    // Booked (approved), then categorised by a correction (which does not teach): found in the history.
    await setReceivedInvoiceApproval(
      { companyId: CO, userId: USER, receivedInvoiceId: r.receivedInvoiceId!, body: { status: 'APPROVED' } },
      deps,
    );
    const stored = table.get(keys.receivedInvoice(CO, r.receivedInvoiceId!))!;
    table.put({ ...stored, expenseCategoryId: 'cat2' });
    expect((await suggest({ supplierTaxId: 'B12345674' })).envelope.data).toEqual({
      categoryId: 'cat2',
      categoryName: 'Categoría cat2',
      basis: 'SUPPLIER_HISTORY',
      confidence: 1,
    });
    expect((await suggest({ supplierTaxId: 'A28017895' })).envelope.data).toEqual({
      categoryId: null,
      categoryName: null,
      basis: null,
      confidence: 0,
    });
  });

  it('refuses both or neither parameter, and an invalid tax id', async () => {
    expect((await suggest({})).status).toBe(400);
    expect((await suggest({ supplierTaxId: 'B12345674', supplierId: 'x' })).status).toBe(400);
    expect((await suggest({ supplierTaxId: 'B12345675' })).status).toBe(400);
  });
});

describe('the invocation', () => {
  it('answers the result to a valid payload and refuses one that breaks the contract', async () => {
    const answer = await receivedInvoiceDraftInvocation({
      op: 'create',
      companyId: CO,
      documentId: 'doc-1',
      fileName: 'f.pdf',
      extraction: extraction(),
      notes,
      createdBy: null,
    });
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'CREATED' } });
    const [stored] = table.all('ReceivedInvoice');
    expect(stored).toMatchObject({ createdBy: 'SYSTEM' });
    await expect(receivedInvoiceDraftInvocation({ op: 'create', companyId: CO })).rejects.toThrow();
  });
});
