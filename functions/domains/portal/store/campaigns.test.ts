/**
 * Campaigns over the in-memory table: creation with suggested items, sending (clients told once,
 * checklists on the company's index, the backfill of earlier uploads), counters exact through
 * ticks, hand closes and reopens, idempotent ticks, the reader's reclassification, closing, and
 * the gestor's reminder (only incomplete companies, once a day).
 */

import { keys } from '@shared/db/keys';
import type { DocumentType } from '@shared/schemas/documents';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { CLIENT, CLIENT2, CO, CO2, GESTOR, OUTSIDER, OWNER, T0 } from '../testing/fixtures';
import { portalFixture } from '../testing/portal-fixture';
import { activeTargetsOf, getCampaign, getTarget, listTargets } from './campaigns';
import { documentImage, tickDocument } from './campaigns-ticks';
import {
  closeCampaign,
  createCampaign,
  remindNow,
  sendCampaign,
  setCampaignItem,
} from './campaigns-workflow';

const { table, clock, deps } = portalFixture();
const gestor = { userId: GESTOR, isAdmin: false };

let docSeq = 0;
/** A stored Document as the documents domain writes it (only the fields the tick reads). */
function putDocument(
  companyId: string,
  over: {
    documentType?: DocumentType;
    uploadedBy?: string;
    origin?: string;
    supplierNif?: string;
    status?: string;
  } = {},
) {
  const createdAt = clock.now.toISOString();
  const documentId = `${String(clock.now.getTime()).padStart(13, '0')}d${++docSeq}`;
  const item = {
    ...keys.document(companyId, documentId),
    entity: 'Document',
    documentId,
    companyId,
    documentType: over.documentType ?? 'BANK_STATEMENT',
    status: over.status ?? 'OCR_PENDING',
    origin: over.origin ?? 'CLIENT_UPLOAD',
    uploadedBy: over.uploadedBy ?? CLIENT,
    categoryId: null,
    createdAt,
    updatedAt: createdAt,
    extraction: over.supplierNif ? { supplierNif: over.supplierNif } : null,
  };
  table.put(item);
  return item;
}

const later = (minutes: number) => {
  clock.now = new Date(clock.now.getTime() + minutes * 60_000);
};

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Documentación 1T 2026',
  period: '2026-Q1',
  dueDate: '2026-03-20',
  companyIds: [CO, CO2],
  items: [
    { kind: 'BANK_STATEMENTS' as const, minDocuments: 2 },
    { kind: 'PURCHASE_INVOICES' as const, minDocuments: 1 },
  ],
  ...over,
});

const counters = async (id: string) => {
  const c = (await getCampaign(deps, id))!;
  return {
    companies: c.companies,
    completeCompanies: c.completeCompanies,
    itemsDone: c.itemsDone,
    itemsTotal: c.itemsTotal,
  };
};

/** META's counters equal the sum over the targets. */
async function expectConsistent(id: string) {
  const targets = await listTargets(deps, id);
  const done = targets.reduce((n, t) => n + t.items.filter((i) => i.status !== 'MISSING').length, 0);
  const complete = targets.filter((t) => t.items.every((i) => i.status !== 'MISSING')).length;
  const total = targets.reduce((n, t) => n + t.items.length, 0);
  expect(await counters(id)).toEqual({
    companies: targets.length,
    completeCompanies: complete,
    itemsDone: done,
    itemsTotal: total,
  });
}

const notifications = (type?: string) =>
  table.all('Notification').filter((n) => !type || n.type === type) as unknown as {
    userId: string;
    companyId: string;
    type: string;
    message: string;
    link: string;
  }[];

const tick = (doc: Record<string, unknown>, before?: Record<string, unknown>) =>
  tickDocument(deps, before ? documentImage(before) : null, documentImage(doc)!);

describe('createCampaign', () => {
  it('creates a DRAFT with one target per company and the totals', async () => {
    const c = await createCampaign(deps, gestor, body({ companyIds: [CO, CO2, CO] }));
    expect(c).toMatchObject({
      status: 'DRAFT',
      companies: 2,
      itemsTotal: 4,
      itemsDone: 0,
      ownerUserId: GESTOR,
    });
    expect(c.targets.map((t) => t.companyName).sort()).toEqual(['Panadería Test', 'Taller Test']);
    expect(await activeTargetsOf(deps, CO)).toEqual([]);
    await expectConsistent(c.campaignId);
  });

  it("suggests each company's items from its tax profile", async () => {
    const facts = { ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }), hasEmployees: true };
    table.put({
      ...keys.taxProfile(CO),
      entity: 'TaxProfile',
      companyId: CO,
      companyType: 'SL',
      taxYear: 2026,
      facts,
      versions: [{ effectiveFrom: '2026-01-01', facts, changedAt: T0.toISOString(), changedBy: OWNER }],
    });
    const c = await createCampaign(deps, gestor, body({ items: undefined }));
    const kinds = (companyId: string) =>
      c.targets.find((t) => t.companyId === companyId)!.items.map((i) => i.kind);
    expect(kinds(CO)).toEqual(['PURCHASE_INVOICES', 'BANK_STATEMENTS', 'PAYROLL_CHANGES']);
    expect(kinds(CO2)).toEqual(['PURCHASE_INVOICES', 'BANK_STATEMENTS']);
    expect(c.itemsTotal).toBe(5);
  });

  it('refuses a company the caller does not manage, and writes nothing', async () => {
    await expect(createCampaign(deps, { userId: OUTSIDER, isAdmin: false }, body())).rejects.toMatchObject({
      code: 'CORE_003',
    });
    await expect(
      createCampaign(deps, { userId: CLIENT, isAdmin: false }, body({ companyIds: [CO] })),
    ).rejects.toMatchObject({
      code: 'CORE_003',
    });
    await expect(createCampaign(deps, gestor, body({ companyIds: ['co-nope'] }))).rejects.toMatchObject({
      code: 'CORE_003',
    });
    expect(table.all('DocumentCampaign')).toHaveLength(0);
    expect(table.all('DocumentCampaignTarget')).toHaveLength(0);
  });

  it('refuses a deadline in the past', async () => {
    await expect(createCampaign(deps, gestor, body({ dueDate: '2026-03-09' }))).rejects.toMatchObject({
      code: 'CORE_004',
      field: 'dueDate',
    });
  });
});

describe('sendCampaign', () => {
  it("tells each company's active clients once, lists the checklist, and ticks earlier client uploads", async () => {
    const c = await createCampaign(deps, gestor, body());
    later(10);
    putDocument(CO); // a client's bank statement between creation and sending
    putDocument(CO, { origin: 'UPLOAD', uploadedBy: GESTOR }); // the gestor's own: not counted
    later(10);
    const sent = await sendCampaign(deps, (await getCampaign(deps, c.campaignId))!);
    expect(sent.status).toBe('ACTIVE');
    const requests = notifications('document_request');
    expect(requests.map((n) => n.userId).sort()).toEqual([CLIENT, CLIENT2]);
    expect(requests[0]!.link).toBe(`/app/document-upload?campaignId=${c.campaignId}`);
    expect(requests[0]!.message).toContain('Extractos bancarios');
    const co = sent.targets.find((t) => t.companyId === CO)!;
    expect(co.items[0]).toMatchObject({ kind: 'BANK_STATEMENTS', status: 'MISSING' });
    expect(co.items[0]!.documentIds).toHaveLength(1);
    expect((await activeTargetsOf(deps, CO)).map((t) => t.campaignId)).toEqual([c.campaignId]);
    expect(table.get(keys.campaign(c.campaignId))!.gsi2pk).toBe('CAMPAIGNS#ACTIVE');
    // Sending again tells nobody twice.
    await sendCampaign(deps, (await getCampaign(deps, c.campaignId))!);
    expect(notifications('document_request')).toHaveLength(2);
    await expectConsistent(c.campaignId);
  });
});

describe('ticks and hand changes', () => {
  async function active() {
    const c = await createCampaign(deps, gestor, body());
    await sendCampaign(deps, (await getCampaign(deps, c.campaignId))!);
    later(5);
    return c.campaignId;
  }

  it('ticks on upload, RECEIVED at the minimum; replays add nothing; counters exact', async () => {
    const id = await active();
    const a = putDocument(CO);
    expect(await tick(a)).toBe(1);
    expect(await tick(a)).toBe(0);
    expect((await getTarget(deps, id, CO))!.items[0]).toMatchObject({
      status: 'MISSING',
      documentIds: [a.documentId],
    });
    const b = putDocument(CO, { uploadedBy: CLIENT2 });
    await tick(b);
    expect((await getTarget(deps, id, CO))!.items[0]).toMatchObject({ status: 'RECEIVED' });
    expect(await counters(id)).toMatchObject({ itemsDone: 1, completeCompanies: 0 });
    const inv = putDocument(CO, { documentType: 'INVOICE' });
    await tick(inv);
    await tick(inv);
    expect(await counters(id)).toMatchObject({ itemsDone: 2, completeCompanies: 1 });
    expect((await getTarget(deps, id, CO))!.lastUploadAt).toBe(clock.now.toISOString());
    await expectConsistent(id);
  });

  it("ignores uploads of staff and of other companies' clients", async () => {
    const id = await active();
    expect(await tick(putDocument(CO, { origin: 'UPLOAD', uploadedBy: GESTOR }))).toBe(0);
    expect(await tick(putDocument(CO2, { origin: 'UPLOAD', uploadedBy: OUTSIDER }))).toBe(0);
    expect(await tick(putDocument(CO, { origin: 'UPLOAD', uploadedBy: CLIENT }))).toBe(1);
    await expectConsistent(id);
  });

  it('re-evaluates an invoice when the reader says the company issued it', async () => {
    const c = await createCampaign(
      deps,
      gestor,
      body({
        companyIds: [CO],
        items: [
          { kind: 'PURCHASE_INVOICES', minDocuments: 1 },
          { kind: 'SALES_INVOICES', minDocuments: 1 },
        ],
      }),
    );
    await sendCampaign(deps, (await getCampaign(deps, c.campaignId))!);
    later(1);
    const inv = putDocument(CO, { documentType: 'INVOICE' });
    await tick(inv);
    expect((await getTarget(deps, c.campaignId, CO))!.items.map((i) => i.status)).toEqual([
      'RECEIVED',
      'MISSING',
    ]);
    const read = { ...inv, status: 'INVOICE_CREATED', extraction: { supplierNif: 'B12345678' } };
    expect(await tick(read, inv)).toBe(1);
    expect((await getTarget(deps, c.campaignId, CO))!.items.map((i) => i.status)).toEqual([
      'MISSING',
      'RECEIVED',
    ]);
    // A change that moves nothing reads nothing more.
    expect(await tick({ ...read, updatedAt: 'x' }, read)).toBe(0);
    await expectConsistent(c.campaignId);
  });

  it('closes an item by hand with a note and reopens it, counters in step', async () => {
    const id = await active();
    const closed = await setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i2', {
      status: 'CLOSED_MANUALLY',
      note: 'Sin compras este trimestre',
    });
    expect(closed.items[1]).toMatchObject({
      status: 'CLOSED_MANUALLY',
      note: 'Sin compras este trimestre',
      closedBy: GESTOR,
    });
    expect(await counters(id)).toMatchObject({ itemsDone: 1, completeCompanies: 0 });
    await setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i2', {
      status: 'CLOSED_MANUALLY',
      note: 'Sin compras este trimestre',
    });
    expect(await counters(id)).toMatchObject({ itemsDone: 1 });
    await setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i1', {
      status: 'CLOSED_MANUALLY',
    });
    expect(await counters(id)).toMatchObject({ itemsDone: 2, completeCompanies: 1 });
    const reopened = await setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i2', {
      status: 'MISSING',
    });
    expect(reopened).toMatchObject({ done: 1, complete: false });
    expect(await counters(id)).toMatchObject({ itemsDone: 1, completeCompanies: 0 });
    await expect(
      setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i9', { status: 'MISSING' }),
    ).rejects.toMatchObject({ code: 'CORE_006' });
    await expectConsistent(id);
  });

  it('closing the campaign takes the checklists off the indexes; its items no longer change', async () => {
    const id = await active();
    const closed = await closeCampaign(deps, (await getCampaign(deps, id))!);
    expect(closed.status).toBe('CLOSED');
    expect(await activeTargetsOf(deps, CO)).toEqual([]);
    expect(table.get(keys.campaign(id))!.gsi2pk).toBeUndefined();
    expect(await tick(putDocument(CO))).toBe(0);
    await expect(
      setCampaignItem(deps, gestor, (await getCampaign(deps, id))!, CO, 'i1', { status: 'CLOSED_MANUALLY' }),
    ).rejects.toMatchObject({ code: 'DOC_CONFLICT' });
  });
});

describe('remindNow', () => {
  it('reminds only incomplete companies, at most once a day', async () => {
    const c = await createCampaign(deps, gestor, body());
    await sendCampaign(deps, (await getCampaign(deps, c.campaignId))!);
    const campaign = (await getCampaign(deps, c.campaignId))!;
    await setCampaignItem(deps, gestor, campaign, CO2, 'i1', { status: 'CLOSED_MANUALLY' });
    await setCampaignItem(deps, gestor, campaign, CO2, 'i2', { status: 'CLOSED_MANUALLY' });
    later(60);
    expect(await remindNow(deps, campaign)).toEqual({ reminded: 1, complete: 1, alreadyToday: 0 });
    const sent = notifications('document_request_reminder');
    expect(sent.map((n) => n.userId).sort()).toEqual([CLIENT, CLIENT2]);
    expect(sent.every((n) => n.companyId === CO)).toBe(true);
    later(60);
    expect(await remindNow(deps, campaign)).toEqual({ reminded: 0, complete: 1, alreadyToday: 1 });
    expect(notifications('document_request_reminder')).toHaveLength(2);
    later(24 * 60);
    expect((await remindNow(deps, campaign)).reminded).toBe(1);
  });

  it('refuses a DRAFT', async () => {
    const c = await createCampaign(deps, gestor, body());
    await expect(remindNow(deps, (await getCampaign(deps, c.campaignId))!)).rejects.toMatchObject({
      code: 'DOC_CONFLICT',
    });
  });
});
