import type { CompanyEntry } from '@shared/schemas/companies';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INTRA_EU_SECTION_TITLE } from '@web/components/intra-eu-operation-fields';
import { apiRequest } from '@web/lib/api-client';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { invoice, pageOf } from '../testing/fixtures';
import { InvoiceForm } from './invoice-form';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));
const selected = vi.hoisted(() => ({ company: null as Partial<CompanyEntry> | null }));
vi.mock('@web/lib/session', async (original) => ({
  ...(await original<typeof import('@web/lib/session')>()),
  useSelectedCompany: () => selected.company,
}));

const inSii = { companyId: 'c-1', name: 'Transportes Levante SA', siiEnabled: true };

const renderForm = (element = <InvoiceForm />) =>
  renderRoutes(
    [
      { path: '/app/invoices/create', element },
      { path: '/app/invoices/:invoiceId', element: <h1>Ficha de la factura</h1> },
    ],
    { path: '/app/invoices/create' },
  );

// Optional fields' labels end in '(opcional)' (requiredMark="optional").
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens an antd Select by its label (typing `search` first, the list is virtual) and clicks the option. */
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

async function fillInvoice() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Datos del cliente' }));
  await screen.findByLabelText('NIF del cliente');
  type('NIF del cliente', 'B12345674');
  type('Nombre del cliente', 'Comunidad Embajadores 41');
  type('Descripción de la línea 1', 'Reparación');
  type('Precio unitario de la línea 1', '50');
}

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
  selected.company = null;
});

const answers = {
  'invoiceSeries.list': [],
  'customers.list': pageOf([]),
  'invoices.create': invoice(7, { invoiceId: 'inv-new' }),
  'invoices.update': invoice(7, { invoiceId: 'inv-7', status: 'DRAFT' }),
};

describe('InvoiceForm: operación intracomunitaria (SII book OI)', { timeout: 30_000 }, () => {
  it('is not offered to a company outside the SII, and the body carries none', async () => {
    selected.company = { ...inSii, siiEnabled: false };
    answerApi(apiRequest, answers);
    const { router } = renderForm();
    await fillInvoice();
    expect(screen.queryByText(INTRA_EU_SECTION_TITLE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/inv-new'));
    expect(callsTo(apiRequest, 'invoices.create')[0]?.body).not.toHaveProperty('intraEuOperation');
  });

  it('a company in the SII opens the collapsed section, fills it and sends it in the body', async () => {
    selected.company = inSii;
    answerApi(apiRequest, answers);
    const { router } = renderForm();
    await fillInvoice();
    fireEvent.click(screen.getByText(INTRA_EU_SECTION_TITLE));
    fireEvent.click(await screen.findByRole('checkbox', { name: /incluye una operación de este libro/ }));
    await screen.findByLabelText('Tipo de operación intracomunitaria');
    await choose(
      'Tipo de operación intracomunitaria',
      'A · Envío o recepción de bienes para informes periciales o trabajos (art. 70.Uno.7º LIVA)',
    );
    await choose('Estado miembro', 'Francia (FR)', 'Fran');
    type('Descripción de los bienes', 'Troquel para reparación');
    type('Dirección del operador intracomunitario', '12 rue de la Paix, 75002 Paris');
    type(/^Plazo \(días\)/, '30');
    type(/^Facturas o documentación/, 'Albarán 2027/88');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/invoices/inv-new'));
    expect(callsTo(apiRequest, 'invoices.create')[0]?.body).toMatchObject({
      intraEuOperation: {
        operationType: 'A',
        memberState: 'FR',
        termDays: 30,
        goodsDescription: 'Troquel para reparación',
        operatorAddress: '12 rue de la Paix, 75002 Paris',
        invoicesOrDocuments: 'Albarán 2027/88',
      },
    });
  });

  it('refuses to save a ticked section without its required fields', async () => {
    selected.company = inSii;
    answerApi(apiRequest, answers);
    renderForm();
    await fillInvoice();
    fireEvent.click(screen.getByText(INTRA_EU_SECTION_TITLE));
    fireEvent.click(await screen.findByRole('checkbox', { name: /incluye una operación de este libro/ }));
    await screen.findByLabelText('Tipo de operación intracomunitaria');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Elige el tipo de operación.')).toBeTruthy();
    expect(screen.getByText('Describe los bienes.')).toBeTruthy();
    expect(callsTo(apiRequest, 'invoices.create')).toEqual([]);
  });

  it('a draft with an operation opens with it and saves it again', async () => {
    selected.company = inSii;
    answerApi(apiRequest, answers);
    const draft = invoice(7, {
      invoiceId: 'inv-7',
      status: 'DRAFT',
      intraEuOperation: {
        operationType: 'B',
        memberState: 'DE',
        termDays: null,
        goodsDescription: 'Existencias en consigna',
        operatorAddress: 'Hauptstraße 5, Berlin',
      },
    });
    renderForm(<InvoiceForm invoice={draft} />);
    const section = (await screen.findByText(INTRA_EU_SECTION_TITLE)).closest('.ant-collapse') as HTMLElement;
    expect(await within(section).findByDisplayValue('Existencias en consigna')).toBeTruthy();
    expect(within(section).getByText('Alemania (DE)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoices.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'invoices.update')[0]?.body).toMatchObject({
      intraEuOperation: {
        operationType: 'B',
        memberState: 'DE',
        goodsDescription: 'Existencias en consigna',
        operatorAddress: 'Hauptstraße 5, Berlin',
      },
    });
  });
});
