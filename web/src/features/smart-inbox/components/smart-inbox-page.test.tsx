import type { InboxConfiguration, InboxWidget, ProcessedInvoice } from '@shared/schemas/inbox';
import { fireEvent, screen } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { CONTACT_SUPPORT, NOT_CONFIGURED } from './inbox-widget';
import { SmartInboxPage } from './smart-inbox-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterEach(() => vi.resetAllMocks());

const config: InboxConfiguration = {
  emailAlias: 'panaderia-la-espiga-7k2q',
  address: 'panaderia-la-espiga-7k2q@inbox.cuadra.test',
  enabled: true,
  autoProcess: true,
  allowedSenders: [],
  requireAuthentication: true,
  imap: null,
  updatedAt: '2026-03-01T00:00:00.000Z',
};
const widget = (over: Partial<InboxWidget> = {}): InboxWidget => ({
  systemStatus: 'HEALTHY',
  configured: true,
  pendingEmails: 2,
  pendingInvoices: 1,
  lastSyncAt: null,
  recentActivity: [
    {
      id: 'a-1',
      type: 'EMAIL_RECEIVED',
      description: 'facturas@levante.es',
      timestamp: '2026-03-15T09:00:00Z',
    },
  ],
  ...over,
});
const invoice: ProcessedInvoice = {
  processedInvoiceId: 'd-9',
  id: 'd-9',
  inboxId: 'm-1',
  fileName: 'factura-marzo.pdf',
  sender: 'facturas@levante.es',
  invoiceNumber: 'F-77',
  supplierName: 'Suministros Levante SL',
  supplierNif: 'B12345678',
  issueDate: '2026-03-14',
  totalAmount: 12100,
  currency: 'EUR',
  extractedData: null,
  aiConfidence: 0.92,
  status: 'PENDING_REVIEW',
  approvedAt: null,
  rejectedAt: null,
  rejectionReason: null,
  receivedInvoiceId: 'ri-9',
  duplicateOf: null,
  documentStatus: 'INVOICE_CREATED',
  receivedAt: '2026-03-15T09:00:00Z',
};
const empty = { content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 };
const answers = (w: InboxWidget | (() => never)) => ({
  'inbox.getConfig': config,
  'inbox.widget': w,
  'inbox.statistics': {
    totalEmails: 5,
    processedEmails: 4,
    totalInvoicesProcessed: 3,
    failedEmails: 0,
    ignoredEmails: 1,
    pendingEmails: 0,
    emailAlias: config.emailAlias,
  },
  'inbox.reviewList': { ...empty, content: [invoice], totalElements: 1, totalPages: 1 },
  'inbox.emails': empty,
  'inbox.invoices': empty,
  'inbox.approve': undefined,
});

describe('/app/smart-inbox', { timeout: 20_000 }, () => {
  it("shows the company's address, the widget data and the invoices to review; approving reloads", async () => {
    answerApi(apiRequest, answers(widget()));
    renderRoutes([{ path: '/app/smart-inbox', element: <SmartInboxPage /> }], { path: '/app/smart-inbox' });
    expect((await screen.findByTestId('inbox-address')).textContent).toContain(
      'panaderia-la-espiga-7k2q@inbox.cuadra.test',
    );
    expect(await screen.findByText('Funcionando')).toBeTruthy();
    expect(screen.getByText('Correo recibido')).toBeTruthy();
    expect(await screen.findByText('factura-marzo.pdf')).toBeTruthy();
    expect(screen.getByText('121,00 €')).toBeTruthy();
    expect(screen.getByText('Pendiente de revisión')).toBeTruthy();
    const widgetReads = callsTo(apiRequest, 'inbox.widget').length;
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    await vi.waitFor(() => expect(callsTo(apiRequest, 'inbox.approve')).toHaveLength(1));
    expect(callsTo(apiRequest, 'inbox.approve')[0]).toMatchObject({
      params: { processedInvoiceId: 'd-9' },
      companyId: 'c-1',
    });
    // Spec part 3 §4: either decision reloads statistics and widget data.
    await vi.waitFor(() => expect(callsTo(apiRequest, 'inbox.widget').length).toBeGreaterThan(widgetReads));
  });

  it("the widget says 'not configured' with advice to contact support when its status is ERROR", async () => {
    answerApi(apiRequest, answers(widget({ systemStatus: 'ERROR' })));
    renderRoutes([{ path: '/app/smart-inbox', element: <SmartInboxPage /> }], { path: '/app/smart-inbox' });
    expect(await screen.findByText(NOT_CONFIGURED)).toBeTruthy();
    expect(screen.getByText(CONTACT_SUPPORT)).toBeTruthy();
  });
});
