import {
  CreateInvoiceSeriesBody,
  type InvoiceSeriesView,
  renderNumber,
} from '@shared/schemas/invoice-series';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { notification } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { SeriesManager, type SeriesManagerProps } from './series-manager';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', () => ({ useCompanyId: () => 'c-1' }));

const year = new Date().getFullYear();

const seriesView = (overrides: Partial<InvoiceSeriesView> = {}): InvoiceSeriesView => ({
  seriesId: 's-1',
  companyId: 'c-1',
  code: 'F',
  description: 'Facturas ordinarias',
  purpose: 'ORDINARY',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 12,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  isDefault: true,
  example: `F-${year}-0001`,
  ...overrides,
});

const renderManager = (props: Partial<SeriesManagerProps> = {}) =>
  renderRoutes([{ path: '/', element: <SeriesManager open onClose={() => {}} {...props} /> }]);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

afterEach(() => {
  notification.destroy();
  vi.resetAllMocks();
});

describe('SeriesManager', { timeout: 30_000 }, () => {
  it('lists every series (inactive too) with its purpose in Spanish, example, flags and count', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [
        seriesView(),
        seriesView({
          seriesId: 's-2',
          code: 'R',
          description: '',
          purpose: 'RECTIFICATIVA',
          format: '{SERIES}{YY}/{NNNNN}',
          isDefault: false,
          isActive: false,
          issuedCount: 0,
        }),
      ],
    });
    renderManager();
    const table = await screen.findByRole('table');
    await within(table).findByText('Facturas ordinarias');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Ordinaria')).toBeTruthy();
    expect(within(first).getByText(`Ej.: F-${year}-0001`)).toBeTruthy();
    expect(within(first).getByText('Por defecto')).toBeTruthy();
    expect(within(first).getByText('Activa')).toBeTruthy();
    expect(within(first).getByText('12')).toBeTruthy();
    // A series that issued numbers cannot be deleted.
    expect(within(first).queryByRole('button', { name: 'Eliminar la serie F' })).toBeNull();
    expect(within(second).getByText('Rectificativa')).toBeTruthy();
    expect(within(second).getByText('Inactiva')).toBeTruthy();
    expect(
      within(second).getByText(`Ej.: ${renderNumber('{SERIES}{YY}/{NNNNN}', 'R', year, 1)}`),
    ).toBeTruthy();
    // The manager asks for all series, not only the active ones.
    expect(callsTo(apiRequest, 'invoiceSeries.list')[0]?.query).toBeUndefined();
  });

  it('creates a series: checks the format in the browser, shows the example and posts the schema body', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'invoiceSeries.create': ({ body }: { body?: unknown }) =>
        seriesView({ ...(body as object), seriesId: 's-9', issuedCount: 0 }),
    });
    renderManager();
    expect(await screen.findByText(/La empresa aún no tiene series/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Nueva serie/ }));
    await screen.findByLabelText('Código');
    type('Código', 'a-26');
    type('Descripción', 'Tienda online');
    type('Formato del número', '{SERIES}/{YY}/{NNN}');
    await waitFor(() =>
      expect(screen.getByTestId('series-example').textContent).toContain(
        `A-26/${String(year % 100).padStart(2, '0')}/001`,
      ),
    );

    type('Formato del número', '{SERIES}-{NNNN}');
    expect(
      await within(fieldOf('Formato del número')).findByText(
        'El formato debe incluir el año una vez ({YYYY} o {YY}).',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('series-example')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Crear serie' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(apiRequest, 'invoiceSeries.create')).toEqual([]);

    type('Formato del número', '{SERIES}/{YY}/{NNN}');
    fireEvent.click(screen.getByRole('button', { name: 'Crear serie' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoiceSeries.create')).toHaveLength(1));
    const body = callsTo(apiRequest, 'invoiceSeries.create')[0]?.body;
    expect(body).toEqual({
      code: 'A-26',
      description: 'Tienda online',
      purpose: 'ORDINARY',
      format: '{SERIES}/{YY}/{NNN}',
      isDefault: true,
      isActive: true,
    });
    expect(CreateInvoiceSeriesBody.parse(body)).toEqual(body);
    // Back on the list, refreshed.
    await screen.findByRole('button', { name: /Nueva serie/ });
    await waitFor(() => expect(callsTo(apiRequest, 'invoiceSeries.list').length).toBeGreaterThan(1));
  });

  it('opens pre-filled (code F, ordinary, default) and shows the next number', async () => {
    answerApi(apiRequest, { 'invoiceSeries.list': [] });
    renderManager({ preset: { code: 'F', purpose: 'ORDINARY', isDefault: true } });
    expect(((await screen.findByLabelText('Código')) as HTMLInputElement).value).toBe('F');
    expect(screen.getByTestId('series-example').textContent).toContain(`F-${year}-0001`);
    expect(screen.getByRole('checkbox', { name: /Serie por defecto/ })).toHaveProperty('checked', true);
  });

  it("shows the API's field error under the field it names", async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [],
      'invoiceSeries.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'Ya existe una serie con este código en la empresa.',
          status: 400,
          field: 'code',
          details: { reason: 'DUPLICATE_SERIES_CODE' },
        });
      },
    });
    renderManager({ preset: { code: 'F', isDefault: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Crear serie' }));
    expect(
      await within(fieldOf('Código')).findByText('Ya existe una serie con este código en la empresa.'),
    ).toBeTruthy();
  });

  it("deletes an unused series and shows the API's message when it refuses", async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [seriesView({ issuedCount: 0 })],
      'invoiceSeries.delete': () => {
        throw new ApiError({
          code: 'DOC_046',
          message: 'La serie ya tiene facturas emitidas y no se puede eliminar.',
          status: 409,
        });
      },
    });
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la serie F' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('La serie ya tiene facturas emitidas y no se puede eliminar.'),
    ).toBeTruthy();
    expect(callsTo(apiRequest, 'invoiceSeries.delete')[0]?.params).toEqual({ seriesId: 's-1' });
  });

  it('deactivates a series with a partial update', async () => {
    answerApi(apiRequest, {
      'invoiceSeries.list': [seriesView()],
      'invoiceSeries.update': ({ body }: { body?: unknown }) =>
        seriesView({ ...(body as object), isDefault: false }),
    });
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar la serie F' }));
    await waitFor(() => expect(callsTo(apiRequest, 'invoiceSeries.update')).toHaveLength(1));
    expect(callsTo(apiRequest, 'invoiceSeries.update')[0]).toMatchObject({
      params: { seriesId: 's-1' },
      body: { isActive: false },
    });
  });
});
