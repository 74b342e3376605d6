/**
 * Document-request campaigns (issue 21 item 5): per period, a gestor asks each of its client companies
 * for the paperwork the period needs (bank statements, purchase invoices, payroll changes...). Each
 * client sees its checklist; an upload ticks the item it matches (by the document's type or category,
 * or by the reader's result); reminders go only to companies with items missing, on a schedule with
 * escalation; the gestor follows each company's progress and can close (or reopen) an item by hand.
 *
 * Lifecycle: DRAFT (created, editable) → ACTIVE (sent: clients notified, checklists visible,
 * reminders run) → CLOSED (by the gestor, or nothing left to ask). Items: MISSING → RECEIVED (an
 * upload matched) or CLOSED_MANUALLY (the gestor); reopening returns an item to MISSING.
 */

import * as z from 'zod';
import { Id } from './common';
import type { DOCUMENT_TYPES } from './documents';
import { safeMultiline, safeText } from './text';

export const CAMPAIGN_STATUSES = ['DRAFT', 'ACTIVE', 'CLOSED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_ITEM_STATUSES = ['MISSING', 'RECEIVED', 'CLOSED_MANUALLY'] as const;
export type CampaignItemStatus = (typeof CAMPAIGN_ITEM_STATUSES)[number];

/**
 * What a client can be asked for. Each kind names the document types (shared/schemas/documents.ts)
 * and category names an upload may carry to tick it (model/campaign-match in the portal domain).
 */
export const REQUEST_KINDS = [
  'BANK_STATEMENTS',
  'PURCHASE_INVOICES',
  'SALES_INVOICES',
  'PAYROLL_CHANGES',
  'RECEIPTS',
  'CONTRACTS',
  'TAX_NOTICES',
  'OTHER',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const requestKindLabels: Record<RequestKind, string> = {
  BANK_STATEMENTS: 'Extractos bancarios',
  PURCHASE_INVOICES: 'Facturas de compra y gastos',
  SALES_INVOICES: 'Facturas emitidas fuera de Cuadra',
  PAYROLL_CHANGES: 'Altas, bajas e incidencias de nómina',
  RECEIPTS: 'Tiques y recibos',
  CONTRACTS: 'Contratos',
  TAX_NOTICES: 'Notificaciones de Hacienda',
  OTHER: 'Otros documentos',
};

/** The document types an upload of each kind is read as (an upload of one of them ticks the item). */
export const requestKindDocumentTypes: Record<RequestKind, readonly (typeof DOCUMENT_TYPES)[number][]> = {
  BANK_STATEMENTS: ['BANK_STATEMENT'],
  PURCHASE_INVOICES: ['INVOICE'],
  SALES_INVOICES: ['INVOICE'],
  PAYROLL_CHANGES: ['PAYROLL'],
  RECEIPTS: ['RECEIPT'],
  CONTRACTS: ['CONTRACT'],
  TAX_NOTICES: ['TAX'],
  OTHER: ['OTHER'],
};

/** Periods: a quarter (`2026-Q4`), a month (`2026-11`) or a year (`2026`). */
export const CampaignPeriod = z
  .string()
  .regex(/^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/, { message: 'Periodo no válido (AAAA, AAAA-MM o AAAA-Qn)' });

export const CampaignItemInput = z
  .object({
    kind: z.enum(REQUEST_KINDS),
    /** What the client reads on its checklist (defaults to the kind's label). */
    label: safeText().min(1).max(120).optional(),
    description: safeMultiline().max(500).optional(),
    /** How many documents tick the item (a quarter of bank statements = 3). */
    minDocuments: z.number().int().min(1).max(50).default(1),
  })
  .strict();
export type CampaignItemInput = z.infer<typeof CampaignItemInput>;

/** POST document-campaigns. Without `items`, each company gets the items its tax profile suggests. */
export const CreateCampaignBody = z
  .object({
    name: safeText().min(1, { message: 'El nombre es obligatorio' }).max(120),
    period: CampaignPeriod,
    /** The client's deadline (yyyy-mm-dd); reminders escalate as it nears. */
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Fecha límite no válida' }),
    message: safeMultiline().max(2000).optional(),
    companyIds: z.array(Id).min(1, { message: 'Elige al menos un cliente' }).max(500),
    /** The same items for every company; absent: suggested per company from its tax profile. */
    items: z.array(CampaignItemInput).min(1).max(20).optional(),
  })
  .strict();
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>;

/** GET document-campaigns/suggestions?companyId&period: the items the tax profile suggests. */
export const CampaignSuggestionsQuery = z.object({ companyId: Id, period: CampaignPeriod }).strict();

export interface CampaignSuggestion {
  kind: RequestKind;
  label: string;
  minDocuments: number;
  /** Why it is suggested (e.g. 'Presenta el modelo 303 trimestral'). */
  reason: string;
}

/** POST .../companies/{targetCompanyId}/items/{itemId}: the gestor closes or reopens an item. */
export const SetCampaignItemBody = z
  .object({ status: z.enum(['CLOSED_MANUALLY', 'MISSING']), note: safeMultiline().max(500).optional() })
  .strict();
export type SetCampaignItemBody = z.infer<typeof SetCampaignItemBody>;

export const CampaignListQuery = z
  .object({ status: z.enum(CAMPAIGN_STATUSES).optional(), period: CampaignPeriod.optional() })
  .strict();

export interface CampaignItem {
  itemId: string;
  kind: RequestKind;
  label: string;
  description: string | null;
  minDocuments: number;
  status: CampaignItemStatus;
  /** Documents that ticked it (ids of the documents domain), oldest first. */
  documentIds: string[];
  receivedAt: string | null;
  closedBy: string | null;
  note: string | null;
}

/** One company's checklist in a campaign. */
export interface CampaignTarget {
  campaignId: string;
  companyId: string;
  companyName: string;
  items: CampaignItem[];
  /** Items RECEIVED or CLOSED_MANUALLY over all items. */
  done: number;
  total: number;
  complete: boolean;
  /** Reminders sent to this company's clients (escalation level reached: 0 none). */
  remindersSent: number;
  lastReminderAt: string | null;
  lastUploadAt: string | null;
}

export interface Campaign {
  campaignId: string;
  ownerUserId: string;
  name: string;
  period: string;
  dueDate: string;
  message: string | null;
  status: CampaignStatus;
  createdAt: string;
  sentAt: string | null;
  closedAt: string | null;
  /** Progress over the targets. */
  companies: number;
  completeCompanies: number;
  itemsDone: number;
  itemsTotal: number;
}

export interface CampaignDetail extends Campaign {
  targets: CampaignTarget[];
}

/** GET client/document-requests: the selected company's open checklists (ACTIVE campaigns). */
export interface ClientDocumentRequest {
  campaignId: string;
  name: string;
  period: string;
  dueDate: string;
  message: string | null;
  daysLeft: number;
  items: CampaignItem[];
  done: number;
  total: number;
}

/** POST document-campaigns/{id}/remind: what the gestor's reminder did (incomplete companies only, once a day). */
export interface CampaignRemindResult {
  /** Companies whose clients were reminded now. */
  reminded: number;
  /** Companies with every item received or closed (nothing to remind). */
  complete: number;
  /** Companies already reminded by hand today (Madrid). */
  alreadyToday: number;
}
