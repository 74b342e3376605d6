import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { campaign, detail } from '../testing/fixtures';
import { CampaignDetail, remindedMessage } from './campaign-detail';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const renderDetail = () => renderRoutes([{ path: '/', element: <CampaignDetail campaignId="k-1" /> }]);

/** Clicks the Popconfirm's confirm button (the last button of that name on screen). */
async function confirm(name: string) {
  const tip = await screen.findByRole('tooltip');
  fireEvent.click(within(tip).getByRole('button', { name }));
}

describe('remindedMessage', () => {
  it('says how many were reminded when the server tells', () => {
    expect(remindedMessage({ reminded: 3 })).toBe('Recordatorio enviado a 3 clientes');
    expect(remindedMessage({ reminded: 1 })).toBe('Recordatorio enviado a 1 cliente');
    expect(remindedMessage({ reminded: 0 })).toMatch(/ningún recordatorio/);
    expect(remindedMessage(undefined)).toBe(
      'Recordatorio enviado a los clientes con documentación pendiente',
    );
  });
});

describe('CampaignDetail', { timeout: 30_000 }, () => {
  it("shows each company's progress and checklist", async () => {
    answerApi(apiRequest, { 'campaigns.get': detail() });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Cierre del tercer trimestre' })).toBeTruthy();
    expect(callsTo(apiRequest, 'campaigns.get')[0]?.params).toEqual({ campaignId: 'k-1' });
    const bakery = screen.getByText('Panadería La Espiga SL').closest('tr') as HTMLElement;
    expect(within(bakery).getByText('1/2')).toBeTruthy();
    expect(within(bakery).getByText(formatDateTime('2026-11-22T10:00:00.000Z'))).toBeTruthy();
    expect(within(bakery).getByText('1 (último 25/11/2026)')).toBeTruthy();
    expect(within(bakery).getByText('Pendiente')).toBeTruthy();
    const transport = screen.getByText('Transportes Levante Norte SA').closest('tr') as HTMLElement;
    expect(within(transport).getByText('Completo')).toBeTruthy();
    expect(within(transport).getByText('Ninguno')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ver documentos de Panadería La Espiga SL' }));
    const list = await screen.findByRole('list', { name: 'Documentos de Panadería La Espiga SL' });
    const statements = within(list).getByRole('listitem', { name: 'Extractos bancarios' });
    expect(within(statements).getByText('Pendiente')).toBeTruthy();
    expect(within(statements).getByText('1 de 3 documentos')).toBeTruthy();
    const invoices = within(list).getByRole('listitem', { name: 'Facturas de compra y gastos' });
    expect(within(invoices).getByText('Recibido')).toBeTruthy();
    expect(within(invoices).getByText('1 de 1 documento · recibido el 22/11/2026')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ver documentos de Transportes Levante Norte SA' }));
    const closed = await screen.findByRole('list', { name: 'Documentos de Transportes Levante Norte SA' });
    expect(within(closed).getByText('Cerrado a mano')).toBeTruthy();
    expect(within(closed).getByText('Nota: Entregado en mano')).toBeTruthy();
  });

  it('closes an item by hand with a note, and reopens one', async () => {
    answerApi(apiRequest, { 'campaigns.get': detail(), 'campaigns.setItem': undefined });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver documentos de Panadería La Espiga SL' }));
    const list = await screen.findByRole('list', { name: 'Documentos de Panadería La Espiga SL' });
    const statements = within(list).getByRole('listitem', { name: 'Extractos bancarios' });
    fireEvent.click(within(statements).getByRole('button', { name: 'Cerrar a mano' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nota' }), {
      target: { value: 'Los trajo a la oficina' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar a mano' }));
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.setItem')).toHaveLength(1));
    expect(callsTo(apiRequest, 'campaigns.setItem')[0]).toMatchObject({
      params: { campaignId: 'k-1', targetCompanyId: 'c-1', itemId: 'i-1' },
      body: { status: 'CLOSED_MANUALLY', note: 'Los trajo a la oficina' },
    });
    // The campaign is read again.
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.get').length).toBeGreaterThan(1));

    const invoices = within(list).getByRole('listitem', { name: 'Facturas de compra y gastos' });
    fireEvent.click(within(invoices).getByRole('button', { name: 'Reabrir' }));
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.setItem')).toHaveLength(2));
    expect(callsTo(apiRequest, 'campaigns.setItem')[1]).toMatchObject({
      params: { campaignId: 'k-1', targetCompanyId: 'c-1', itemId: 'i-2' },
      body: { status: 'MISSING' },
    });
  });

  it('reminds now, saying only incomplete clients are reminded, and closes the campaign', async () => {
    answerApi(apiRequest, {
      'campaigns.get': detail(),
      'campaigns.remind': { reminded: 1 },
      'campaigns.close': campaign({ status: 'CLOSED' }),
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar recordatorio ahora' }));
    expect(
      await screen.findByText(/^Solo se recuerda a los clientes con documentación pendiente: 1 de 2 /),
    ).toBeTruthy();
    await confirm('Enviar recordatorio');
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.remind')).toHaveLength(1));
    expect(callsTo(apiRequest, 'campaigns.remind')[0]?.params).toEqual({ campaignId: 'k-1' });
    expect(await screen.findByText('Recordatorio enviado a 1 cliente')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar campaña' }));
    expect(await screen.findByText(/no se enviarán más recordatorios/)).toBeTruthy();
    const tips = await screen.findAllByRole('tooltip');
    fireEvent.click(within(tips.at(-1) as HTMLElement).getByRole('button', { name: 'Cerrar campaña' }));
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.close')).toHaveLength(1));
    expect(callsTo(apiRequest, 'campaigns.close')[0]?.params).toEqual({ campaignId: 'k-1' });
  });

  it('sends a draft after confirming, and offers no item actions before', async () => {
    answerApi(apiRequest, {
      'campaigns.get': detail({ status: 'DRAFT', sentAt: null }),
      'campaigns.send': campaign(),
    });
    renderDetail();
    expect(await screen.findByText('Borrador')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar recordatorio ahora' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver documentos de Panadería La Espiga SL' }));
    const list = await screen.findByRole('list', { name: 'Documentos de Panadería La Espiga SL' });
    expect(within(list).queryByRole('button', { name: 'Cerrar a mano' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('¿Enviar la campaña a 2 clientes?')).toBeTruthy();
    expect(callsTo(apiRequest, 'campaigns.send')).toHaveLength(0);
    await confirm('Enviar');
    await waitFor(() => expect(callsTo(apiRequest, 'campaigns.send')).toHaveLength(1));
    expect(callsTo(apiRequest, 'campaigns.send')[0]?.params).toEqual({ campaignId: 'k-1' });
  });

  it('shows the error with Reintentar', async () => {
    answerApi(apiRequest, {});
    renderDetail();
    expect(await screen.findByText('Error cargando la campaña')).toBeTruthy();
    answerApi(apiRequest, { 'campaigns.get': detail() });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Cierre del tercer trimestre' })).toBeTruthy();
  });
});
