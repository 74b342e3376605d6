import type { CompanyEntry } from '@shared/schemas/companies';
import { CreateReceivedInvoiceBody, type ReceivedInvoice } from '@shared/schemas/received-invoices';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INTRA_EU_SECTION_TITLE } from '@web/components/intra-eu-operation-fields';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { category } from '../testing/fixtures';
import { ReceivedInvoiceDrawer } from './received-invoice-drawer';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
const selected = vi.hoisted(() => ({ company: null as Partial<CompanyEntry> | null }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => selected.company,
}));

const inSii = { companyId: 'c-1', name: 'Transportes Levante SA', siiEnabled: true };

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  selected.company = null;
});

const received = (overrides: Partial<ReceivedInvoice> = {}): ReceivedInvoice => ({
  receivedInvoiceId: 'rec-3',
  companyId: 'c-1',
  supplier: {
    supplierId: null,
    name: 'Officine Meccaniche SRL',
    taxId: { type: 'NIF_IVA', value: 'IT12345678901', country: 'IT' },
    country: 'IT',
  },
  supplierInvoiceNumber: 'OM-88',
  invoiceType: 'F1',
  rectification: null,
  issueDate: '2027-03-01',
  accountingDate: '2027-03-02',
  lines: [
    {
      description: 'Reparación de troquel',
      quantityMilli: 1000,
      unitPriceCents: 50_000,
      discountBp: 0,
      vatRateBp: 2100,
      kind: 'INTRA_EU_SERVICES',
      deductibleBp: 10_000,
      recargoRateBp: 0,
      investmentGoods: false,
    },
  ],
  irpfRateBp: 0,
  expenseCategoryId: null,
  attachments: [],
  approvalStatus: 'APPROVED',
  approval: null,
  totals: {
    baseCents: 50_000,
    vatCents: 10_500,
    supplierVatCents: 0,
    selfAssessedVatCents: 10_500,
    importVatCents: 0,
    deductibleVatCents: 10_500,
    recargoCents: 0,
    irpfCents: 0,
    totalCents: 50_000,
    lineBasesCents: [50_000],
    breakdown: [],
  },
  intraEuOperation: {
    operationType: 'A',
    memberState: 'IT',
    termDays: 60,
    goodsDescription: 'Troquel de estampación',
    operatorAddress: 'Via Emilia 12, Modena',
  },
  siiStatus: 'ACCEPTED',
  version: 2,
  createdBy: 'u-1',
  createdAt: '2027-03-02T10:00:00Z',
  updatedAt: '2027-03-02T10:00:00Z',
  ...overrides,
});

const renderDrawer = (invoice: ReceivedInvoice | null = null) =>
  renderRoutes([
    {
      path: '/',
      element: (
        <ReceivedInvoiceDrawer
          companyId="c-1"
          open
          invoice={invoice}
          categories={[category(1)]}
          onClose={() => {}}
        />
      ),
    },
  ]);

/** The body as it travels (JSON: keys without a value are left out). */
const sent = (route: 'receivedInvoices.create' | 'receivedInvoices.update', index: number): unknown =>
  JSON.parse(JSON.stringify(callsTo(apiRequest, route)[index]?.body ?? null));

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens an antd Select by its label (typing `search` first: the list is virtual) and clicks the option. */
async function choose(label: string, option: string, search?: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  if (search) fireEvent.change(screen.getByLabelText(label), { target: { value: search } });
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

async function fillReceived() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Escribir los datos' }));
  await screen.findByLabelText('Nombre del proveedor');
  type('Nombre del proveedor', 'Suministros Levante SL');
  type('NIF', 'B12345674');
  type('Nº de factura del proveedor', 'AB-7');
  type('Descripción (línea 1)', 'Papel');
  type('Precio unitario (línea 1)', '100,00');
}

const answers = {
  'suppliers.search': [],
  'receivedInvoices.create': ({ body }: { body?: unknown }) => ({
    receivedInvoiceId: 'ri-1',
    ...(body as object),
  }),
  'receivedInvoices.update': ({ body }: { body?: unknown }) => ({
    receivedInvoiceId: 'rec-3',
    ...(body as object),
  }),
};

describe('ReceivedInvoiceDrawer: operación intracomunitaria (SII book OI)', { timeout: 30_000 }, () => {
  it('is not offered to a company outside the SII, and the body carries none', async () => {
    selected.company = { ...inSii, siiEnabled: false };
    answerApi(apiRequest, answers);
    renderDrawer();
    await fillReceived();
    expect(screen.queryByText(INTRA_EU_SECTION_TITLE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'receivedInvoices.create')).toHaveLength(1));
    // Left out of the JSON: no operation.
    expect(sent('receivedInvoices.create', 0)).toMatchObject({ supplierInvoiceNumber: 'AB-7' });
    expect(sent('receivedInvoices.create', 0)).not.toHaveProperty('intraEuOperation');
  });

  it('a company in the SII fills the collapsed section and the body carries it, as the API reads it', async () => {
    selected.company = inSii;
    answerApi(apiRequest, answers);
    renderDrawer();
    await fillReceived();
    fireEvent.click(screen.getByText(INTRA_EU_SECTION_TITLE));
    fireEvent.click(await screen.findByRole('checkbox', { name: /incluye una operación de este libro/ }));
    await screen.findByLabelText('Tipo de operación intracomunitaria');
    await choose(
      'Tipo de operación intracomunitaria',
      'B · Transferencias y adquisiciones de los arts. 9.3º y 16.2º LIVA',
    );
    await choose('Estado miembro', 'Países Bajos (NL)', 'Países');
    type('Descripción de los bienes', 'Palés en depósito');
    type('Dirección del operador intracomunitario', 'Keizersgracht 1, Amsterdam');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(callsTo(apiRequest, 'receivedInvoices.create')).toHaveLength(1));
    const body = callsTo(apiRequest, 'receivedInvoices.create')[0]?.body;
    expect(body).toMatchObject({
      intraEuOperation: {
        operationType: 'B',
        memberState: 'NL',
        goodsDescription: 'Palés en depósito',
        operatorAddress: 'Keizersgracht 1, Amsterdam',
      },
    });
    expect(CreateReceivedInvoiceBody.parse(body).intraEuOperation).toEqual({
      operationType: 'B',
      memberState: 'NL',
      goodsDescription: 'Palés en depósito',
      operatorAddress: 'Keizersgracht 1, Amsterdam',
    });
  });

  it('correcting an invoice with an operation shows it open, and unticking it sends none', async () => {
    selected.company = inSii;
    answerApi(apiRequest, answers);
    renderDrawer(received());
    const section = (await screen.findByText(INTRA_EU_SECTION_TITLE)).closest('.ant-collapse') as HTMLElement;
    expect(await within(section).findByDisplayValue('Troquel de estampación')).toBeTruthy();
    expect(within(section).getByText('Italia (IT)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'receivedInvoices.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'receivedInvoices.update')[0]?.body).toMatchObject({
      intraEuOperation: { operationType: 'A', memberState: 'IT', termDays: 60 },
    });

    fireEvent.click(within(section).getByRole('checkbox', { name: /incluye una operación de este libro/ }));
    await waitFor(() =>
      expect(within(section).queryByLabelText('Tipo de operación intracomunitaria')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(apiRequest, 'receivedInvoices.update')).toHaveLength(2));
    expect(sent('receivedInvoices.update', 1)).toMatchObject({ supplierInvoiceNumber: 'OM-88' });
    expect(sent('receivedInvoices.update', 1)).not.toHaveProperty('intraEuOperation');
  });
});
