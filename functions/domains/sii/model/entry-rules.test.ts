/**
 * THE PROTOCOL, registration side (shared/schemas/sii.ts `SiiEntry`): every move a source change
 * makes on an entry, from every state, including changes that arrive out of order, content changes
 * while an attempt is in flight, held received invoices, MANUAL mode and withdrawals of records the
 * AEAT never held.
 */

import type { SiiIssuedRecord, SiiStatus } from '@shared/schemas/sii';
import { describe, expect, it } from 'vitest';
import { entryItem, isFinalEntry } from '../store/entry-item';
import {
  type EntryTarget,
  isHeld,
  nextEntry,
  operationFor,
  type RuleConfig,
  SII_HISTORY_CAP,
  type StoredSiiEntry,
  sameContent,
  sourceOrder,
} from './entry-rules';

const COMPANY = 'co-1';
const AT = '2026-03-10T09:00:00.000Z';
const LATER = '2026-03-11T09:00:00.000Z';
const AUTO: RuleConfig = { submissionMode: 'AUTOMATIC', holdUnapprovedReceived: false };
const MANUAL: RuleConfig = { submissionMode: 'MANUAL', holdUnapprovedReceived: false };
const HOLD: RuleConfig = { submissionMode: 'AUTOMATIC', holdUnapprovedReceived: true };

const record = (totalCents = 121_000): SiiIssuedRecord => ({
  book: 'FE',
  period: { year: 2026, period: '03' },
  invoiceId: { issuerNif: 'A12345674', number: 'F-2026-0012', issueDate: '2026-03-09' },
  invoiceType: 'F1',
  regimeKeys: ['01'],
  description: 'Transporte',
  totalCents,
  counterparty: { name: 'Ferretería López SL', nif: 'B12345674', otherId: null },
  rectification: null,
  operationDate: null,
  breakdown: {
    kind: 'INVOICE',
    invoice: {
      notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: 100_000, vatCents: 21_000 }] },
      exempt: [],
      notSubjectArt7_14Cents: 0,
      notSubjectLocationCents: 0,
    },
  },
});

const target = (over: Partial<EntryTarget> = {}): EntryTarget => ({
  book: 'FE',
  documentId: 'inv-1',
  source: { type: 'INVOICE', id: 'inv-1', invoiceId: 'inv-1' },
  record: record(),
  facts: {
    documentNumber: 'F-2026-0012',
    counterpartyName: 'Ferretería López SL',
    counterpartyTaxId: 'B12345674',
    issueDate: '2026-03-09',
    totalCents: 121_000,
    period: { year: 2026, period: '03' },
  },
  deadline: '2026-03-13',
  withdrawn: false,
  approved: null,
  order: sourceOrder.issued(false),
  ...over,
});

/** A received-invoice target at `version`. */
const received = (version: number, over: Partial<EntryTarget> = {}) =>
  target({
    book: 'FR',
    documentId: 'ri-1',
    source: { type: 'RECEIVED_INVOICE', id: 'ri-1', invoiceId: 'ri-1' },
    approved: true,
    order: sourceOrder.received(version, false),
    ...over,
  });

const created = (t: EntryTarget = target(), config: RuleConfig = AUTO) =>
  nextEntry(null, COMPANY, t, config, AT)!;

/** An entry moved by the sender to `status` (as its transitions leave it). */
const asSender = (e: StoredSiiEntry, status: SiiStatus, registered = e.registered): StoredSiiEntry => ({
  ...e,
  status,
  registered,
  pendingOperation: status === 'ACCEPTED' ? null : e.pendingOperation,
  sentContentVersion: e.contentVersion,
  sentOperation: e.pendingOperation,
  attemptId: status === 'SENT' ? 'att-1' : e.attemptId,
  updatedAt: '2026-03-10T10:00:00.000Z',
});

describe('a new entry', () => {
  it('is an alta A0, QUEUED, with its first history line', () => {
    const e = created();
    expect(e).toMatchObject({
      entryId: 'FE:inv-1',
      companyId: COMPANY,
      status: 'QUEUED',
      pendingOperation: 'A0',
      registered: false,
      withdrawn: false,
      held: false,
      contentVersion: 1,
      sentContentVersion: null,
      attempts: 0,
      deadline: '2026-03-13',
      documentNumber: 'F-2026-0012',
      createdAt: AT,
      updatedAt: AT,
      sourceOrder: '0',
    });
    expect(e.history).toEqual([
      { at: AT, status: 'QUEUED', operation: 'A0', message: 'Registro creado (alta A0)' },
    ]);
  });

  it('waits as NOT_SENT for the user in MANUAL mode', () => {
    const e = created(target(), MANUAL);
    expect(e).toMatchObject({ status: 'NOT_SENT', pendingOperation: 'A0', held: false });
    expect(isFinalEntry(e)).toBe(false);
    expect(entryItem(e)).not.toHaveProperty('gsi1pk');
    expect(entryItem(e)).toHaveProperty('gsi2pk', 'SII#OPEN');
  });

  it('is held (NOT_SENT, out of the sender index) when the received invoice is not approved and the config holds', () => {
    const e = created(received(1, { approved: false }), HOLD);
    expect(e).toMatchObject({ status: 'NOT_SENT', held: true, pendingOperation: 'A0' });
    expect(entryItem(e)).not.toHaveProperty('gsi1pk');
    // Without the hold it goes at once.
    expect(created(received(1, { approved: false }), AUTO)).toMatchObject({ status: 'QUEUED', held: false });
    // Issued invoices are never held.
    expect(isHeld(target({ approved: null }), HOLD)).toBe(false);
  });

  it('of a withdrawn source the AEAT never held is final: nothing to send, in no index', () => {
    const e = created(target({ withdrawn: true, order: sourceOrder.issued(true) }));
    expect(e).toMatchObject({ status: 'NOT_SENT', pendingOperation: null, withdrawn: true, held: false });
    expect(isFinalEntry(e)).toBe(true);
    const item = entryItem(e);
    expect(item).not.toHaveProperty('gsi1pk');
    expect(item).not.toHaveProperty('gsi2pk');
  });
});

describe('out of order and repeated changes', () => {
  it('a repeat of the change the entry reflects changes nothing', () => {
    expect(nextEntry(created(), COMPANY, target(), AUTO, LATER)).toBeNull();
  });

  it('a cancellation before its confirmation ends withdrawn; the late confirmation is ignored', () => {
    const cancelled = created(target({ withdrawn: true, order: sourceOrder.issued(true) }));
    expect(nextEntry(cancelled, COMPANY, target(), AUTO, LATER)).toBeNull();
  });

  it('an older version of a received invoice never overwrites a newer content', () => {
    const v2 = created(received(2, { record: record(50_000) }));
    expect(nextEntry(v2, COMPANY, received(1, { record: record(40_000) }), AUTO, LATER)).toBeNull();
    const v3 = nextEntry(v2, COMPANY, received(3, { record: record(60_000) }), AUTO, LATER)!;
    expect((v3.record as SiiIssuedRecord).totalCents).toBe(60_000);
    expect(v3.sourceOrder).toBe(sourceOrder.received(3, false));
  });

  it('orders versions numerically and a deletion after the content it deletes', () => {
    expect(sourceOrder.received(10, false) > sourceOrder.received(9, false)).toBe(true);
    expect(sourceOrder.received(9, true) > sourceOrder.received(9, false)).toBe(true);
    expect(sourceOrder.received(10, false) > sourceOrder.received(9, true)).toBe(true);
    expect(sourceOrder.issued(true) > sourceOrder.issued(false)).toBe(true);
    // Payments: revision first, then time, then a deletion after a record of the same instant.
    const rec0 = sourceOrder.payment(0, '2026-03-12T08:00:00.000Z', false);
    const del0 = sourceOrder.payment(0, '2026-03-13T08:00:00.000Z', true);
    const rec1 = sourceOrder.payment(1, '2026-03-13T08:00:00.000Z', false);
    expect(del0 > rec0).toBe(true);
    expect(rec1 > del0).toBe(true);
    expect(sourceOrder.payment(0, AT, true) > sourceOrder.payment(0, AT, false)).toBe(true);
  });

  it('a newer change with the same content changes nothing', () => {
    const v1 = created(received(1));
    expect(nextEntry(v1, COMPANY, received(2), AUTO, LATER)).toBeNull();
  });
});

describe('content changes', () => {
  it('while QUEUED and never registered: still an alta A0, with the new content', () => {
    const next = nextEntry(created(received(1)), COMPANY, received(2, { record: record(99) }), AUTO, LATER)!;
    expect(next).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'A0',
      contentVersion: 2,
      updatedAt: LATER,
    });
    expect(next.history.at(-1)).toMatchObject({
      operation: 'A0',
      message: 'Contenido actualizado (alta A0)',
    });
  });

  it('of an accepted record: a modification A1, QUEUED, due four working days after the change at the earliest', () => {
    const accepted = asSender(created(received(1)), 'ACCEPTED', true);
    const next = nextEntry(accepted, COMPANY, received(2, { record: record(99) }), AUTO, LATER)!;
    expect(next).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'A1',
      registered: true,
      contentVersion: 2,
    });
    // 11 March 2026 (Wednesday) + 4 working days = 17 March, later than the original 13 March.
    expect(next.deadline).toBe('2026-03-17');
    expect(entryItem(next)).toHaveProperty('gsi1pk');
  });

  it('while SENT: only the content and its version move; the sender queues it again', () => {
    const sent = asSender(created(received(1)), 'SENT');
    const next = nextEntry(sent, COMPANY, received(2, { record: record(99) }), AUTO, LATER)!;
    expect(next).toMatchObject({
      status: 'SENT',
      attemptId: 'att-1',
      sentContentVersion: 1,
      contentVersion: 2,
      pendingOperation: 'A0',
    });
    expect((next.record as SiiIssuedRecord).totalCents).toBe(99);
    expect(next.history.at(-1)?.message).toContain('se enviará cuando se resuelva el envío en curso');
  });

  it('of a rejected or failed record: queued again with the new content', () => {
    for (const status of ['REJECTED', 'ERROR', 'PENDING_CORRECTION'] as const) {
      const failed = asSender(created(received(1)), status);
      const next = nextEntry(failed, COMPANY, received(2, { record: record(99) }), AUTO, LATER)!;
      expect(next).toMatchObject({ status: 'QUEUED', pendingOperation: 'A0', contentVersion: 2 });
    }
  });

  it('in MANUAL mode waits as NOT_SENT for the user', () => {
    const accepted = asSender(created(received(1), MANUAL), 'ACCEPTED', true);
    const next = nextEntry(accepted, COMPANY, received(2, { record: record(99) }), MANUAL, LATER)!;
    expect(next).toMatchObject({ status: 'NOT_SENT', pendingOperation: 'A1' });
    expect(next.history.at(-1)?.message).toContain('pendiente de envío manual');
  });
});

describe('withdrawals', () => {
  const cancel = target({ withdrawn: true, order: sourceOrder.issued(true), record: record(1) });

  it('of a registered record: a baja, QUEUED, that identifies the record the AEAT holds', () => {
    const accepted = asSender(created(), 'ACCEPTED', true);
    const next = nextEntry(accepted, COMPANY, cancel, AUTO, LATER)!;
    expect(next).toMatchObject({
      status: 'QUEUED',
      pendingOperation: 'BAJA',
      withdrawn: true,
      contentVersion: 2,
    });
    expect((next.record as SiiIssuedRecord).totalCents).toBe(121_000);
    expect(isFinalEntry(next)).toBe(false);
  });

  it('of a record never registered (queued, rejected, failed): nothing to send, final', () => {
    for (const status of ['QUEUED', 'NOT_SENT', 'REJECTED', 'ERROR'] as const) {
      const e = status === 'QUEUED' ? created() : asSender(created(), status);
      const next = nextEntry(e, COMPANY, cancel, AUTO, LATER)!;
      expect(next).toMatchObject({
        status: 'NOT_SENT',
        pendingOperation: null,
        withdrawn: true,
        held: false,
      });
      expect(isFinalEntry(next)).toBe(true);
      expect(next.history.at(-1)?.message).toContain('no hay nada que comunicar');
    }
  });

  it('while an alta is in flight: stays SENT; the baja is due only if the AEAT registers it', () => {
    const sent = asSender(created(), 'SENT');
    const next = nextEntry(sent, COMPANY, cancel, AUTO, LATER)!;
    expect(next).toMatchObject({
      status: 'SENT',
      withdrawn: true,
      pendingOperation: null,
      contentVersion: 2,
    });
    expect(isFinalEntry(next)).toBe(false);
    expect(operationFor({ registered: true, withdrawn: true })).toBe('BAJA');
    expect(operationFor({ registered: false, withdrawn: true })).toBeNull();
  });

  it('of a held entry releases the hold: nothing waits for an approval any more', () => {
    const held = created(received(1, { approved: false }), HOLD);
    const next = nextEntry(
      held,
      COMPANY,
      received(2, { withdrawn: true, approved: false, order: sourceOrder.received(2, true) }),
      HOLD,
      LATER,
    )!;
    expect(next).toMatchObject({ held: false, withdrawn: true, pendingOperation: null, status: 'NOT_SENT' });
  });

  it('a payment recorded again after its deletion comes back (A1 while the AEAT still holds it)', () => {
    const pay = (rev: number, at: string, withdrawn: boolean) =>
      target({
        book: 'RECC',
        documentId: 'inv-1~pay-1',
        source: { type: 'INVOICE_PAYMENT', id: 'pay-1', invoiceId: 'inv-1' },
        withdrawn,
        order: sourceOrder.payment(rev, at, withdrawn),
      });
    const accepted = asSender(created(pay(0, AT, false)), 'ACCEPTED', true);
    const deleted = nextEntry(accepted, COMPANY, pay(0, LATER, true), AUTO, LATER)!;
    expect(deleted).toMatchObject({ pendingOperation: 'BAJA', status: 'QUEUED' });
    const again = nextEntry(deleted, COMPANY, pay(1, LATER, false), AUTO, LATER)!;
    expect(again).toMatchObject({ withdrawn: false, pendingOperation: 'A1', status: 'QUEUED' });
    // The deletion of revision 0 arriving late does not undo revision 1.
    expect(nextEntry(again, COMPANY, pay(0, LATER, true), AUTO, LATER)).toBeNull();
  });
});

describe('held received invoices', () => {
  it('are released when approved (same content, newer version)', () => {
    const held = created(received(1, { approved: false }), HOLD);
    const released = nextEntry(held, COMPANY, received(2, { approved: true }), HOLD, LATER)!;
    expect(released).toMatchObject({ status: 'QUEUED', held: false, contentVersion: 1 });
    expect(released.history.at(-1)?.message).toBe('Liberado: la factura recibida se ha aprobado');
    expect(entryItem(released)).toHaveProperty('gsi1pk');
  });

  it('released in MANUAL mode wait for the user', () => {
    const manualHold: RuleConfig = { submissionMode: 'MANUAL', holdUnapprovedReceived: true };
    const held = created(received(1, { approved: false }), manualHold);
    expect(nextEntry(held, COMPANY, received(2), manualHold, LATER)).toMatchObject({
      status: 'NOT_SENT',
      held: false,
    });
  });

  it('are held again when the approval is taken back before sending', () => {
    const queued = created(received(1), HOLD);
    const held = nextEntry(queued, COMPANY, received(2, { approved: false }), HOLD, LATER)!;
    expect(held).toMatchObject({ status: 'NOT_SENT', held: true });
    expect(held.history.at(-1)?.message).toBe('Retenido: la factura recibida ya no está aprobada');
  });

  it('an approval change of a record already sent or accepted moves nothing', () => {
    const accepted = asSender(created(received(1), HOLD), 'ACCEPTED', true);
    expect(nextEntry(accepted, COMPANY, received(2, { approved: false }), HOLD, LATER)).toBeNull();
    const sent = asSender(created(received(1), HOLD), 'SENT');
    expect(nextEntry(sent, COMPANY, received(2, { approved: false }), HOLD, LATER)).toBeNull();
  });

  it('a content change of a held entry keeps it held', () => {
    const held = created(received(1, { approved: false }), HOLD);
    const next = nextEntry(held, COMPANY, received(2, { approved: false, record: record(5) }), HOLD, LATER)!;
    expect(next).toMatchObject({ status: 'NOT_SENT', held: true, contentVersion: 2 });
  });
});

describe('history and content comparison', () => {
  it('keeps the last SII_HISTORY_CAP lines', () => {
    let e = created(received(1));
    for (let v = 2; v <= SII_HISTORY_CAP + 10; v++) {
      e = nextEntry(e, COMPANY, received(v, { record: record(v) }), AUTO, LATER)!;
    }
    expect(e.history).toHaveLength(SII_HISTORY_CAP);
    // One alta and SII_HISTORY_CAP + 9 modifications; the oldest lines are the ones dropped.
    expect(e.contentVersion).toBe(SII_HISTORY_CAP + 10);
    expect(e.history[0]?.message).not.toBe('Registro creado (alta A0)');
  });

  it('compares records deeply, ignoring key order and undefined fields', () => {
    expect(sameContent({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(sameContent({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 3 }] })).toBe(false);
    expect(sameContent([1, 2], [1, 2, 3])).toBe(false);
    expect(sameContent({ a: null }, { a: 0 })).toBe(false);
  });
});
