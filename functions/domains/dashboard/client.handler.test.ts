/**
 * The client portal's dashboard and advisor card through the real pipeline (auth, the membership
 * GetItem, the route's policy, zod) over the in-memory table, seeded with known sums: what each
 * caller sees follows its membership, and another company's items never count.
 */

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ActionsOf, createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import {
  type ClientPermission,
  type Company,
  type CompanyRole,
  companyItem,
  membershipItem,
  profileItem,
  SCHEMA_VERSION,
} from '@shared/db/records';
import type { AdvisorInfo, ClientDashboard } from '@shared/schemas/dashboard';
import type { Meeting, MeetingStatus } from '@shared/schemas/meetings';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientAdvisorRoute } from './actions/client-advisor';
import { clientDashboardRoute } from './actions/client-dashboard';
import type { DashboardDeps } from './store/deps';

const TABLE = 'cuadra-dashboard-client-test';
const NOW = new Date('2026-11-27T12:00:00.000Z');
const CO = 'co-1';
const OTHER = 'co-2';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
const deps: DashboardDeps = { db: testDocumentClient(), table: TABLE, now: () => new Date(NOW) };
const handler = createApiHandler(
  'dashboard',
  { 'client.dashboard': clientDashboardRoute, 'client.advisor': clientAdvisorRoute } as unknown as ActionsOf<
    'dashboard',
    DashboardDeps
  >,
  () => deps,
);

async function call<T>(routeId: RouteId, userId: string, companyId = CO, query?: Record<string, string>) {
  const event = apiEvent({
    routeId,
    claims: { sub: userId, groups: [userId.startsWith('g') ? 'GESTOR' : 'CLIENTE'] },
    headers: { 'x-company-id': companyId },
    ...(query ? { query } : {}),
  });
  return readResponse<T>((await handler(event, lambdaContext())) as APIGatewayProxyResult);
}
const dashboard = (userId: string, companyId = CO, period?: string) =>
  call<ClientDashboard>('client.dashboard', userId, companyId, period ? { period } : undefined);

function seedCompany(companyId: string, name: string) {
  const c: Company = {
    companyId,
    name,
    nif: 'B12345674',
    companyType: 'SL',
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: true,
    address: {
      street: 'Calle Mayor 1',
      postalCode: '46001',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdBy: 'o1',
  };
  table.put(companyItem(c));
}

function seedMember(
  companyId: string,
  userId: string,
  companyRole: CompanyRole,
  permissions: ClientPermission[] = [],
) {
  table.put(
    membershipItem({
      companyId,
      userId,
      companyRole,
      permissions,
      isActive: true,
      email: `${userId}@cuadra.test`,
      firstName: userId,
      lastName: 'Socio',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    }),
  );
}

function seedProfile(userId: string, firstName: string, lastName: string, phone?: string) {
  table.put(
    profileItem({
      userId,
      email: `${userId}@cuadra.test`,
      firstName,
      lastName,
      ...(phone ? { phone } : {}),
      role: userId.startsWith('g') ? 'GESTOR' : 'CLIENTE',
      isAutonomous: false,
      emailVerified: true,
      isActive: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    }),
  );
}

/** An issued-book invoice-type aggregate (what confirmations ADD), by month or quarter. */
function seedTypeAggregate(
  companyId: string,
  kind: 'M' | 'Q',
  period: string,
  invoiceType: string,
  totalCents: number,
  count: number,
  shard?: string,
) {
  table.put({
    ...keys.taxAggregate(companyId, kind, period, 'ISSUED', 'T', invoiceType, shard),
    entity: 'TaxAggregate',
    v: SCHEMA_VERSION,
    companyId,
    book: 'ISSUED',
    period,
    section: 'INVOICE_TYPE',
    invoiceType,
    baseCents: Math.round(totalCents / 1.21),
    totalCents,
    count,
  });
}

function seedOpenItem(
  companyId: string,
  kind: 'INV' | 'REC',
  documentId: string,
  issueDate: string,
  dueDates: { dueDate: string; amountCents: number; paidCents: number }[],
) {
  const outstandingCents = dueDates.reduce((s, d) => s + d.amountCents - d.paidCents, 0);
  const nextDueDate = dueDates.find((d) => d.amountCents > d.paidCents)!.dueDate;
  table.put({
    ...keys.openItem(companyId, kind, documentId),
    ...keys.openItemByDue(companyId, nextDueDate, kind, documentId),
    entity: 'OpenItem',
    schemaVersion: 1,
    companyId,
    kind,
    direction: kind === 'INV' ? 'RECEIVABLE' : 'PAYABLE',
    documentId,
    number: `F-${documentId}`,
    issueDate,
    totalCents: dueDates.reduce((s, d) => s + d.amountCents, 0),
    paidCents: dueDates.reduce((s, d) => s + d.paidCents, 0),
    outstandingCents,
    dueDates,
    nextDueDate,
    status: 'OPEN',
  });
}

function seedInvoice(
  companyId: string,
  invoiceId: string,
  invoiceDate: string,
  status: string,
  totalCents: number,
) {
  table.put({
    ...keys.invoice(companyId, invoiceId),
    ...keys.invoiceByDate(companyId, invoiceDate, invoiceId),
    entity: 'Invoice',
    v: SCHEMA_VERSION,
    invoiceId,
    companyId,
    status,
    invoiceDate,
    invoiceNumber: status === 'DRAFT' ? null : `A-${invoiceId}`,
    customer: { name: 'Cliente Final SL' },
    totals: { totalCents },
    confirmedAt: status === 'DRAFT' ? null : `${invoiceDate}T10:00:00.000Z`,
  });
}

function seedDocument(
  companyId: string,
  createdAt: string,
  uploadedBy: string,
  review: { status: string; reviewedAt?: string; reason?: string },
) {
  const documentId = `${new Date(createdAt).getTime()}${uploadedBy}`;
  table.put({
    ...keys.document(companyId, documentId),
    ...(review.status === 'PENDING'
      ? keys.documentReviewPending(companyId, false, createdAt, documentId)
      : {}),
    entity: 'Document',
    v: SCHEMA_VERSION,
    documentId,
    companyId,
    fileName: `factura-${documentId}.pdf`,
    uploadedBy,
    createdAt,
    review: {
      status: review.status,
      urgent: false,
      notes: null,
      reason: review.reason ?? null,
      reviewedBy: review.reviewedAt ? 'g1' : null,
      reviewedAt: review.reviewedAt ?? null,
      correctedFields: [],
    },
  });
  return documentId;
}

function seedMeeting(
  companyId: string,
  meetingId: string,
  clientId: string,
  status: MeetingStatus,
  requestedAt: string,
) {
  // The stored record: `confirmationOverdue` is computed when the portal reads it.
  const m: Omit<Meeting, 'confirmationOverdue'> & { updatedAt: string } = {
    meetingId,
    companyId,
    companyName: companyId,
    clientId,
    clientName: clientId,
    clientEmail: null,
    advisorId: 'g1',
    advisorName: 'Laura Martínez',
    advisorEmail: 'g1@cuadra.test',
    startsAt: '2026-12-02T09:00:00.000Z',
    date: '2026-12-02',
    time: '10:00',
    duration: 30,
    type: 'VIDEO',
    subject: `Asunto ${meetingId}`,
    notes: null,
    priority: 'NORMAL',
    status,
    proposed:
      status === 'PROPOSED'
        ? { date: '2026-12-03', time: '11:00', startsAt: '2026-12-03T10:00:00.000Z', message: null }
        : null,
    location: null,
    requestedAt,
    confirmBy: requestedAt,
    confirmedAt: status === 'CONFIRMED' ? '2026-11-26T08:00:00.000Z' : null,
    cancelledAt: null,
    cancelReason: null,
    reminders: [60],
    updatedAt: requestedAt,
  };
  table.put({
    ...keys.meeting(companyId, meetingId),
    ...keys.meetingByStart(companyId, m.startsAt, meetingId),
    entity: 'Meeting',
    v: SCHEMA_VERSION,
    ...m,
  });
}

function seedPublishedModel(companyId: string, modelId: string, publishedAt: string | null) {
  table.put({
    ...keys.taxModel(companyId, 2026, modelId),
    entity: 'TaxModel',
    v: SCHEMA_VERSION,
    modelId,
    companyId,
    modelType: '303',
    period: '3T',
    year: 2026,
    status: 'SUBMITTED',
    publishedAt,
  });
}

beforeEach(() => {
  table.reset();
  seedCompany(CO, 'Panadería Soler SL');
  seedCompany(OTHER, 'Otra Empresa SL');
  seedMember(CO, 'g1', 'GESTOR');
  seedMember(CO, 'o1', 'OWNER');
  seedMember(CO, 'c1', 'CLIENTE');
  seedMember(CO, 'c2', 'CLIENTE', ['VIEW_INVOICES', 'VIEW_TAX_DOCUMENTS', 'UPLOAD_DOCUMENTS']);
  seedMember(OTHER, 'c2', 'CLIENTE', ['VIEW_INVOICES']);
  seedMember(OTHER, 'o2', 'OWNER');
  seedProfile('g1', 'Laura', 'Martínez', '+34 600 111 222');
  seedProfile('c1', 'Carlos', 'Ruiz');
  seedProfile('c2', 'Marta', 'Soler');
  // The advisor has a live socket (TTL in an hour).
  table.put({
    ...keys.wsConnection('conn-1'),
    ...keys.wsConnectionByUser('g1', 'conn-1'),
    entity: 'WsConnection',
    connectionId: 'conn-1',
    userId: 'g1',
    connectedAt: '2026-11-27T11:30:00.000Z',
    ttl: NOW.getTime() / 1000 + 3600,
  });

  // November 2026: two F1 shards (1.210,00 + 605,00 €, 3 invoices) and a rectificativa of −121,00 €.
  seedTypeAggregate(CO, 'M', '2026-11', 'F1', 121_000, 2, 'series-a');
  seedTypeAggregate(CO, 'M', '2026-11', 'F1', 60_500, 1, 'series-b');
  seedTypeAggregate(CO, 'M', '2026-11', 'R1', -12_100, 1, 'series-a');
  seedTypeAggregate(CO, 'M', '2026-10', 'F1', 100_000, 2, 'series-a');
  // The year: Q3 and Q4 (no 2025 figures at all).
  seedTypeAggregate(CO, 'Q', '2026-Q3', 'F1', 300_000, 5, 'series-a');
  seedTypeAggregate(CO, 'Q', '2026-Q4', 'F1', 281_500, 5, 'series-a');
  // Another company's November must never count.
  seedTypeAggregate(OTHER, 'M', '2026-11', 'F1', 999_900, 9, 'series-a');

  // Open receivables: one of November overdue, one of November not yet due, an older overdue one,
  // and a payable (never a receivable).
  seedOpenItem(CO, 'INV', 'inv-nov-late', '2026-11-03', [
    { dueDate: '2026-11-10', amountCents: 60_500, paidCents: 20_000 },
    { dueDate: '2026-12-10', amountCents: 60_500, paidCents: 0 },
  ]);
  seedOpenItem(CO, 'INV', 'inv-nov-ok', '2026-11-20', [
    { dueDate: '2026-12-20', amountCents: 30_000, paidCents: 0 },
  ]);
  seedOpenItem(CO, 'INV', 'inv-sep', '2026-09-01', [
    { dueDate: '2026-10-01', amountCents: 10_000, paidCents: 0 },
  ]);
  seedOpenItem(CO, 'REC', 'rec-1', '2026-11-05', [
    { dueDate: '2026-11-06', amountCents: 44_000, paidCents: 0 },
  ]);
  seedOpenItem(OTHER, 'INV', 'inv-other', '2026-11-02', [
    { dueDate: '2026-11-03', amountCents: 77_700, paidCents: 0 },
  ]);

  seedInvoice(CO, 'i1', '2026-11-20', 'CONFIRMED', 60_500);
  seedInvoice(CO, 'i2', '2026-11-25', 'DRAFT', 1_000);

  // Documents: c2's pending, approved and rejected uploads; c1's pending one; c2's pending one elsewhere.
  seedDocument(CO, '2026-11-24T09:00:00.000Z', 'c2', { status: 'PENDING' });
  seedDocument(CO, '2026-11-10T09:00:00.000Z', 'c2', {
    status: 'APPROVED',
    reviewedAt: '2026-11-12T09:00:00.000Z',
  });
  seedDocument(CO, '2026-11-11T09:00:00.000Z', 'c2', {
    status: 'REJECTED',
    reviewedAt: '2026-11-13T09:00:00.000Z',
    reason: 'Ilegible',
  });
  seedDocument(CO, '2026-11-23T09:00:00.000Z', 'c1', { status: 'PENDING' });
  seedDocument(OTHER, '2026-11-25T09:00:00.000Z', 'c2', { status: 'PENDING' });

  // Meetings: c2's proposed and confirmed, c1's proposed; c2's proposed in the other company.
  seedMeeting(CO, 'm1', 'c2', 'PROPOSED', '2026-11-25T08:00:00.000Z');
  seedMeeting(CO, 'm2', 'c1', 'PROPOSED', '2026-11-25T09:00:00.000Z');
  seedMeeting(CO, 'm3', 'c2', 'CONFIRMED', '2026-11-20T08:00:00.000Z');
  seedMeeting(OTHER, 'm4', 'c2', 'PROPOSED', '2026-11-26T08:00:00.000Z');

  seedPublishedModel(CO, '2026-303-3T', '2026-11-18T09:00:00.000Z');
  seedPublishedModel(CO, '2026-303-2T', null);
});

describe('client.dashboard', () => {
  it('a CLIENTE with VIEW_INVOICES: the month from the aggregates and the open receivables', async () => {
    const res = await dashboard('c2', CO, 'MONTH');
    expect(res.status).toBe(200);
    const d = res.envelope.data!;
    expect(d.client).toEqual({ name: 'Marta Soler' });
    expect(d.company).toEqual({ companyId: CO, name: 'Panadería Soler SL', companyType: 'SL' });
    expect(d.period).toBe('MONTH');
    expect(d.isAutonomous).toBe(false);
    // 121 000 + 60 500 − 12 100 = 169 400; pending of November's open items 101 000 of which 40 500 overdue.
    expect(d.financialSummary).toEqual({
      totalInvoiced: 169_400,
      totalPaid: 169_400 - 131_000,
      pendingAmount: 101_000 + 30_000,
      overdueAmount: 40_500,
      invoiceCount: 4,
      changePercent: 69.4,
    });
    expect(d.pendingActions).toEqual({
      documentsToApprove: null,
      documentsToReview: 1,
      messagesUnread: null,
      meetingsToAnswer: 1,
    });
  });

  it('recent activity: at most 5, newest first, only what the caller may see', async () => {
    const d = (await dashboard('c2')).envelope.data!;
    expect(d.recentActivity.map((a) => [a.type, a.id])).toEqual([
      ['MEETING', 'meeting-m3'],
      ['MEETING', 'meeting-m1'],
      ['DOCUMENT_UPLOADED', expect.stringMatching(/^document-/)],
      ['INVOICE_GENERATED', 'invoice-i1'],
      ['TAX_MODEL_PUBLISHED', 'model-2026-303-3T'],
    ]);
    expect(d.recentActivity[0]).toMatchObject({ title: 'Reunión confirmada', isRead: true });
    expect(d.recentActivity[1]).toMatchObject({
      title: 'Nueva hora propuesta para una reunión',
      description: 'Asunto m1 · 03/12/2026 11:00',
      isRead: false,
      actionUrl: '/app/meetings?id=m1',
    });
    expect(d.recentActivity[3]).toMatchObject({
      description: 'A-i1 · Cliente Final SL · 605,00 €',
      actionUrl: '/app/my-invoices',
    });
  });

  it('alerts: overdue receivables, the meeting to answer, the rejected upload, the published model', async () => {
    const d = (await dashboard('c2')).envelope.data!;
    expect(d.alerts.map((a) => [a.type, a.id])).toEqual([
      ['ERROR', 'overdue-invoices'],
      ['WARNING', 'meetings-to-answer'],
      ['WARNING', expect.stringMatching(/^document-rejected-/)],
      ['INFO', 'model-published-2026-303-3T'],
      ['INFO', 'documents-in-review'],
    ]);
    expect(d.alerts[0]!.description).toBe('2 facturas vencidas pendientes de cobro: 505,00 €.');
    expect(d.alerts[2]!.description).toMatch(/: Ilegible$/);
  });

  it('the year by default: no figures the year before → changePercent null, never invented', async () => {
    const d = (await dashboard('c2')).envelope.data!;
    expect(d.period).toBe('YEAR');
    expect(d.financialSummary).toMatchObject({
      totalInvoiced: 581_500,
      invoiceCount: 10,
      changePercent: null,
    });
    // Every open receivable of 2026 (the September one too).
    expect(d.financialSummary).toMatchObject({ pendingAmount: 141_000, overdueAmount: 50_500 });
  });

  it('a CLIENTE without VIEW_INVOICES: financialSummary null, no invoice, no model, its own meetings', async () => {
    const d = (await dashboard('c1')).envelope.data!;
    expect(d.financialSummary).toBeNull();
    expect(
      d.recentActivity.some((a) => a.type === 'INVOICE_GENERATED' || a.type === 'TAX_MODEL_PUBLISHED'),
    ).toBe(false);
    expect(d.alerts.some((a) => a.id === 'overdue-invoices')).toBe(false);
    expect(d.pendingActions).toMatchObject({ documentsToReview: 1, meetingsToAnswer: 1 });
    expect(d.recentActivity.filter((a) => a.type === 'MEETING').map((a) => a.id)).toEqual(['meeting-m2']);
  });

  it("another company's meetings, documents and figures never count", async () => {
    const d = (await dashboard('c2', OTHER, 'MONTH')).envelope.data!;
    expect(d.financialSummary).toMatchObject({
      totalInvoiced: 999_900,
      invoiceCount: 9,
      overdueAmount: 77_700,
    });
    expect(d.pendingActions).toMatchObject({ documentsToReview: 1, meetingsToAnswer: 1 });
    expect(d.recentActivity.filter((a) => a.type === 'MEETING').map((a) => a.id)).toEqual(['meeting-m4']);
  });

  it('staff see every meeting of the company waiting for an answer, with staff links', async () => {
    const d = (await dashboard('g1', CO, 'MONTH')).envelope.data!;
    expect(d.pendingActions.meetingsToAnswer).toBe(2);
    expect(d.pendingActions.documentsToReview).toBe(0);
    // The caller is never its own advisor: the company's OWNER is.
    expect(d.advisor.userId).toBe('o1');
    expect(d.recentActivity.find((a) => a.type === 'INVOICE_GENERATED')?.actionUrl).toBe('/app/invoices/i1');
  });

  it('a stranger is refused (403) and a bad period is a validation error', async () => {
    expect((await dashboard('c9')).status).toBe(403);
    const bad = await dashboard('c2', CO, 'WEEK');
    expect(bad.status).toBe(400);
    expect(bad.envelope.error).toMatchObject({
      code: 'CORE_004',
      message: 'period: El periodo debe ser MONTH, QUARTER o YEAR.',
    });
  });
});

describe('client.advisor', () => {
  it("the company's GESTOR, online with a live socket", async () => {
    const res = await call<AdvisorInfo>('client.advisor', 'c2');
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({
      userId: 'g1',
      name: 'Laura Martínez',
      email: 'g1@cuadra.test',
      phone: '+34 600 111 222',
      isOnline: true,
      lastSeen: '2026-11-27T11:30:00.000Z',
      isAutonomous: false,
      message: null,
      availableActions: { uploadDocument: true, quickQuery: false, scheduleMeeting: true },
      hours: 'Lunes a viernes, 9:00-18:00',
    });
  });

  it('without a GESTOR: an OWNER who is not the caller; a client without UPLOAD_DOCUMENTS cannot upload', async () => {
    const res = await call<AdvisorInfo>('client.advisor', 'c2', OTHER);
    expect(res.envelope.data).toMatchObject({
      userId: 'o2',
      name: 'o2 Socio',
      isOnline: false,
      lastSeen: null,
      availableActions: { uploadDocument: false, scheduleMeeting: true },
    });
  });

  it('the OWNER alone in its company: autonomous, no actions', async () => {
    const res = await call<AdvisorInfo>('client.advisor', 'o2', OTHER);
    // c2 is a CLIENTE, never an advisor.
    expect(res.envelope.data).toMatchObject({
      userId: null,
      isAutonomous: true,
      availableActions: { uploadDocument: false, quickQuery: false, scheduleMeeting: false },
    });
    const d = (await dashboard('o2', OTHER)).envelope.data!;
    expect(d.isAutonomous).toBe(true);
  });
});
