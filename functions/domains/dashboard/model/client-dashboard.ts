/**
 * The client portal's dashboard (spec part 3 §2 Client dashboard, §3 Client dashboard data; issue 20
 * item 5), built from facts the store read. Pure. What the caller may not see never reaches here:
 * the store reads invoices only with `invoices.read` and tax models only with `tax.read`.
 *
 * Financial summary (issued invoices of the period, céntimos): `totalInvoiced` and `invoiceCount`
 * from the issued book's running aggregates (invoices by type: their totals, rectificativas netted);
 * `pendingAmount` = what the treasury projection still has open of the period's invoices, and
 * `overdueAmount` the part of it whose due date is before today; `totalPaid` = invoiced − pending;
 * `changePercent` = invoiced against the whole previous period of the same kind, one decimal, null
 * when that period invoiced nothing.
 */

import { formatEuros } from '@shared/fiscal/money';
import type { ClientActivityItem, ClientAlert, ClientDashboard } from '@shared/schemas/dashboard';
import type { MeetingStatus } from '@shared/schemas/meetings';

export const RECENT_ACTIVITY_LIMIT = 5;
/** Published models and rejected uploads are alerts for this many days. */
export const ALERT_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface PeriodTotals {
  totalCents: number;
  count: number;
}

export interface OpenReceivable {
  documentId: string;
  number: string;
  issueDate: string;
  outstandingCents: number;
  dueDates: { dueDate: string; amountCents: number; paidCents: number }[];
}

export interface RecentInvoice {
  invoiceId: string;
  invoiceNumber: string | null;
  customerName: string | null;
  totalCents: number;
  invoiceDate: string;
  confirmedAt: string | null;
}

export interface OwnUpload {
  documentId: string;
  fileName: string;
  createdAt: string;
  reviewStatus: string;
  reviewedAt: string | null;
  reviewReason: string | null;
}

export interface PublishedModel {
  modelId: string;
  modelType: string;
  period: string;
  year: number;
  publishedAt: string;
}

export interface MeetingFact {
  meetingId: string;
  clientId: string;
  subject: string;
  status: MeetingStatus;
  date: string;
  time: string;
  startsAt: string;
  requestedAt: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  updatedAt: string | null;
  proposed: { date: string; time: string } | null;
}

export interface ClientDashboardFacts {
  clientName: string;
  company: { companyId: string; name: string; companyType: string };
  advisor: ClientDashboard['advisor'];
  period: ClientDashboard['period'];
  isClient: boolean;
  /** Null without `invoices.read`. */
  invoices: {
    current: PeriodTotals;
    previous: PeriodTotals;
    periodFrom: string;
    periodTo: string;
    /** Every open receivable of the company. */
    open: OpenReceivable[];
    recent: RecentInvoice[];
  } | null;
  /** The caller's own uploads still waiting for review. */
  documentsInReview: number;
  /** The caller's latest uploads, newest first. */
  uploads: OwnUpload[];
  /** Null without `tax.read`. */
  publishedModels: PublishedModel[] | null;
  /** The meetings the caller sees (a CLIENTE: its own). */
  meetings: MeetingFact[];
}

/** Percentage of `now` against `base`, one decimal; null without a base. */
export function changePercent(now: number, base: number): number | null {
  if (base === 0) return null;
  return Math.round(((now - base) / base) * 1000) / 10;
}

const unpaidBefore = (r: OpenReceivable, today: string): number =>
  r.dueDates
    .filter((d) => d.dueDate < today)
    .reduce((s, d) => s + Math.max(0, d.amountCents - d.paidCents), 0);

const esDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function meetingActivity(m: MeetingFact, url: string): ClientActivityItem {
  const when = `${esDate(m.date)} ${m.time}`;
  const latest = [m.requestedAt, m.confirmedAt, m.cancelledAt, m.updatedAt]
    .filter((t): t is string => !!t)
    .sort()
    .at(-1)!;
  const base = { id: `meeting-${m.meetingId}`, type: 'MEETING', actionUrl: url, isRead: true };
  switch (m.status) {
    case 'PROPOSED':
      return {
        ...base,
        title: 'Nueva hora propuesta para una reunión',
        description: `${m.subject} · ${m.proposed ? `${esDate(m.proposed.date)} ${m.proposed.time}` : when}`,
        timestamp: latest,
        isRead: false,
      };
    case 'CONFIRMED':
      return {
        ...base,
        title: 'Reunión confirmada',
        description: `${m.subject} · ${when}`,
        timestamp: latest,
      };
    case 'CANCELLED':
      return {
        ...base,
        title: 'Reunión cancelada',
        description: `${m.subject} · ${when}`,
        timestamp: latest,
      };
    case 'COMPLETED':
      return {
        ...base,
        title: 'Reunión realizada',
        description: `${m.subject} · ${when}`,
        timestamp: m.startsAt,
      };
    case 'NO_SHOW':
      return {
        ...base,
        title: 'Reunión no realizada',
        description: `${m.subject} · ${when}`,
        timestamp: m.startsAt,
      };
    default:
      return {
        ...base,
        title: 'Reunión solicitada',
        description: `${m.subject} · ${when}`,
        timestamp: latest,
      };
  }
}

function uploadActivity(d: OwnUpload, url: string): ClientActivityItem {
  const base = { id: `document-${d.documentId}`, actionUrl: url, isRead: true };
  if (d.reviewStatus === 'APPROVED')
    return {
      ...base,
      type: 'DOCUMENT_APPROVED',
      title: 'Documento aprobado',
      description: `${d.fileName} ha sido revisado y aprobado.`,
      timestamp: d.reviewedAt ?? d.createdAt,
    };
  if (d.reviewStatus === 'REJECTED')
    return {
      ...base,
      type: 'DOCUMENT_REJECTED',
      title: 'Documento rechazado',
      description: d.reviewReason ? `${d.fileName}: ${d.reviewReason}` : `${d.fileName} ha sido rechazado.`,
      timestamp: d.reviewedAt ?? d.createdAt,
      isRead: false,
    };
  return {
    ...base,
    type: 'DOCUMENT_UPLOADED',
    title: d.reviewStatus === 'PENDING' ? 'Documento enviado a revisión' : 'Documento subido',
    description: d.fileName,
    timestamp: d.createdAt,
  };
}

const ALERT_ORDER: Record<ClientAlert['type'], number> = { ERROR: 0, WARNING: 1, INFO: 2, SUCCESS: 3 };

/** The dashboard at `now` (today = `today`, Europe/Madrid). */
export function clientDashboard(f: ClientDashboardFacts, today: string, now: Date): ClientDashboard {
  const urls = f.isClient
    ? {
        invoice: () => '/app/my-invoices',
        invoices: '/app/my-invoices',
        document: () => '/app/my-documents',
        documents: '/app/my-documents',
        model: () => '/app/my-tax-documents',
      }
    : {
        invoice: (id: string) => `/app/invoices/${encodeURIComponent(id)}`,
        invoices: '/app/invoices',
        document: (id: string) => `/app/documents?documentId=${encodeURIComponent(id)}`,
        documents: '/app/documents',
        model: (id: string) => `/app/tax/models/${encodeURIComponent(id)}/preview`,
      };
  const meetingUrl = (id: string) => `/app/meetings?id=${encodeURIComponent(id)}`;
  const since = new Date(now.getTime() - ALERT_WINDOW_DAYS * DAY_MS).toISOString();

  let financialSummary: ClientDashboard['financialSummary'] = null;
  if (f.invoices) {
    const inv = f.invoices;
    const ofPeriod = inv.open.filter((r) => r.issueDate >= inv.periodFrom && r.issueDate <= inv.periodTo);
    const pendingAmount = ofPeriod.reduce((s, r) => s + r.outstandingCents, 0);
    financialSummary = {
      totalInvoiced: inv.current.totalCents,
      totalPaid: inv.current.totalCents - pendingAmount,
      pendingAmount,
      overdueAmount: ofPeriod.reduce((s, r) => s + unpaidBefore(r, today), 0),
      invoiceCount: inv.current.count,
      changePercent: changePercent(inv.current.totalCents, inv.previous.totalCents),
    };
  }

  const toAnswer = f.meetings.filter((m) => m.status === 'PROPOSED');

  const activity: ClientActivityItem[] = [
    ...(f.invoices?.recent ?? []).map((i) => ({
      id: `invoice-${i.invoiceId}`,
      type: 'INVOICE_GENERATED',
      title: 'Factura emitida',
      description: [i.invoiceNumber, i.customerName, formatEuros(i.totalCents)].filter(Boolean).join(' · '),
      timestamp: i.confirmedAt ?? `${i.invoiceDate}T00:00:00.000Z`,
      isRead: true,
      actionUrl: urls.invoice(i.invoiceId),
    })),
    ...f.uploads.map((d) => uploadActivity(d, urls.document(d.documentId))),
    ...(f.publishedModels ?? []).map((m) => ({
      id: `model-${m.modelId}`,
      type: 'TAX_MODEL_PUBLISHED',
      title: `Modelo ${m.modelType} publicado`,
      description: `Modelo ${m.modelType} del periodo ${m.period} de ${m.year}`,
      timestamp: m.publishedAt,
      isRead: true,
      actionUrl: urls.model(m.modelId),
    })),
    ...f.meetings.map((m) => meetingActivity(m, meetingUrl(m.meetingId))),
  ]
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? -1 : 1))
    .slice(0, RECENT_ACTIVITY_LIMIT);

  const alerts: ClientAlert[] = [];
  if (f.invoices) {
    const overdue = f.invoices.open.filter((r) => unpaidBefore(r, today) > 0);
    if (overdue.length > 0) {
      const amount = overdue.reduce((s, r) => s + unpaidBefore(r, today), 0);
      alerts.push({
        id: 'overdue-invoices',
        type: 'ERROR',
        title: 'Facturas vencidas',
        description: `${overdue.length} ${plural(overdue.length, 'factura vencida', 'facturas vencidas')} pendiente${overdue.length === 1 ? '' : 's'} de cobro: ${formatEuros(amount)}.`,
        actionUrl: urls.invoices,
        actionText: 'Ver facturas',
      });
    }
  }
  if (toAnswer.length > 0) {
    alerts.push({
      id: 'meetings-to-answer',
      type: 'WARNING',
      title: 'Reunión pendiente de respuesta',
      description:
        toAnswer.length === 1
          ? `Se ha propuesto otra hora para la reunión "${toAnswer[0]!.subject}".`
          : `Se ha propuesto otra hora para ${toAnswer.length} reuniones.`,
      actionUrl: toAnswer.length === 1 ? meetingUrl(toAnswer[0]!.meetingId) : '/app/meetings',
      actionText: 'Responder',
    });
  }
  for (const d of f.uploads) {
    if (d.reviewStatus !== 'REJECTED' || (d.reviewedAt ?? d.createdAt) < since) continue;
    alerts.push({
      id: `document-rejected-${d.documentId}`,
      type: 'WARNING',
      title: 'Documento rechazado',
      description: d.reviewReason
        ? `${d.fileName}: ${d.reviewReason}`
        : `${d.fileName} ha sido rechazado en la revisión.`,
      actionUrl: urls.document(d.documentId),
      actionText: 'Ver documento',
    });
  }
  for (const m of f.publishedModels ?? []) {
    if (m.publishedAt < since) continue;
    alerts.push({
      id: `model-published-${m.modelId}`,
      type: 'INFO',
      title: `Modelo ${m.modelType} publicado`,
      description: `Tu gestoría ha publicado el modelo ${m.modelType} del periodo ${m.period} de ${m.year}.`,
      actionUrl: urls.model(m.modelId),
      actionText: 'Ver modelo',
    });
  }
  if (f.documentsInReview > 0) {
    alerts.push({
      id: 'documents-in-review',
      type: 'INFO',
      title: 'Documentos en revisión',
      description: `${f.documentsInReview} ${plural(f.documentsInReview, 'documento tuyo espera', 'documentos tuyos esperan')} la revisión de la gestoría.`,
      actionUrl: urls.documents,
      actionText: 'Ver documentos',
    });
  }
  alerts.sort((a, b) => ALERT_ORDER[a.type] - ALERT_ORDER[b.type]);

  return {
    client: { name: f.clientName },
    company: f.company,
    isAutonomous: f.advisor.isAutonomous,
    advisor: f.advisor,
    period: f.period,
    financialSummary,
    pendingActions: {
      documentsToApprove: null,
      documentsToReview: f.documentsInReview,
      messagesUnread: null,
      meetingsToAnswer: toAnswer.length,
    },
    recentActivity: activity,
    alerts,
  };
}
