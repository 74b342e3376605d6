import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceItem } from './store/invoices';
import { COMPANY, invoicesHarness, USER } from './testing/harness';

const { db, call } = invoicesHarness('upd');

const body = {
  invoiceType: 'F1',
  invoiceDate: '2026-03-02',
  customer: {
    nif: '12345678Z',
    name: 'Ferretería López',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
  },
  invoiceLines: [{ description: 'Reparación', quantity: 2, unitPriceCents: 10_000, vatRateBp: 2100 }],
};

const writes = () =>
  db.commandCalls(PutCommand).length +
  db.commandCalls(DeleteCommand).length +
  db.commandCalls(TransactWriteCommand).length;

async function storedDraft(over: Partial<Invoice>): Promise<Invoice> {
  const created = await call<Invoice>({ routeId: 'invoices.create', body });
  const draft = { ...created.envelope.data!, ...over };
  db.on(GetCommand, { Key: keys.invoice(COMPANY, draft.invoiceId) }).resolves({ Item: invoiceItem(draft) });
  db.resetHistory();
  return draft;
}

beforeEach(() => {
  db.reset();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(PutCommand).resolves({});
});

describe('invoices: editing a draft', () => {
  it('refuses to edit a rectificativa draft (its link to the corrected invoices would be lost), writing nothing', async () => {
    const draft = await storedDraft({ invoiceType: 'R1' });

    const res = await call({ routeId: 'invoices.update', params: { invoiceId: draft.invoiceId }, body });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      details: { reason: 'RECTIFICATIVA_DRAFT' },
    });
    expect(writes()).toBe(0);
  });

  it('keeps where an automatic draft came from when a user edits it', async () => {
    const draft = await storedDraft({ origin: 'IMPORT' });

    const res = await call<Invoice>({
      routeId: 'invoices.update',
      params: { invoiceId: draft.invoiceId },
      body: { ...body, notes: 'Revisada' },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ origin: 'IMPORT', notes: 'Revisada' });
    expect(db.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ origin: 'IMPORT' });
  });
});
