import type { Psd2CompleteResult, Psd2Connection } from '@shared/schemas/psd2';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { message, notification } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { goToBank } from './navigate';
import { Psd2Page } from './psd2-page';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('./navigate', () => ({ goToBank: vi.fn() }));
const membership = vi.hoisted(() => ({ current: { myRole: 'OWNER', myPermissions: [] as string[] } }));
vi.mock('@web/lib/company', () => ({
  useCompanyId: () => 'c-1',
  useCompanyMembership: () => ({ data: membership.current }),
}));

afterEach(() => {
  notification.destroy();
  message.destroy();
  vi.resetAllMocks();
  membership.current = { myRole: 'OWNER', myPermissions: [] };
});
afterAll(() => new Promise<void>((r) => setTimeout(r, 300)));

const connection = (over: Partial<Psd2Connection> = {}): Psd2Connection => ({
  connectionId: 'cn-1',
  provider: 'GOCARDLESS',
  institutionId: 'SANDBOXCUADRA_CUADESMM',
  institutionName: 'Banco Sandbox Cuadra',
  institutionBic: 'CUADESMMXXX',
  institutionLogo: null,
  status: 'LINKED',
  providerStatus: 'LN',
  connectedBy: { userId: 'u-1', email: 'ana@empresa.test' },
  createdAt: '2026-03-10T09:00:00Z',
  linkedAt: '2026-03-10T09:05:00Z',
  consentExpiresAt: '2026-09-06T09:05:00Z',
  daysLeft: 12,
  accessValidForDays: 180,
  maxHistoricalDays: 90,
  scopes: ['balances', 'details', 'transactions'],
  accounts: [
    { accountId: 'a-1', iban: 'ES7090000001200012345678', holderName: 'Demo Cuadra, S.L.', currency: 'EUR' },
  ],
  lastSync: {
    at: '2026-03-10T09:05:00Z',
    outcome: 'OK',
    trigger: 'LINK',
    created: 37,
    duplicates: 0,
    errorCode: null,
    errorMessage: null,
    retryAfter: null,
  },
  lastSuccessfulSyncAt: '2026-03-10T09:05:00Z',
  renewalLink: null,
  tokenEncrypted: true,
  revokedAt: null,
  updatedAt: '2026-03-10T09:05:00Z',
  ...over,
});

const render = (path = '/app/banking/accounts/psd2') =>
  renderRoutes([{ path: '/app/banking/accounts/psd2', element: <Psd2Page /> }], { path });

describe('Psd2Page', { timeout: 20_000 }, () => {
  it('lists the connections with their state and the consent days left', async () => {
    answerApi(apiRequest, {
      'banking.psd2Connections': {
        items: [
          connection(),
          connection({
            connectionId: 'cn-2',
            institutionName: 'Caja Sandbox Norte',
            status: 'EXPIRED',
            daysLeft: -3,
            accounts: [],
          }),
        ],
      },
    });
    render();
    expect(await screen.findByText('Conexiones bancarias (PSD2)')).toBeTruthy();
    const row1 = (await screen.findByText('Banco Sandbox Cuadra')).closest('tr')!;
    expect(within(row1).getByText('Activa')).toBeTruthy();
    expect(within(row1).getByText('Quedan 12 días')).toBeTruthy();
    expect(within(row1).getByText('ES70 9000 0001 2000 1234 5678')).toBeTruthy();
    expect(within(row1).getByText('ana@empresa.test')).toBeTruthy();
    const row2 = screen.getByText('Caja Sandbox Norte').closest('tr')!;
    expect(within(row2).getByText('Caducada')).toBeTruthy();
    expect(within(row2).getByText('Caducó hace 3 días')).toBeTruthy();
    expect(within(row2).queryByRole('button', { name: 'Sincronizar' })).toBeNull();
    expect(within(row2).getByRole('button', { name: 'Renovar' })).toBeTruthy();
  });

  it("'Conectar banco': choose the bank, then the browser goes to the bank's link", async () => {
    answerApi(apiRequest, {
      'banking.psd2Connections': { items: [] },
      'banking.psd2Institutions': {
        items: [
          {
            id: 'SANDBOXCUADRA_CUADESMM',
            name: 'Banco Sandbox Cuadra',
            bic: null,
            logo: null,
            transactionTotalDays: 730,
            maxAccessValidForDays: 180,
          },
          {
            id: 'SANDBOXNORTE_NORTESB1',
            name: 'Caja Sandbox Norte',
            bic: null,
            logo: null,
            transactionTotalDays: 90,
            maxAccessValidForDays: 90,
          },
        ],
      },
      'banking.psd2Connect': { connectionId: 'cn-9', link: 'http://bank.test/psd2/start/r-9/X' },
    });
    render();
    expect(await screen.findByText(/Aún no has conectado ningún banco/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Conectar banco' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Caja Sandbox Norte'));
    expect(await within(dialog).findByText(/Máximo 90 días en Caja Sandbox Norte/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar en el banco' }));
    await waitFor(() => expect(goToBank).toHaveBeenCalledWith('http://bank.test/psd2/start/r-9/X'));
    expect(callsTo(apiRequest, 'banking.psd2Connect')[0]?.body).toEqual({
      institutionId: 'SANDBOXNORTE_NORTESB1',
    });
  });

  it('back from the bank (?connection=…): completes once and shows the linked accounts', async () => {
    const result: Psd2CompleteResult = {
      connection: connection(),
      accounts: connection().accounts,
      sync: {
        connectionId: 'cn-1',
        syncedAt: '2026-03-10T09:05:00Z',
        dateFrom: '2025-12-11',
        dateTo: '2026-03-10',
        created: 37,
        duplicates: 0,
        accounts: [
          {
            accountId: 'a-1',
            iban: 'ES7090000001200012345678',
            balanceCents: 3_583_224,
            balanceDate: '2026-03-10',
            created: 37,
            duplicates: 0,
            pending: 1,
          },
        ],
      },
      syncError: null,
    };
    answerApi(apiRequest, {
      'banking.psd2Connections': { items: [connection()] },
      'banking.psd2Complete': result,
    });
    render('/app/banking/accounts/psd2?connection=cn-1&ref=cn-1');
    expect(await screen.findByText('Banco Sandbox Cuadra conectado: 1 cuenta(s) vinculada(s)')).toBeTruthy();
    expect(screen.getByText(/Saldo 35\.832,24/)).toBeTruthy();
    expect(screen.getByText(/37 movimientos importados/)).toBeTruthy();
    expect(callsTo(apiRequest, 'banking.psd2Complete')).toHaveLength(1);
    expect(callsTo(apiRequest, 'banking.psd2Complete')[0]?.params).toEqual({ connectionId: 'cn-1' });
  });

  it("'Sincronizar' and 'Revocar' (after confirming); a member sees no management buttons", async () => {
    answerApi(apiRequest, {
      'banking.psd2Connections': { items: [connection()] },
      'banking.psd2Sync': {
        connectionId: 'cn-1',
        syncedAt: '',
        dateFrom: '',
        dateTo: '',
        created: 2,
        duplicates: 5,
        accounts: [],
      },
      'banking.psd2Revoke': connection({ status: 'REVOKED' }),
    });
    render();
    const row = (await screen.findByText('Banco Sandbox Cuadra')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sincronizar' }));
    expect(await screen.findByText(/2 movimiento\(s\) nuevo\(s\), 5 ya existente\(s\)/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('¿Revocar la conexión con Banco Sandbox Cuadra?')).toBeTruthy();
    expect(callsTo(apiRequest, 'banking.psd2Revoke')).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Revocar' }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(callsTo(apiRequest, 'banking.psd2Revoke')[0]?.params).toEqual({ connectionId: 'cn-1' }),
    );
  });

  it('a MEMBER may sync but not connect, renew or revoke', async () => {
    membership.current = { myRole: 'MEMBER', myPermissions: [] };
    answerApi(apiRequest, { 'banking.psd2Connections': { items: [connection()] } });
    render();
    const row = (await screen.findByText('Banco Sandbox Cuadra')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Sincronizar' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Renovar' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Revocar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Conectar banco' })).toBeNull();
  });
});
