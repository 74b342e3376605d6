/**
 * The cross-company tax calls (issue 13 items 3 and 6) through the real pipeline on an in-memory
 * table: the global upcoming / overdue / summary obligations and the gestor's portfolio with its
 * XLSX export. Each company is checked against tax.read by the action itself (user routes), so a
 * CLIENTE without VIEW_TAX_DOCUMENTS sees nothing of its company and a foreign company is 403.
 */

import { readXlsx } from '@functions/lib/spreadsheets';
import type { ObligationsSummary, PortfolioView } from '@shared/schemas/tax';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OverdueObligationsAnswer, UpcomingObligationsAnswer } from './actions/global-obligations';
import { company, member, obligation, profile, taxHarness } from './testing/tax-harness';

// Tuesday 10 March 2026, 11:00 in Madrid.
const { table, call, raw } = taxHarness(new Date('2026-03-10T10:00:00.000Z'));

const GESTOR = { userId: 'u-gestor', groups: ['GESTOR'] };
const CLIENTE = { userId: 'u-cliente', groups: ['CLIENTE'] };
const ADMIN = { userId: 'u-admin', groups: ['ADMIN'] };

beforeEach(() => {
  table.reset();
  for (const item of [
    company('co-a', 'Panadería La Espiga SL', { nif: 'B11111111' }),
    company('co-b', 'Transportes Levante SA', { nif: 'A22222222', companyType: 'SA' }),
    company('co-c', 'Sin Perfil SL', { nif: 'B33333333' }),
    company('co-d', 'Cliente Reservado SL', { nif: 'B44444444' }),
    company('co-x', 'Otra Gestoría SL', { nif: 'B55555555' }),
    // The gestor: GESTOR of a and c, an ordinary MEMBER of b, a CLIENTE without permissions of d.
    member('co-a', 'u-gestor', 'GESTOR', { firstName: 'Lucía', lastName: 'Navarro' }),
    member('co-b', 'u-gestor', 'MEMBER', { firstName: 'Lucía', lastName: 'Navarro' }),
    member('co-c', 'u-gestor', 'GESTOR', { firstName: 'Lucía', lastName: 'Navarro' }),
    member('co-d', 'u-gestor', 'CLIENTE'),
    // b's owner answers for b (no GESTOR member); a's owner does not (a has a gestor).
    member('co-a', 'u-owner-a', 'OWNER', { firstName: 'Ana', lastName: 'Espiga' }),
    member('co-b', 'u-owner-b', 'OWNER', { firstName: 'Bruno', lastName: 'Levante' }),
    member('co-x', 'u-owner-x', 'OWNER'),
    // The client portal user: no tax permission on a, VIEW_TAX_DOCUMENTS on b.
    member('co-a', 'u-cliente', 'CLIENTE'),
    member('co-b', 'u-cliente', 'CLIENTE', { permissions: ['VIEW_TAX_DOCUMENTS'] }),
    profile('co-a'),
    profile('co-b', 'SA', { siiEnabled: true }),
    profile('co-d'),
    profile('co-x'),
    // a: the 4T 2025 VAT return is overdue, its 115 was filed; the 1T 2026 returns are due 20 April.
    obligation('co-a', '303', '4T', 2025, '2026-01-30'),
    obligation('co-a', '115', '4T', 2025, '2026-01-30', { status: 'SUBMITTED', submittedAt: '2026-01-28' }),
    obligation('co-a', '303', '1T', 2026, '2026-04-20', {
      paidByDomiciliation: true,
      domiciliationDueDate: '2026-04-15',
      alertDate: '2026-04-15',
    }),
    obligation('co-a', '111', '1T', 2026, '2026-04-20'),
    // b (SII, monthly): February's 303 due 30 March, its 111 already filed, January's 111 overdue.
    obligation('co-b', '303', '02', 2026, '2026-03-30'),
    obligation('co-b', '111', '02', 2026, '2026-03-20', { status: 'SUBMITTED', submittedAt: '2026-03-05' }),
    obligation('co-b', '111', '01', 2026, '2026-02-20'),
    // d and x: never visible to the gestor.
    obligation('co-d', '303', '02', 2026, '2026-03-20'),
    obligation('co-d', '303', '4T', 2025, '2026-01-30'),
    obligation('co-x', '303', '1T', 2026, '2026-03-25'),
  ])
    table.put(item);
});

const ids = (rows: { companyId: string; modelType: string; period: string }[]) =>
  rows.map((r) => `${r.companyId} ${r.modelType} ${r.period}`);

describe('GET /tax/obligations/upcoming, overdue and summary', () => {
  it('lists the open obligations of every readable company in the 30-day window, by due date', async () => {
    const res = await call<UpcomingObligationsAnswer>(GESTOR, { routeId: 'taxObligations.upcoming' });
    expect(res.status).toBe(200);
    const data = res.envelope.data!;
    expect([data.from, data.to]).toEqual(['2026-03-10', '2026-04-09']);
    expect(ids(data.obligations)).toEqual(['co-b 303 02']);
    expect(data.obligations[0]).toMatchObject({
      id: '2026-303-02',
      companyName: 'Transportes Levante SA',
      modelName: 'IVA. Autoliquidación',
      periodLabel: 'Febrero 2026',
      dueDate: '2026-03-30',
      paidByDomiciliation: false,
      daysRemaining: 20,
      actionDaysRemaining: 20, // not debited: acting means filing, by the due date
      status: 'PENDING',
    });

    const wider = await call<UpcomingObligationsAnswer>(GESTOR, {
      routeId: 'taxObligations.upcoming',
      query: { fromDate: '2026-03-25', days: '30' },
    });
    expect(ids(wider.envelope.data!.obligations)).toEqual(['co-b 303 02', 'co-a 111 1T', 'co-a 303 1T']);
    // Domiciliated: daysRemaining counts to the due date it is shown with (20 April, 41 days from
    // today); actionDaysRemaining to the debit deadline (15 April, 36 days), as the alerts do.
    expect(wider.envelope.data!.obligations[2]).toMatchObject({
      paidByDomiciliation: true,
      dueDate: '2026-04-20',
      domiciliationDueDate: '2026-04-15',
      daysRemaining: 41,
      actionDaysRemaining: 36,
    });
  });

  it('lists the overdue ones with daysOverdue, oldest first; settled ones never', async () => {
    const res = await call<OverdueObligationsAnswer>(GESTOR, { routeId: 'taxObligations.overdue' });
    expect(res.status).toBe(200);
    const data = res.envelope.data!;
    expect(data.today).toBe('2026-03-10');
    expect(ids(data.obligations)).toEqual(['co-a 303 4T', 'co-b 111 01']);
    expect(data.obligations.map((o) => [o.status, o.daysOverdue])).toEqual([
      ['OVERDUE', 39],
      ['OVERDUE', 18],
    ]);
  });

  it('counts overdue, pending and upcoming obligations and the next due date', async () => {
    const res = await call<ObligationsSummary>(GESTOR, { routeId: 'taxObligations.summary' });
    expect(res.envelope.data).toEqual({
      overdueObligations: 2,
      pendingObligations: 3,
      upcomingObligations: 1,
      nextDueDate: '2026-03-30',
    });
    const one = await call<ObligationsSummary>(GESTOR, {
      routeId: 'taxObligations.summary',
      query: { companyId: 'co-a', days: '60' },
    });
    expect(one.envelope.data).toEqual({
      overdueObligations: 1,
      pendingObligations: 2,
      upcomingObligations: 2,
      nextDueDate: '2026-04-20',
    });
  });

  it('shows a CLIENTE only the companies where it holds VIEW_TAX_DOCUMENTS', async () => {
    const overdue = await call<OverdueObligationsAnswer>(CLIENTE, { routeId: 'taxObligations.overdue' });
    expect(ids(overdue.envelope.data!.obligations)).toEqual(['co-b 111 01']);
    const upcoming = await call<UpcomingObligationsAnswer>(CLIENTE, {
      routeId: 'taxObligations.upcoming',
      query: { days: '60' },
    });
    expect(upcoming.envelope.data!.obligations.every((o) => o.companyId === 'co-b')).toBe(true);
    // Naming the company it may not read for tax: refused as the pipeline refuses a member.
    const named = await call(CLIENTE, { routeId: 'taxObligations.overdue', query: { companyId: 'co-a' } });
    expect(named.status).toBe(403);
    expect(named.envelope.error?.code).toBe('CORE_002');
  });

  it("refuses another firm's company and an unknown one with 403 CORE_003; lets an ADMIN read one that exists", async () => {
    for (const companyId of ['co-x', 'co-nope']) {
      for (const routeId of [
        'taxObligations.upcoming',
        'taxObligations.overdue',
        'taxObligations.summary',
      ] as const) {
        const res = await call(GESTOR, { routeId, query: { companyId } });
        expect(res.status, `${routeId} ${companyId}`).toBe(403);
        expect(res.envelope.error?.code).toBe('CORE_003');
      }
    }
    const admin = await call<UpcomingObligationsAnswer>(ADMIN, {
      routeId: 'taxObligations.upcoming',
      query: { companyId: 'co-x' },
    });
    expect(admin.status).toBe(200);
    expect(ids(admin.envelope.data!.obligations)).toEqual(['co-x 303 1T']);
    const unknown = await call(ADMIN, {
      routeId: 'taxObligations.upcoming',
      query: { companyId: 'co-nope' },
    });
    expect(unknown.envelope.error?.code).toBe('CORE_003');
  });

  it('refuses a malformed window naming the field', async () => {
    const res = await call(GESTOR, { routeId: 'taxObligations.upcoming', query: { fromDate: '10/03/2026' } });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'fromDate' });
  });
});

describe('GET /tax/portfolio/obligations', () => {
  it("gives a gestor every client's obligations of the next 30 days and the overdue ones, with who answers for them", async () => {
    const res = await call<PortfolioView>(GESTOR, { routeId: 'taxPortfolio.list' });
    expect(res.status).toBe(200);
    const view = res.envelope.data!;
    expect([view.from, view.to]).toEqual(['2026-03-10', '2026-04-09']);
    expect(ids(view.rows)).toEqual(['co-a 303 4T', 'co-b 111 01', 'co-b 111 02', 'co-b 303 02']);
    expect(view.rows.map((r) => r.status)).toEqual(['OVERDUE', 'OVERDUE', 'SUBMITTED', 'PENDING']);
    expect(view.rows[0]!.responsible).toEqual({
      userId: 'u-gestor',
      name: 'Lucía Navarro',
      email: 'u-gestor@cuadra.test',
    });
    // b has no GESTOR member: its owner answers.
    expect(view.rows[3]!.responsible).toMatchObject({ userId: 'u-owner-b', name: 'Bruno Levante' });
    expect(view.companiesWithoutProfile).toEqual([{ companyId: 'co-c', name: 'Sin Perfil SL' }]);
    // d (CLIENTE without VIEW_TAX_DOCUMENTS) and x (another firm's) are nowhere.
    expect(view.rows.some((r) => r.companyId === 'co-d' || r.companyId === 'co-x')).toBe(false);
  });

  it('filters by model, status, company, window and overdue', async () => {
    const list = async (query: Record<string, string>) => {
      const res = await call<PortfolioView>(GESTOR, { routeId: 'taxPortfolio.list', query });
      expect(res.status, JSON.stringify(res.envelope.error)).toBe(200);
      return ids(res.envelope.data!.rows);
    };
    expect(await list({ model: '303' })).toEqual(['co-a 303 4T', 'co-b 303 02']);
    expect(await list({ status: 'OVERDUE' })).toEqual(['co-a 303 4T', 'co-b 111 01']);
    expect(await list({ status: 'SUBMITTED' })).toEqual(['co-b 111 02']);
    expect(await list({ status: 'PENDING' })).toEqual(['co-b 303 02']);
    expect(await list({ companyId: 'co-a' })).toEqual(['co-a 303 4T']);
    expect(await list({ includeOverdue: 'false' })).toEqual(['co-b 111 02', 'co-b 303 02']);
    expect(await list({ days: '45', includeOverdue: 'false' })).toEqual([
      'co-b 111 02',
      'co-b 303 02',
      'co-a 111 1T',
      'co-a 303 1T',
    ]);
    expect(await list({ days: '45', companyId: 'co-a', model: '111' })).toEqual(['co-a 111 1T']);
  });

  it('is for gestores and admins only, and each company still needs tax.read', async () => {
    const cliente = await call(CLIENTE, { routeId: 'taxPortfolio.list' });
    expect(cliente.status).toBe(403);
    expect(cliente.envelope.error?.code).toBe('CORE_002');
    const exportByClient = await call(CLIENTE, { routeId: 'taxPortfolio.export' });
    expect(exportByClient.envelope.error?.code).toBe('CORE_002');
    const foreign = await call(GESTOR, { routeId: 'taxPortfolio.list', query: { companyId: 'co-x' } });
    expect(foreign.status).toBe(403);
    expect(foreign.envelope.error?.code).toBe('CORE_003');
    const reserved = await call(GESTOR, { routeId: 'taxPortfolio.list', query: { companyId: 'co-d' } });
    expect(reserved.envelope.error?.code).toBe('CORE_002');
    const admin = await call<PortfolioView>(ADMIN, {
      routeId: 'taxPortfolio.list',
      query: { companyId: 'co-x' },
    });
    expect(ids(admin.envelope.data!.rows)).toEqual(['co-x 303 1T']);
    // The model filter is checked against the models the product knows.
    const bad = await call(GESTOR, { routeId: 'taxPortfolio.list', query: { model: '999' } });
    expect(bad.envelope.error).toMatchObject({ code: 'CORE_004', field: 'model' });
  });

  it('exports the same rows as an Excel workbook with Spanish headers', async () => {
    const res = await raw(GESTOR, { routeId: 'taxPortfolio.export', query: { days: '45' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers?.['content-disposition']).toBe(
      'attachment; filename="obligaciones-2026-03-10-2026-04-24.xlsx"',
    );
    const sheet = readXlsx(new Uint8Array(Buffer.from(res.body, 'base64')));
    expect(sheet.name).toBe('Obligaciones');
    expect(sheet.rows[0]).toEqual([
      'Cliente',
      'NIF',
      'Modelo',
      'Descripción',
      'Periodo',
      'Vencimiento',
      'Domiciliación',
      'Días',
      'Estado',
      'Responsable',
      'Email',
    ]);
    const body = sheet.rows.slice(1);
    expect(body.map((r) => `${r[0]} ${r[2]} ${r[4]}`)).toEqual([
      'Panadería La Espiga SL 303 4T 2025',
      'Transportes Levante SA 111 Enero 2026',
      'Transportes Levante SA 111 Febrero 2026',
      'Transportes Levante SA 303 Febrero 2026',
      'Panadería La Espiga SL 111 1T 2026',
      'Panadería La Espiga SL 303 1T 2026',
    ]);
    expect(body[0]).toEqual([
      'Panadería La Espiga SL',
      'B11111111',
      '303',
      'IVA. Autoliquidación',
      '4T 2025',
      '2026-01-30',
      null,
      -39,
      'Vencida',
      'Lucía Navarro',
      'u-gestor@cuadra.test',
    ]);
    // Filed: no days left to count. Domiciliated: the debit deadline, and the days to the due date
    // (41, not the 36 to the debit deadline), as the list's daysRemaining.
    expect(body[2]!.slice(5, 9)).toEqual(['2026-03-20', null, null, 'Presentada']);
    expect(body[5]!.slice(5, 9)).toEqual(['2026-04-20', '2026-04-15', 41, 'Pendiente']);
    const list = await call<PortfolioView>(GESTOR, { routeId: 'taxPortfolio.list', query: { days: '45' } });
    expect(body.map((r) => r[7])).toEqual(
      list.envelope.data!.rows.map((r) =>
        ['PENDING', 'OVERDUE'].includes(r.status) ? r.daysRemaining : null,
      ),
    );
    expect(body[3]!.slice(9)).toEqual(['Bruno Levante', 'u-owner-b@cuadra.test']);
  });
});
