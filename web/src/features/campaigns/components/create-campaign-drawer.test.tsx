import type { CampaignSuggestion } from '@shared/schemas/campaigns';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { campaign, company, page } from '../testing/fixtures';
import {
  CreateCampaignDrawer,
  checkCampaignForm,
  ITEMS_REQUIRED,
  KIND_REQUIRED,
} from './create-campaign-drawer';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const TODAY = '2026-11-27';
const companies = page([
  company('c-1', 'Panadería La Espiga SL', 'B12345678'),
  company('c-2', 'Transportes Levante Norte SA', 'A87654321'),
]);
const suggestions: CampaignSuggestion[] = [
  {
    kind: 'BANK_STATEMENTS',
    label: 'Extractos bancarios',
    minDocuments: 3,
    reason: 'Presenta el modelo 303 trimestral',
  },
  {
    kind: 'PAYROLL_CHANGES',
    label: 'Altas, bajas e incidencias de nómina',
    minDocuments: 1,
    reason: 'Tiene trabajadores',
  },
];

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const match = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option && o.closest('.ant-select-dropdown-hidden') === null,
    );
    if (!match) throw new Error(`No option ${option}`);
    return match;
  });
  fireEvent.click(found);
}

function renderDrawer(onCreated = vi.fn()) {
  renderRoutes([
    {
      path: '/',
      element: <CreateCampaignDrawer open onClose={vi.fn()} onCreated={onCreated} today={TODAY} />,
    },
  ]);
  return onCreated;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Crear borrador' }));

describe('checkCampaignForm', () => {
  it('leaves out empty text and, with suggested items, the items', () => {
    const checked = checkCampaignForm({
      name: '  Trimestre  ',
      period: '2026-Q3',
      dueDate: '2026-12-10',
      message: '   ',
      companyIds: ['c-1'],
      itemsMode: 'suggested',
      items: [{ kind: 'OTHER', minDocuments: 1 }],
    });
    expect(checked).toEqual({
      ok: true,
      body: { name: 'Trimestre', period: '2026-Q3', dueDate: '2026-12-10', companyIds: ['c-1'] },
    });
  });

  it('names the bad item fields in Spanish', () => {
    const checked = checkCampaignForm({
      name: 'T',
      period: '2026-Q3',
      dueDate: '2026-12-10',
      companyIds: ['c-1'],
      itemsMode: 'custom',
      items: [{ minDocuments: 1 }],
    });
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.fields).toEqual([{ name: ['items', 0, 'kind'], errors: [KIND_REQUIRED] }]);
  });
});

describe('CreateCampaignDrawer', { timeout: 30_000 }, () => {
  it("shows the schema's messages and sends nothing", async () => {
    answerApi(apiRequest, { 'companies.list': companies });
    renderDrawer();
    await screen.findByText('0 de 2 clientes');
    save();
    expect(await screen.findByText('El nombre es obligatorio')).toBeTruthy();
    expect(screen.getByText('Fecha límite no válida')).toBeTruthy();
    expect(screen.getByText('Elige al menos un cliente')).toBeTruthy();
    // A custom list needs at least one document.
    fireEvent.click(screen.getByLabelText('La misma lista para todos'));
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar el documento 1' }));
    save();
    expect(await screen.findByText(ITEMS_REQUIRED)).toBeTruthy();
    expect(callsTo(apiRequest, 'campaigns.create')).toHaveLength(0);
  });

  it('creates a campaign with its own list for the chosen companies', async () => {
    answerApi(apiRequest, {
      'companies.list': companies,
      'campaigns.create': campaign({ campaignId: 'k-new', status: 'DRAFT' }),
    });
    const onCreated = renderDrawer();
    await screen.findByText('0 de 2 clientes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Noviembre' } });
    fireEvent.click(screen.getByText('Mes'));
    await pick('Mes', 'Noviembre');
    fireEvent.change(screen.getByLabelText('Fecha límite'), { target: { value: '2026-12-15' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mensaje para tus clientes' }), {
      target: { value: 'Gracias' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Elegir todos' }));
    expect(await screen.findByText('2 de 2 clientes')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('La misma lista para todos'));
    // The first row comes filled (bank statements, 3); a second one is added.
    fireEvent.click(await screen.findByRole('button', { name: /Añadir documento/ }));
    await pick('Tipo del documento 2', 'Contratos');
    fireEvent.change(screen.getByRole('textbox', { name: 'Texto para el cliente del documento 2' }), {
      target: { value: 'Contratos de alquiler' },
    });
    save();
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'campaigns.create')[0]?.body).toEqual({
      name: 'Noviembre',
      period: '2026-11',
      dueDate: '2026-12-15',
      message: 'Gracias',
      companyIds: ['c-1', 'c-2'],
      items: [
        { kind: 'BANK_STATEMENTS', minDocuments: 3 },
        { kind: 'CONTRACTS', label: 'Contratos de alquiler', minDocuments: 1 },
      ],
    });
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ campaignId: 'k-new' })),
    );
  });

  it("previews a company's suggestions and sends no items", async () => {
    answerApi(apiRequest, {
      'companies.list': companies,
      'campaigns.suggestions': ({ query }: ApiRequestOptions) =>
        query?.companyId === 'c-2' ? suggestions : [],
      'campaigns.create': campaign({ status: 'DRAFT' }),
    });
    renderDrawer();
    await screen.findByText('0 de 2 clientes');
    expect(screen.getByText('Cada cliente recibirá lo que pide su perfil fiscal')).toBeTruthy();
    await pick('Clientes', 'Transportes Levante Norte SA · A87654321');
    const list = await screen.findByRole('list', { name: 'Documentación sugerida' });
    expect(within(list).getByText('Extractos bancarios (3 documentos)')).toBeTruthy();
    expect(within(list).getByText('Presenta el modelo 303 trimestral')).toBeTruthy();
    expect(callsTo(apiRequest, 'campaigns.suggestions')[0]?.query).toEqual({
      companyId: 'c-2',
      period: '2026-Q3',
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nombre' }), {
      target: { value: 'Tercer trimestre' },
    });
    fireEvent.change(screen.getByLabelText('Fecha límite'), { target: { value: '2026-12-10' } });
    save();
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.create')).toHaveLength(1));
    expect(callsTo(apiRequest, 'campaigns.create')[0]?.body).toEqual({
      name: 'Tercer trimestre',
      period: '2026-Q3',
      dueDate: '2026-12-10',
      companyIds: ['c-2'],
    });
  });

  it("shows the server's field error under its field", async () => {
    answerApi(apiRequest, {
      'companies.list': companies,
      'campaigns.suggestions': [],
      'campaigns.create': () => {
        throw new ApiError({
          code: 'CORE_004',
          message: 'La fecha límite no puede ser anterior a hoy',
          status: 400,
          field: 'dueDate',
        });
      },
    });
    renderDrawer();
    await screen.findByText('0 de 2 clientes');
    fireEvent.change(screen.getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Tarde' } });
    fireEvent.change(screen.getByLabelText('Fecha límite'), { target: { value: '2026-01-10' } });
    await pick('Clientes', 'Panadería La Espiga SL · B12345678');
    save();
    expect(await screen.findByText('La fecha límite no puede ser anterior a hoy')).toBeTruthy();
  });
});
