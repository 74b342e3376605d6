/**
 * The tax area (issue 13) against the local cloud, over real HTTP through the local gateway:
 * - a fresh SL of the demo gestor answers TAX_021 on its calendar and CONFIGURATION_NOT_FOUND on
 *   its fiscal analysis until the gestor creates its tax profile;
 * - the 2027 calendar then holds exactly the obligations the profile implies, each on the date of
 *   the AEAT rule (pinned by hand below, and equal to `deadlineOf` of shared/fiscal/tax-calendar.ts);
 * - a profile change applies from the next period on and never rewrites earlier periods;
 * - the daily `tax-alerts` schedule run "as if it were" fixed days (the local schedules page's
 *   `dia`) gives each alert the priority of spec part 2 §4 (3 days or fewer critical, 7 high,
 *   otherwise medium, overdue critical, counting down to the domiciliation deadline of a model paid
 *   by direct debit; the summary high above 5 pending), tells the staff in the bell and by e-mail
 *   once per alert and step, and running it twice tells nobody twice;
 * - a CLIENTE without VIEW_TAX_DOCUMENTS gets 403, another firm's gestor 403 CORE_003, the global
 *   upcoming list holds only the caller's companies, and the gestor's XLSX export opens.
 *
 * The fixed days of the schedule runs are in last year (a profile may start up to four years back),
 * so whatever the real date, every other company's obligations (this year's, the demo's) are more
 * than 30 days away on those days and nobody else is told anything. Afterwards the schedule runs
 * once for today, so every company's alerts are today's again for the tests that follow.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { readXlsx } from '@functions/lib/spreadsheets';
import type { Page } from '@shared/api/envelope';
import { membershipItem } from '@shared/db/records';
import { cifControl } from '@shared/fiscal/nif';
import { addDays, daysBetween, deadlineOf } from '@shared/fiscal/tax-calendar';
import type { Notification } from '@shared/schemas/notifications';
import type {
  CalendarView,
  FiscalAlert,
  ObligationView,
  TaxNotificationSent,
  UpcomingObligation,
} from '@shared/schemas/tax';
import { defaultTaxProfileFacts, type TaxModel, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { madridMorning } from './engines/scheduler';
import { apiClient } from './testing/api';
import type { SentMail } from './types';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  { marshallOptions: { removeUndefinedValues: true } },
);

const run = Date.now().toString(36).toUpperCase().slice(-4);
const freshCif = () => {
  const seven = String((Date.now() * 11 + Math.floor(Math.random() * 1e6)) % 10_000_000).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
const THIS_YEAR = Number(madridToday().slice(0, 4));
/** The year the issue asks about; the profile starts no later (a profile may start 4 years back). */
const CALENDAR_YEAR = 2027;
const subOfToken = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;

const slFacts = (over: Partial<TaxProfileFacts>): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  ...over,
});

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>): T => {
  if (!res.body.success) throw new Error(`${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};
const errorOf = (res: Res<unknown>) => (res.body.success ? null : res.body.error);

/** Runs the daily `tax-alerts` schedule now, as if it were `day` at 07:00 Madrid (or now). */
async function runTaxAlerts(day?: string): Promise<void> {
  const res = await fetch(new URL('/_dev/schedules/tax-alerts/run', cloud.url), {
    method: 'POST',
    headers: { Accept: 'application/json' },
    ...(day ? { body: new URLSearchParams({ dia: day }) } : {}),
  });
  const body = (await res.json()) as { ok: boolean; time?: string; error?: string };
  expect(res.status, body.error).toBe(200);
  if (day) expect(body.time).toBe(madridMorning(day).toISOString());
}

async function mailsTo(to: string): Promise<SentMail[]> {
  const res = await fetch(new URL('/_dev/mailbox.json', cloud.url));
  return ((await res.json()) as SentMail[]).filter((m) => m.to.includes(to));
}

async function waitForMail(to: string, subject: string, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(to)).find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with subject «${subject}» within ${timeoutMs} ms`);
}

/**
 * The 2027 calendar of an SL filing quarterly, with employees and rented premises, 303 by direct
 * debit: model, period, filing deadline, domiciliation deadline (303 only: it is the one paid by
 * direct debit; the other self-assessments still have their window). Written by hand from the AEAT
 * rule (../shared/reference/tax-models.md §4): quarterly returns by the 20th of April, July and
 * October and the 4T 303 by 30 January (a Sunday in 2028, so Monday the 31st), the 4T 111/115 by 20
 * January; 202 by the 20th of April, October and December (art. 40 LIS); 390, 190 and 180 in
 * January; 347 in February (29th: 2028 is a leap year); 200 within 25 days of the six months after
 * the tax year (art. 124 LIS); direct debit of the 303 until 5 days before its deadline.
 */
const EXPECTED_2027: [TaxModel, string, string][] = [
  ['303', '1T', '2027-04-20'],
  ['111', '1T', '2027-04-20'],
  ['115', '1T', '2027-04-20'],
  ['202', '1P', '2027-04-20'],
  ['303', '2T', '2027-07-20'],
  ['111', '2T', '2027-07-20'],
  ['115', '2T', '2027-07-20'],
  ['303', '3T', '2027-10-20'],
  ['111', '3T', '2027-10-20'],
  ['115', '3T', '2027-10-20'],
  ['202', '2P', '2027-10-20'],
  ['202', '3P', '2027-12-20'],
  ['111', '4T', '2028-01-20'],
  ['115', '4T', '2028-01-20'],
  ['303', '4T', '2028-01-31'],
  ['390', '0A', '2028-01-31'],
  ['190', '0A', '2028-01-31'],
  ['180', '0A', '2028-01-31'],
  ['347', '0A', '2028-02-29'],
  ['200', '0A', '2028-07-25'],
];
const EXPECTED_303_DEBIT_2027: Record<string, string> = {
  '1T': '2027-04-15',
  '2T': '2027-07-15',
  '3T': '2027-10-15',
  '4T': '2028-01-26',
};

const key = (o: { modelType: string; period: string }) => `${o.modelType}-${o.period}`;

/** The Spanish status labels of the export. */
const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pendiente',
  OVERDUE: 'Vencida',
  MODEL_GENERATED: 'Modelo generado',
  SUBMITTED: 'Presentada',
  OBLIGATION_GENERATED: 'Obligación generada',
};

describe('tax area (local cloud)', () => {
  let gestor: string;
  let gestor2: string;
  let cliente: string;
  /** Fresh SL for the calendar, the profile change, permissions and the portfolio. */
  let companyA: string;
  const nameA = `Calendario ${run} SL`;
  /** Fresh SL for the schedule runs, its profile from last year with every return still pending. */
  let companyB: string;
  const nameB = `Alertas ${run} SL`;

  const as = <T>(
    token: string,
    companyId: string,
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token, companyId, ...opts });
  const calendarOf = async (companyId: string, year: number) =>
    dataOf(
      await as<CalendarView>(gestor, companyId, 'GET', `/api/v1/tax/companies/${companyId}/calendar`, {
        query: { year: String(year) },
      }),
    );

  const createCompany = async (name: string) =>
    dataOf(
      await api.request<{ companyId: string }>('POST', '/api/v1/companies', {
        token: gestor,
        body: {
          name,
          nif: freshCif(),
          companyType: 'SL',
          address: {
            street: 'Calle de Colón 20',
            postalCode: '46004',
            city: 'Valencia',
            province: 'Valencia',
            country: 'ES',
          },
          siiEnabled: false,
        },
      }),
    ).companyId;

  beforeAll(async () => {
    [gestor, gestor2, cliente] = await Promise.all([
      api.login('gestor@cuadra.test'),
      api.login('gestor2@cuadra.test'),
      api.login('cliente@cuadra.test'),
    ]);
    companyA = await createCompany(nameA);
    companyB = await createCompany(nameB);
    // The demo CLIENTE user becomes a client of company A WITHOUT VIEW_TAX_DOCUMENTS.
    const at = new Date().toISOString();
    await db.send(
      new PutCommand({
        TableName: cloud.env.TABLE_NAME!,
        Item: membershipItem({
          companyId: companyA,
          userId: subOfToken(cliente),
          companyRole: 'CLIENTE',
          permissions: ['VIEW_INVOICES'],
          isActive: true,
          email: 'cliente@cuadra.test',
          firstName: 'Ana',
          lastName: 'Torres Vidal',
          createdAt: at,
          updatedAt: at,
        }),
      }),
    );
  }, 60_000);

  it('without a profile: TAX_021 on the calendar, CONFIGURATION_NOT_FOUND on the fiscal analysis', async () => {
    const calendar = await as(gestor, companyA, 'GET', `/api/v1/tax/companies/${companyA}/calendar`);
    expect(calendar.status).toBe(400);
    expect(errorOf(calendar)?.code).toBe('TAX_021');

    const analysis = await as(gestor, companyA, 'GET', `/api/v1/tax/companies/${companyA}/fiscal-analysis`);
    expect(analysis.status).toBe(404);
    expect(errorOf(analysis)?.code).toBe('CONFIGURATION_NOT_FOUND');

    const profile = await as(gestor, companyA, 'GET', `/api/v1/companies/${companyA}/tax-profile`);
    expect(profile.status).toBe(404);
    expect(errorOf(profile)).toMatchObject({
      code: 'CORE_006',
      message: 'La empresa no tiene perfil fiscal.',
    });
  });

  it('a gestor creates the profile; the 2027 calendar holds every obligation it implies, each on the AEAT date', async () => {
    const created = await as<{ taxYear: number; requiredModels: { model: string }[] }>(
      gestor,
      companyA,
      'POST',
      `/api/v1/companies/${companyA}/tax-profile`,
      {
        body: {
          facts: slFacts({ hasEmployees: true, rentsPremises: true, domiciliation: { '303': true } }),
          taxYear: Math.min(THIS_YEAR, CALENDAR_YEAR),
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(
      dataOf(created)
        .requiredModels.map((r) => r.model)
        .sort(),
    ).toEqual(['111', '115', '180', '190', '200', '202', '303', '347', '390'].sort());

    const calendar = await calendarOf(companyA, CALENDAR_YEAR);

    expect(calendar.year).toBe(CALENDAR_YEAR);
    expect(calendar.obligations.map(key).sort()).toEqual(EXPECTED_2027.map(([m, p]) => `${m}-${p}`).sort());
    for (const [model, period, dueDate] of EXPECTED_2027) {
      const o = calendar.obligations.find((x) => key(x) === `${model}-${period}`)!;
      const rule = deadlineOf({ model, year: CALENDAR_YEAR, period });
      // Counting down to the direct-debit deadline only where the payment is domiciled.
      const alertDate = model === '303' ? rule.domiciliationDueDate : dueDate;
      expect(o, `${model} ${period}`).toMatchObject({
        year: CALENDAR_YEAR,
        dueDate,
        periodStart: rule.periodStart,
        periodEnd: rule.periodEnd,
        windowStart: rule.windowStart,
        domiciliationDueDate: rule.domiciliationDueDate,
        paidByDomiciliation: model === '303',
        alertDate,
        status: dueDate < madridToday() ? 'OVERDUE' : 'PENDING',
        // Days to the due date shown; the action's days to the debit deadline where domiciled.
        daysRemaining: daysBetween(madridToday(), dueDate),
        actionDaysRemaining: daysBetween(madridToday(), alertDate ?? dueDate),
      });
      expect(rule.dueDate, `${model} ${period}: deadlineOf`).toBe(dueDate);
      if (model === '303') expect(o.domiciliationDueDate).toBe(EXPECTED_303_DEBIT_2027[period]);
    }
    // By due date, as the calendar lists them.
    const dues = calendar.obligations.map((o) => o.dueDate);
    expect(dues).toEqual([...dues].sort());
  });

  it('a profile change applies from the next period on and never rewrites the earlier ones', async () => {
    // A return filed outside Cuadra before the change: it must stay filed.
    const filed = (await calendarOf(companyA, THIS_YEAR)).obligations[0]!;
    const marked = await as<ObligationView>(
      gestor,
      companyA,
      'PUT',
      `/api/v1/tax/companies/${companyA}/obligations/${filed.obligationId}/status`,
      { body: { status: 'SUBMITTED', reference: `Sede ${run}` } },
    );
    expect(dataOf(marked).status).toBe('SUBMITTED');
    const before = await calendarOf(companyA, THIS_YEAR);

    // The company gives up its premises and starts paying dividends: no more 115, now 123.
    const changed = dataOf(
      await as<{ effectiveFrom: string; censusObligationId: string | null; versions: unknown[] }>(
        gestor,
        companyA,
        'PUT',
        `/api/v1/companies/${companyA}/tax-profile`,
        {
          body: {
            facts: slFacts({
              hasEmployees: true,
              rentsPremises: false,
              paysDividendsOrInterest: true,
              domiciliation: { '303': true },
            }),
          },
        },
      ),
    );
    const eff = changed.effectiveFrom;
    expect(eff > madridToday()).toBe(true);
    expect(eff.endsWith('-01')).toBe(true);
    expect(changed.versions).toHaveLength(2);

    const after = await calendarOf(companyA, THIS_YEAR);
    const fields = (o: ObligationView) => ({
      id: o.obligationId,
      dueDate: o.dueDate,
      domiciliationDueDate: o.domiciliationDueDate,
      alertDate: o.alertDate,
      status: o.status,
      profileVersion: o.profileVersion,
    });
    // Every period started before the change keeps its obligations exactly (the filed one too).
    const earlierBefore = before.obligations.filter((o) => o.periodStart < eff);
    expect(earlierBefore.length).toBeGreaterThan(0);
    expect(
      earlierBefore
        .map((o) => after.obligations.find((x) => x.obligationId === o.obligationId))
        .map((o) => o && fields(o)),
    ).toEqual(earlierBefore.map(fields));
    expect(after.obligations.find((o) => o.obligationId === filed.obligationId)?.status).toBe('SUBMITTED');
    // Nothing periodic appears for a period already started: only the 036 the change owes, or the
    // annual summary of a return the new facts owe later this year.
    const known = new Set(before.obligations.map((o) => o.obligationId));
    const added = after.obligations.filter((o) => o.periodStart < eff && !known.has(o.obligationId));
    expect(added.filter((o) => o.modelType !== '036' && o.periodicity !== 'ANNUAL')).toEqual([]);
    // From the change on: no 115, and a 123 for every quarter that starts on or after it.
    const later = after.obligations.filter((o) => o.periodStart >= eff);
    expect(later.filter((o) => o.modelType === '115')).toEqual([]);
    const next = await calendarOf(companyA, THIS_YEAR + 1);
    expect(next.obligations.filter((o) => o.modelType === '115' || o.modelType === '180')).toEqual([]);
    expect(next.obligations.filter((o) => o.modelType === '123').map((o) => o.period)).toEqual([
      '1T',
      '2T',
      '3T',
      '4T',
    ]);
    expect(next.obligations.some((o) => o.modelType === '193')).toBe(true);
    // What the change brought in is owed by the new version.
    for (const o of [...later, ...next.obligations].filter(
      (x) => x.modelType === '123' || x.modelType === '193',
    )) {
      expect(o.profileVersion, key(o)).toBe(eff);
    }
    // The change of census data owes a modelo 036 within a month (RGAT art. 10.3).
    expect(changed.censusObligationId).not.toBeNull();
    const census = after.obligations.find((o) => o.obligationId === changed.censusObligationId);
    expect(census).toMatchObject({
      modelType: '036',
      dueDate: deadlineOf({ model: '036', year: THIS_YEAR, period: census!.period }).dueDate,
    });
  });

  it('a CLIENTE without VIEW_TAX_DOCUMENTS gets 403; another firm’s gestor gets 403 CORE_003', async () => {
    const asCliente = await as(cliente, companyA, 'GET', `/api/v1/tax/companies/${companyA}/calendar`);
    expect(asCliente.status).toBe(403);
    expect(errorOf(asCliente)?.code).toBe('CORE_002');
    // With VIEW_TAX_DOCUMENTS (her membership in Panadería La Espiga) she reads, and still cannot write.
    const allowed = await as(
      cliente,
      'demo-panaderia-espiga',
      'GET',
      '/api/v1/tax/companies/demo-panaderia-espiga/calendar',
    );
    expect(allowed.status).toBe(200);
    const write = await as(
      cliente,
      'demo-panaderia-espiga',
      'POST',
      '/api/v1/tax/companies/demo-panaderia-espiga/alerts/generate',
    );
    expect(write.status).toBe(403);

    for (const path of [
      `/api/v1/tax/companies/${companyA}/calendar`,
      `/api/v1/companies/${companyA}/tax-profile`,
      `/api/v1/tax/companies/${companyA}/alerts`,
    ]) {
      const other = await as(gestor2, companyA, 'GET', path);
      expect(other.status, path).toBe(403);
      expect(errorOf(other)?.code, path).toBe('CORE_003');
    }
    const foreignUpcoming = await api.request('GET', '/api/v1/tax/obligations/upcoming', {
      token: gestor2,
      query: { companyId: companyA },
    });
    expect(foreignUpcoming.status).toBe(403);
    expect(errorOf(foreignUpcoming)?.code).toBe('CORE_003');
  });

  it('global upcoming lists only the caller’s companies', async () => {
    const mine = dataOf(
      await api.request<{ content: { companyId: string }[] }>('GET', '/api/v1/companies', {
        token: gestor2,
        query: { size: '100' },
      }),
    ).content.map((c) => c.companyId);
    const upcoming = dataOf(
      await api.request<{ obligations: UpcomingObligation[] }>('GET', '/api/v1/tax/obligations/upcoming', {
        token: gestor2,
        query: { days: '366' },
      }),
    ).obligations;
    // Navarro Asesores (the demo gives it a profile) has returns due within a year.
    expect(upcoming.some((o) => o.companyId === 'demo-navarro-asesores')).toBe(true);
    expect(upcoming.filter((o) => !mine.includes(o.companyId))).toEqual([]);

    const gestorView = dataOf(
      await api.request<{ obligations: UpcomingObligation[] }>('GET', '/api/v1/tax/obligations/upcoming', {
        token: gestor,
        query: { days: '366' },
      }),
    ).obligations;
    expect(gestorView.some((o) => o.companyId === companyA)).toBe(true);
    expect(gestorView.some((o) => o.companyId === 'demo-navarro-asesores')).toBe(false);
  });

  it('the gestor’s export of the clients’ obligations opens as an xlsx with the Spanish headers', async () => {
    const url = new URL('/api/v1/tax/portfolio/obligations/export', cloud.url);
    url.searchParams.set('companyId', companyA);
    url.searchParams.set('days', '90');
    const res = await fetch(url, { headers: { authorization: `Bearer ${gestor}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    const rows = readXlsx(bytes).rows;
    expect(rows[0]).toEqual([
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
    const view = dataOf(
      await api.request<{ rows: UpcomingObligation[] }>('GET', '/api/v1/tax/portfolio/obligations', {
        token: gestor,
        query: { companyId: companyA, days: '90' },
      }),
    );
    expect(view.rows.length).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[8]])).toEqual(
      view.rows.map((r) => [nameA, r.modelType, STATUS_LABELS[r.status]]),
    );
  });

  describe('the daily tax-alerts schedule on fixed days', () => {
    const LAST_YEAR = THIS_YEAR - 1;
    /** The 2T 111 of last year: the run days count down to it. */
    const target = deadlineOf({ model: '111', year: LAST_YEAR, period: '2T' }).dueDate;
    const days = {
      medium: addDays(target, -10),
      high: addDays(target, -5),
      critical: addDays(target, -2),
      overdue: addDays(target, 1),
    };
    let obligations: ObligationView[] = [];
    /** Every (alert, step) told so far: the bell gets one notification each, never two. */
    const told = new Set<string>();

    const alertsOfB = async () =>
      dataOf(
        await as<Page<FiscalAlert & { step: string }>>(
          gestor,
          companyB,
          'GET',
          `/api/v1/tax/companies/${companyB}/alerts`,
          {
            query: { size: '100' },
          },
        ),
      ).content.filter((a) => a.status !== 'RESOLVED');
    const bellOfB = async () =>
      dataOf(
        await as<Page<Notification>>(gestor, companyB, 'GET', '/api/v1/notifications', {
          query: { size: '100' },
        }),
      ).content.filter((n) => n.type.startsWith('tax_'));
    const historyOfB = async () =>
      dataOf(
        await as<Page<TaxNotificationSent>>(
          gestor,
          companyB,
          'GET',
          `/api/v1/tax/companies/${companyB}/notifications/history`,
          { query: { size: '100' } },
        ),
      ).content;

    /** Spec part 2 §4: the alerts an open obligation calls for on `day`, with their priority. */
    function expectedAlerts(day: string) {
      const out = new Map<
        string,
        { priority: string; type: string; dueDate: string; daysRemaining: number }
      >();
      for (const o of obligations) {
        if (day > o.dueDate) {
          out.set(o.obligationId, {
            priority: 'critical',
            type: 'overdue',
            dueDate: o.dueDate,
            daysRemaining: -daysBetween(o.dueDate, day),
          });
          continue;
        }
        // A model paid by direct debit counts down to the debit deadline while it is open.
        const countdown = day <= o.alertDate ? o.alertDate : o.dueDate;
        const left = daysBetween(day, countdown);
        if (left > 30) continue;
        const priority = left <= 3 ? 'critical' : left <= 7 ? 'high' : 'medium';
        out.set(o.obligationId, { priority, type: 'deadline', dueDate: countdown, daysRemaining: left });
      }
      return out;
    }

    /** Runs the schedule on `day` and checks alerts, priorities, bell and history against the rule. */
    async function runAndCheck(day: string) {
      await runTaxAlerts(day);
      const alerts = await alertsOfB();
      const expected = expectedAlerts(day);
      const perObligation = alerts.filter((a) => a.obligationId !== null);
      expect(perObligation.map((a) => a.obligationId).sort()).toEqual([...expected.keys()].sort());
      for (const a of perObligation) {
        expect(a, `${a.obligationId} on ${day}`).toMatchObject({
          status: 'ACTIVE',
          ...expected.get(a.obligationId!),
        });
      }
      const summary = alerts.find((a) => a.id === 'summary');
      expect(summary?.priority).toBe(expected.size > 5 ? 'high' : 'medium');
      // Sorted critical, high, medium, low.
      const rank = { critical: 0, high: 1, medium: 2, low: 3 } as const;
      const ranks = alerts.map((a) => rank[a.priority]);
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));

      for (const a of alerts) told.add(`${a.id}:${a.step}`);
      const history = await historyOfB();
      expect(history.map((h) => `${h.alertId}:${h.step}`).sort()).toEqual([...told].sort());
      const bell = await bellOfB();
      expect(bell).toHaveLength(told.size);
      return { alerts, bell };
    }

    beforeAll(async () => {
      const created = await as(gestor, companyB, 'POST', `/api/v1/companies/${companyB}/tax-profile`, {
        body: {
          facts: slFacts({ hasEmployees: true, domiciliation: { '303': true } }),
          taxYear: LAST_YEAR,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      obligations = (await calendarOf(companyB, LAST_YEAR)).obligations;
      // Nothing assumed filed: every return of last year is still pending.
      expect(obligations.every((o) => o.status === 'OVERDUE' || o.status === 'PENDING')).toBe(true);
    });

    it('gives each obligation its priority and tells the gestor once per alert and step, in the bell and by e-mail', async () => {
      const first = await runAndCheck(days.medium);
      // Ten days before the 111: medium; the 1T returns are overdue; the 303 counts down to its debit deadline.
      const a111 = first.alerts.find((a) => a.obligationId === `${LAST_YEAR}-111-2T`)!;
      expect(a111).toMatchObject({
        priority: 'medium',
        type: 'deadline',
        daysRemaining: 10,
        dueDate: target,
      });
      const a303 = first.alerts.find((a) => a.obligationId === `${LAST_YEAR}-303-2T`)!;
      expect(a303.dueDate).toBe(
        deadlineOf({ model: '303', year: LAST_YEAR, period: '2T' }).domiciliationDueDate,
      );
      expect(first.alerts.find((a) => a.obligationId === `${LAST_YEAR}-111-1T`)).toMatchObject({
        type: 'overdue',
        priority: 'critical',
      });
      expect(first.bell.map((n) => n.title)).toContain(a111.title);
      const mail = await waitForMail('gestor@cuadra.test', `${nameB}: ${a111.title}`);
      expect(mail.text).toContain(`Fecha límite de presentación:`);

      // Twice on the same day: nothing changes and nobody is told again.
      const bellBefore = first.bell.length;
      const again = await runAndCheck(days.medium);
      expect(again.bell).toHaveLength(bellBefore);
      expect(again.alerts).toEqual(first.alerts);
    });

    it('raises the priority as the day comes closer, one notification per new step, and overdue is critical', async () => {
      const high = await runAndCheck(days.high);
      expect(high.alerts.find((a) => a.obligationId === `${LAST_YEAR}-111-2T`)).toMatchObject({
        priority: 'high',
        daysRemaining: 5,
      });
      const bellAtHigh = high.bell.length;
      expect((await runAndCheck(days.high)).bell).toHaveLength(bellAtHigh);

      const critical = await runAndCheck(days.critical);
      expect(critical.alerts.find((a) => a.obligationId === `${LAST_YEAR}-111-2T`)).toMatchObject({
        priority: 'critical',
        daysRemaining: 2,
      });

      const overdue = await runAndCheck(days.overdue);
      expect(overdue.alerts.find((a) => a.obligationId === `${LAST_YEAR}-111-2T`)).toMatchObject({
        type: 'overdue',
        priority: 'critical',
        daysRemaining: -1,
      });
      expect((await runAndCheck(days.overdue)).bell).toHaveLength(overdue.bell.length);
    });

    it('leaves every company with today’s alerts afterwards', async () => {
      // The fresh companies' pending returns would all be overdue today: keep their alerts quiet.
      for (const companyId of [companyA, companyB]) {
        const res = await as(
          gestor,
          companyId,
          'PUT',
          `/api/v1/tax/companies/${companyId}/notifications/config`,
          {
            body: { enabled: false },
          },
        );
        expect(res.status).toBe(200);
      }
      await runTaxAlerts();
      const today = madridToday();
      const overdue = dataOf(
        await as<{ obligations: UpcomingObligation[] }>(
          gestor,
          companyB,
          'GET',
          '/api/v1/tax/obligations/overdue',
          {
            query: { companyId: companyB },
          },
        ),
      ).obligations;
      const alerts = await alertsOfB();
      for (const o of overdue) {
        expect(
          alerts.find((a) => a.obligationId === o.id),
          o.id,
        ).toMatchObject({ type: 'overdue' });
      }
      expect(overdue.every((o) => o.dueDate < today)).toBe(true);
    });
  });
});
