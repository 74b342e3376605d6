import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { category, supplier } from '../testing/fixtures';
import { SupplierDrawer } from './supplier-drawer';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

const renderDrawer = (onClose = vi.fn()) =>
  renderRoutes([
    {
      path: '/',
      element: (
        <SupplierDrawer companyId="c-1" open supplier={null} categories={[category(1)]} onClose={onClose} />
      ),
    },
  ]);

/** antd names each input after its field (`id="nif"`), and the labels point at it. */
const field = (id: string) => {
  const input = document.getElementById(id);
  if (!input) throw new Error(`No field ${id}`);
  return input;
};
const typeAndLeave = (label: string, value: string) => {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

describe('SupplierDrawer validation', { timeout: 30_000 }, () => {
  it('names a bad NIF and a bad IBAN in Spanish and sends nothing', async () => {
    answerApi(apiRequest, {});
    renderDrawer();
    await screen.findByLabelText(/^Razón social/);
    fireEvent.change(field('name'), { target: { value: 'Papelería Sol SL' } });
    typeAndLeave('nif', '12345678A');
    typeAndLeave('iban', 'ES00 2100 0418 4502 0005 1332');

    expect(await screen.findByText('La letra del DNI no es correcta.')).toBeTruthy();
    expect(await screen.findByText('Los dígitos de control del IBAN no son correctos.')).toBeTruthy();

    typeAndLeave('nif', 'B1234567');
    expect(await screen.findByText(/NIF/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    save();
    // Submitting validates every field again: the errors stay and nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('Los dígitos de control del IBAN no son correctos.')).toBeTruthy();
    expect(callsTo(apiRequest, 'suppliers.create')).toHaveLength(0);
  });

  it('sends a valid supplier with the NIF, the IBAN and the IRPF in basis points', async () => {
    const onClose = vi.fn();
    answerApi(apiRequest, { 'suppliers.create': supplier(9) });
    renderDrawer(onClose);
    await screen.findByLabelText(/^Razón social/);
    fireEvent.change(field('name'), { target: { value: 'Asesoría Norte SL' } });
    typeAndLeave('nif', '12345678Z');
    typeAndLeave('iban', 'ES91 2100 0418 4502 0005 1332');
    fireEvent.change(field('irpfRate'), { target: { value: '7,5' } });
    save();

    await waitFor(() => expect(callsTo(apiRequest, 'suppliers.create')).toHaveLength(1));
    const body = callsTo(apiRequest, 'suppliers.create')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Asesoría Norte SL',
      taxId: '12345678Z',
      iban: 'ES91 2100 0418 4502 0005 1332',
      irpfRateBp: 750,
      paymentTermsDays: 30,
      defaultVatRateBp: 2100,
      isActive: true,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server’s refusal under the field it names', async () => {
    answerApi(apiRequest, {
      'suppliers.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'Ya existe un proveedor con este NIF.',
          status: 409,
          field: 'taxId',
        });
      },
    });
    renderDrawer();
    await screen.findByLabelText(/^Razón social/);
    fireEvent.change(field('name'), { target: { value: 'Duplicado SL' } });
    typeAndLeave('nif', '12345678Z');
    save();
    expect(await screen.findByText('Ya existe un proveedor con este NIF.')).toBeTruthy();
  });
});

describe('SupplierDrawer NIF-IVA', { timeout: 30_000 }, () => {
  const foreignNifIva = async (value: string, country: string) => {
    fireEvent.change(field('name'), { target: { value: 'Fournitures Lyon SARL' } });
    fireEvent.click(screen.getByLabelText('Identificador extranjero'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByTitle('NIF-IVA (UE)'));
    fireEvent.change(field('foreignCountry'), { target: { value: country } });
    typeAndLeave('foreignValue', value);
  };

  it('checks the NIF-IVA as the API does, and takes its country for the address', async () => {
    answerApi(apiRequest, {});
    renderDrawer();
    await screen.findByLabelText(/^Razón social/);
    await foreignNifIva('12345678901', 'fr');

    expect(await screen.findByText('El NIF-IVA debe empezar por el prefijo FR del país.')).toBeTruthy();
    await waitFor(() => expect((field('country') as HTMLInputElement).value).toBe('FR'));
    save();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(apiRequest, 'suppliers.create')).toHaveLength(0);
  });

  it('refuses an address in another country than the NIF-IVA’s, then sends the consistent supplier', async () => {
    answerApi(apiRequest, { 'suppliers.create': supplier(9) });
    renderDrawer();
    await screen.findByLabelText(/^Razón social/);
    await foreignNifIva('FR 12 345678901', 'FR');
    fireEvent.change(field('city'), { target: { value: 'Bruxelles' } });
    fireEvent.change(field('country'), { target: { value: 'BE' } });
    save();

    expect(await screen.findByText('El país (BE) no coincide con el del NIF-IVA (FR).')).toBeTruthy();
    expect(callsTo(apiRequest, 'suppliers.create')).toHaveLength(0);

    fireEvent.change(field('city'), { target: { value: 'Lyon' } });
    fireEvent.change(field('country'), { target: { value: 'FR' } });
    save();
    await waitFor(() => expect(callsTo(apiRequest, 'suppliers.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'suppliers.create')[0]!.body).toMatchObject({
      taxId: { type: 'NIF_IVA', value: 'FR 12 345678901', country: 'FR' },
      address: { city: 'Lyon', country: 'FR' },
    });
  });
});

describe('SupplierDrawer withholding kind and key (issue 15)', { timeout: 30_000 }, () => {
  const title = (label: string) =>
    screen.getByRole('combobox', { name: label }).closest('.ant-select-content')?.getAttribute('title');

  it('remembers the kind and key beside the IRPF rate: a professional’s by default, rents on request', async () => {
    answerApi(apiRequest, { 'suppliers.create': supplier(9) });
    renderDrawer();
    await screen.findByLabelText(/^Razón social/);
    fireEvent.change(field('name'), { target: { value: 'Locales del Turia SL' } });
    typeAndLeave('nif', '12345678Z');
    expect(screen.queryByRole('combobox', { name: 'Tipo de retención' })).toBeNull();

    fireEvent.change(field('irpfRate'), { target: { value: '19' } });
    await waitFor(() => expect(title('Tipo de retención')).toBe('Actividades profesionales'));
    await waitFor(() =>
      expect(title('Clave de la retención')).toBe('G.01 Actividades profesionales (tipo general)'),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de retención' }));
    fireEvent.click(await screen.findByTitle('Arrendamiento de inmuebles urbanos'));
    await waitFor(() => expect(title('Clave de la retención')).toBe('Arrendamiento de inmueble urbano'));
    save();

    await waitFor(() => expect(callsTo(apiRequest, 'suppliers.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'suppliers.create')[0]!.body).toMatchObject({
      irpfRateBp: 1900,
      withholdingKind: 'RENT',
      withholdingKey: '-',
    });
  });

  it('edits a supplier’s remembered key, and sends none once it withholds nothing', async () => {
    const stored = supplier(4, { irpfRateBp: 1900, withholdingKind: 'CAPITAL', withholdingKey: 'DIV' });
    answerApi(apiRequest, { 'suppliers.update': stored });
    renderRoutes([
      {
        path: '/',
        element: <SupplierDrawer companyId="c-1" open supplier={stored} categories={[]} onClose={vi.fn()} />,
      },
    ]);
    await waitFor(() =>
      expect(title('Clave de la retención')).toBe('A.02 Dividendos y participaciones en beneficios'),
    );
    fireEvent.change(field('irpfRate'), { target: { value: '0' } });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Tipo de retención' })).toBeNull());
    save();
    await waitFor(() => expect(callsTo(apiRequest, 'suppliers.update')).toHaveLength(1));
    const body = callsTo(apiRequest, 'suppliers.update')[0]!.body as Record<string, unknown>;
    expect(body.irpfRateBp).toBe(0);
    expect(body.withholdingKind).toBeUndefined();
    expect(body.withholdingKey).toBeUndefined();
  });
});

describe('SupplierDrawer criterio de caja (art. 163 quaterdecies LIVA)', { timeout: 30_000 }, () => {
  const box = () =>
    screen.getByRole('checkbox', {
      name: 'El proveedor aplica el régimen especial del criterio de caja',
    }) as HTMLInputElement;

  it('is remembered for the supplier: unchecked by default, sent as checked', async () => {
    answerApi(apiRequest, { 'suppliers.create': supplier(9) });
    renderDrawer();
    await screen.findByLabelText(/^Razón social/);
    expect(box().checked).toBe(false);
    fireEvent.change(field('name'), { target: { value: 'Reformas Caja SL' } });
    typeAndLeave('nif', '12345678Z');
    fireEvent.click(box());
    save();
    await waitFor(() => expect(callsTo(apiRequest, 'suppliers.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'suppliers.create')[0]!.body).toMatchObject({ supplierCashCriterion: true });
  });

  it("shows a stored supplier's mark", async () => {
    const stored = supplier(4, { supplierCashCriterion: true });
    renderRoutes([
      {
        path: '/',
        element: <SupplierDrawer companyId="c-1" open supplier={stored} categories={[]} onClose={vi.fn()} />,
      },
    ]);
    await waitFor(() => expect(box().checked).toBe(true));
  });
});
