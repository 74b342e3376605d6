import type { Page } from '@shared/api/envelope';
import type { Campaign, CampaignDetail, CampaignItem, CampaignTarget } from '@shared/schemas/campaigns';
import type { CompanyEntry } from '@shared/schemas/companies';

export const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  campaignId: 'k-1',
  ownerUserId: 'g-1',
  name: 'Cierre del tercer trimestre',
  period: '2026-Q3',
  dueDate: '2026-12-10',
  message: 'Necesitamos esto para el 303.',
  status: 'ACTIVE',
  createdAt: '2026-11-20T09:00:00.000Z',
  sentAt: '2026-11-20T09:05:00.000Z',
  closedAt: null,
  companies: 2,
  completeCompanies: 1,
  itemsDone: 3,
  itemsTotal: 4,
  ...over,
});

export const item = (over: Partial<CampaignItem> = {}): CampaignItem => ({
  itemId: 'i-1',
  kind: 'BANK_STATEMENTS',
  label: 'Extractos bancarios',
  description: null,
  minDocuments: 3,
  status: 'MISSING',
  documentIds: ['d-1'],
  receivedAt: null,
  closedBy: null,
  note: null,
  ...over,
});

export const target = (over: Partial<CampaignTarget> = {}): CampaignTarget => ({
  campaignId: 'k-1',
  companyId: 'c-1',
  companyName: 'Panadería La Espiga SL',
  items: [
    item(),
    item({
      itemId: 'i-2',
      kind: 'PURCHASE_INVOICES',
      label: 'Facturas de compra y gastos',
      minDocuments: 1,
      status: 'RECEIVED',
      documentIds: ['d-2'],
      receivedAt: '2026-11-22T10:00:00.000Z',
    }),
  ],
  done: 1,
  total: 2,
  complete: false,
  remindersSent: 1,
  lastReminderAt: '2026-11-25T08:00:00.000Z',
  lastUploadAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

export const detail = (over: Partial<CampaignDetail> = {}): CampaignDetail => ({
  ...campaign(),
  targets: [
    target(),
    target({
      companyId: 'c-2',
      companyName: 'Transportes Levante Norte SA',
      items: [item({ itemId: 'i-9', status: 'CLOSED_MANUALLY', note: 'Entregado en mano', closedBy: 'g-1' })],
      done: 1,
      total: 1,
      complete: true,
      remindersSent: 0,
      lastReminderAt: null,
      lastUploadAt: null,
    }),
  ],
  ...over,
});

export const company = (companyId: string, name: string, nif: string): CompanyEntry => ({
  companyId,
  name,
  nif,
  companyType: 'SL',
  isActive: true,
  isDefault: false,
  siiEnabled: false,
  verifactuEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

export const page = <T>(content: T[]): Page<T> => ({
  content,
  page: 0,
  size: 100,
  totalElements: content.length,
  totalPages: 1,
});
