/** An open item as the projection stores it, for the tests: a receivable of 1.000 paid 40 days after issue. */

import type { OpenItem } from '../store/items';

export const openItemFixture = (over: Partial<OpenItem>): OpenItem => ({
  entity: 'OpenItem',
  schemaVersion: 1,
  companyId: 'c',
  kind: 'INV',
  direction: 'RECEIVABLE',
  documentId: 'i1',
  number: 'F-1',
  issueDate: '2026-01-01',
  partyId: 'cu-1',
  partyName: 'Cliente',
  partyNif: null,
  partyIban: null,
  partyEmail: null,
  totalCents: 1_000,
  paidCents: 1_000,
  outstandingCents: 0,
  dueDates: [{ dueDate: '2026-01-31', amountCents: 1_000, paidCents: 1_000 }],
  nextDueDate: null,
  payments: [{ paymentId: 'p', date: '2026-02-10', amountCents: 1_000, method: 'TRANSFER' }],
  paymentMethod: null,
  status: 'PAID',
  settledDate: '2026-02-10',
  version: 1,
  updatedAt: '',
  ...over,
});
