import type { BankAccount } from '@shared/schemas/banking';
import type {
  BankingSettings,
  Mandate,
  PaymentCandidate,
  PaymentOrder,
  PaymentOrderSummary,
} from '@shared/schemas/sepa';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, deliver } from '@web/lib/api-download';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { PaymentsPage } from './payments-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api-download', () => ({ apiDownload: vi.fn(), deliver: vi.fn() }));
const membership = vi.hoisted(() => ({ current: { myRole: 'OWNER', myPermissions: [] as string[] } }));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: membership.current }),
}));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  membership.current = { myRole: 'OWNER', myPermissions: [] };
});

const settings: BankingSettings = {
  creditorIdSuffix: '000',
  creditorIdentifier: 'ES77000B85626240',
  companyName: 'Cuadra Demo, S.L.',
  companyNif: 'B85626240',
  defaultAccountId: 'acc1',
  defaultSequenceType: 'RCUR',
  updatedAt: null,
  updatedBy: null,
};

const account = {
  accountId: 'acc1',
  iban: 'ES9121000418450200051332',
  alias: 'Cuenta principal',
  active: true,
  currency: 'EUR',
} as BankAccount;

const candidate = (documentId: string, over: Partial<PaymentCandidate> = {}): PaymentCandidate => ({
  documentId,
  documentKind: 'REC',
  number: `FR-${documentId}`,
  issueDate: '2026-02-01',
  partyId: 'sup1',
  partyName: 'Suministros Ñandú, S.A.',
  partyNif: 'A11111111',
  iban: 'ES7921000813610123456789',
  totalCents: 121_000,
  outstandingCents: 100_000,
  nextDueDate: '2026-03-01',
  dueDates: [{ dueDate: '2026-03-01', amountCents: 100_000 }],
  mandate: null,
  orderedCents: 0,
  blockedReason: null,
  ...over,
});

const order: PaymentOrder = {
  orderId: 'P20260310ABC',
  kind: 'TRANSFER',
  status: 'GENERATED',
  accountId: 'acc1',
  accountIban: account.iban,
  accountAlias: account.alias,
  executionDate: '2026-03-11',
  categoryPurpose: 'SUPP',
  msgId: 'P20260310ABC',
  schema: 'pain.001.001.03',
  itemCount: 1,
  totalCents: 50_000,
  fileName: 'transferencias-P20260310ABC.xml',
  fileBytes: 2000,
  createdBy: 'u-1',
  createdAt: '2026-03-10T09:00:00.000Z',
  items: [],
  blocks: [],
};

const mandate: Mandate = {
  mandateId: 'MAND-1',
  customerId: 'cus1',
  debtorName: 'Muñoz y Peña',
  iban: 'DE89370400440532013000',
  bic: null,
  signatureDate: '2025-11-02',
  scheme: 'CORE',
  type: 'RCUR',
  status: 'ACTIVE',
  nextSequenceType: 'FRST',
  firstOrderId: null,
  lastCollectionDate: null,
  collectionCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u-1',
  revokedAt: null,
  revokedBy: null,
};

const renderPage = (answers: Parameters<typeof answerApi>[1] = {}) => {
  answerApi(apiRequest, {
    'banking.getSettings': settings,
    'banking.listAccounts': [account],
    'banking.paymentCandidates': (o: { query?: Record<string, unknown> }) => ({
      items:
        o.query?.kind === 'TRANSFER'
          ? [candidate('r1'), candidate('r2', { iban: null, blockedReason: 'Falta el IBAN del proveedor.' })]
          : [
              candidate('i1', {
                documentKind: 'INV',
                partyName: 'Muñoz y Peña',
                mandate: { mandateId: 'MAND-1', scheme: 'CORE', sequenceType: 'FRST' },
              }),
            ],
    }),
    'banking.listPaymentOrders': { items: [order as PaymentOrderSummary] },
    'banking.listMandates': { items: [mandate] },
    'banking.createPaymentOrder': order,
    'banking.revokeMandate': { ...mandate, status: 'REVOKED', nextSequenceType: null },
    'customers.list': {
      content: [{ customerId: 'cus1', name: 'Muñoz y Peña', iban: 'DE89370400440532013000' }],
    },
    ...answers,
  });
  vi.mocked(apiDownload).mockResolvedValue({
    kind: 'file',
    blob: new Blob(['<xml/>']),
    filename: order.fileName,
  });
  return renderRoutes([{ path: '/app/banking/payments', element: <PaymentsPage /> }], {
    path: '/app/banking/payments',
  });
};

describe('Pagos y cobros', { timeout: 30_000 }, () => {
  it('shows the creditor identifier and the payable candidates, blocking those without IBAN', async () => {
    renderPage();
    expect((await screen.findByTestId('creditor-identifier')).textContent).toContain('ES77000B85626240');
    expect(await screen.findByText('FR-r1')).toBeTruthy();
    expect(screen.getByText('Falta el IBAN del proveedor.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Seleccionar FR-r2' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('generates a transfer file with the edited amount and downloads it', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar FR-r1' }));
    const amount = screen.getByRole('spinbutton', { name: 'Importe de FR-r1' });
    fireEvent.change(amount, { target: { value: '500,00' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByRole('button', { name: 'Generar fichero SEPA' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.createPaymentOrder')).toHaveLength(1));
    const body = callsTo(apiRequest, 'banking.createPaymentOrder')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'TRANSFER',
      accountId: 'acc1',
      items: [{ documentId: 'r1', amountCents: 50_000 }],
    });
    expect(body.executionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(apiDownload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(apiDownload).mock.calls[0]?.[0]).toBe('banking.paymentOrderFile');
    expect(vi.mocked(apiDownload).mock.calls[0]?.[1]).toMatchObject({ params: { orderId: 'P20260310ABC' } });
    expect(deliver).toHaveBeenCalled();
  });

  it('shows a server refusal (e.g. the date) in Spanish', async () => {
    renderPage({
      'banking.createPaymentOrder': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'La fecha de ejecución no puede ser anterior a hoy.',
          status: 400,
        });
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar FR-r1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generar fichero SEPA' }));
    expect(await screen.findByText('La fecha de ejecución no puede ser anterior a hoy.')).toBeTruthy();
    expect(apiDownload).not.toHaveBeenCalled();
  });

  it('lists receivables with mandate and the sequence type', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Remesas de recibos' }));
    expect(await screen.findByText('FR-i1')).toBeTruthy();
    expect(screen.getByText(/Primer cobro \(FRST\)/)).toBeTruthy();
  });

  it('lists generated orders and downloads one again', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Órdenes generadas' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar XML' }));
    await waitFor(() => expect(apiDownload).toHaveBeenCalledTimes(1));
  });

  it('validates a new mandate before sending it, then creates it', async () => {
    renderPage({ 'banking.createMandate': mandate });
    fireEvent.click(await screen.findByRole('tab', { name: 'Mandatos' }));
    expect(await screen.findByText('MAND-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo mandato' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Cliente' }));
    fireEvent.click(await screen.findByTitle('Muñoz y Peña'));
    fireEvent.change(within(dialog).getByLabelText('IBAN'), {
      target: { value: 'ES91 2100 0418 4502 0005 1333' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar mandato' }));
    expect(await within(dialog).findByText(/IBAN: /)).toBeTruthy();
    expect(callsTo(apiRequest, 'banking.createMandate')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('IBAN'), {
      target: { value: 'ES91 2100 0418 4502 0005 1332' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar mandato' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.createMandate')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.createMandate')[0]?.body).toMatchObject({
      customerId: 'cus1',
      debtorName: 'Muñoz y Peña',
      iban: 'ES9121000418450200051332',
      scheme: 'CORE',
      type: 'RCUR',
    });
  });

  it('revokes a mandate after confirmation', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Mandatos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.revokeMandate')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.revokeMandate')[0]?.params).toEqual({ mandateId: 'MAND-1' });
  });

  it('saves the SEPA settings without the payment reminders (the treasury owns them)', async () => {
    renderPage({ 'banking.updateSettings': settings });
    await screen.findByTestId('creditor-identifier');
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'banking.updateSettings')).toHaveLength(1));
    expect(callsTo(apiRequest, 'banking.updateSettings')[0]?.body).toEqual({
      creditorIdSuffix: '000',
      defaultAccountId: 'acc1',
      defaultSequenceType: 'RCUR',
    });
  });

  it('hides the actions a MEMBER may not call', async () => {
    membership.current = { myRole: 'MEMBER', myPermissions: [] };
    renderPage();
    expect(await screen.findByText('FR-r1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generar fichero SEPA' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});
