/**
 * Demo tax profiles for `npm start` (issue 13 item 8): every demo company gets the census facts of
 * its business, so the fiscal calendar, the obligations and the fiscal alerts are real from the
 * first screen. Everything goes through the REST API as the company's gestor (or owner) would:
 * POST tax-profile with `pastObligations: 'ASSUME_FILED'` (the returns already due before the demo
 * existed count as filed), one return left unfiled on purpose, then POST alerts/generate for each
 * company so the alerts and the bell are there at once (the daily `tax-alerts` schedule keeps them
 * up to date afterwards). A company that already has a profile is left as it is (GET tax-profile
 * 200), so a restart never undoes what somebody changed while trying the product; the alerts are
 * generated again on every start (idempotent: a step already notified is not notified again).
 */

import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

export interface DemoTaxProfile {
  companyId: string;
  /** The demo user who sets it up: the company's gestor, or its owner when it has no gestor. */
  email: string;
  /** First tax year covered, relative to the current year (0 = this year). */
  taxYearOffset: 0 | -1;
  facts: TaxProfileFacts;
}

const autonomo = (facts: Partial<TaxProfileFacts>): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'AUTONOMO', siiEnabled: false }),
  ...facts,
});
const sociedad = (facts: Partial<TaxProfileFacts>): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  ...facts,
});

/** The company whose one unfiled return the demo shows overdue, and that return's model. */
export const DEMO_OVERDUE = { companyId: 'demo-panaderia-espiga', model: '115' } as const;

/**
 * Who files what (../shared/reference/tax-models.md §1; the models each set of facts implies come
 * from shared/fiscal/tax-obligations.ts `requiredModels`).
 */
export const demoTaxProfiles: DemoTaxProfile[] = [
  {
    // Graphic designer (professional activity, IAE 844): quarterly 303 and 390; modelo 130 because
    // less than 70 % of her income carries withholding (art. 109.1 RIRPF); she applies the 15 %
    // professional withholding on her invoices (art. 101.5.a LIRPF); 303 and 130 by direct debit.
    companyId: 'demo-marta-sanchez',
    email: 'autonomo@cuadra.test',
    taxYearOffset: 0,
    facts: autonomo({
      irpfMethod: 'DIRECTA_SIMPLIFICADA',
      withholdingExemption130: false,
      irpfRateBp: 1500,
      domiciliation: { '303': true, '130': true },
    }),
  },
  {
    // Plumber (business activity, IAE 504.1): no withholding on his invoices (art. 95 RIRPF only
    // covers professionals and módulos), so quarterly 130; he pays a professional (his accountant's
    // fees) with withholding: 111 and 190 (art. 75.1.c RIRPF); he rents his workshop from a private
    // landlord: 115 and 180 (art. 75.2.a RIRPF).
    companyId: 'demo-romero-fontaneria',
    email: 'gestor@cuadra.test',
    taxYearOffset: 0,
    facts: autonomo({
      irpfMethod: 'DIRECTA_SIMPLIFICADA',
      withholdingExemption130: false,
      irpfRateBp: 0,
      paysProfessionals: true,
      rentsPremises: true,
    }),
  },
  {
    // Bakery SL: quarterly VAT, employees (111/190), a rented shop (115/180, art. 75.2.a RIRPF),
    // Impuesto sobre Sociedades (202/200); withholdings paid by direct debit. Its profile starts
    // last year: see DEMO_OVERDUE and `leaveOneReturnOverdue`.
    companyId: 'demo-panaderia-espiga',
    email: 'gestor@cuadra.test',
    taxYearOffset: -1,
    facts: sociedad({
      hasEmployees: true,
      rentsPremises: true,
      domiciliation: { '111': true, '115': true },
    }),
  },
  {
    // Haulier SA above 6.010.121,04 € of turnover: large company, so monthly 303 and 111 (art. 71.3
    // RIVA, art. 108.1 RIRPF) and VAT books through the SII (art. 62.6 RIVA: no 347 nor 390);
    // intra-EU transport services above 50.000 € a quarter: monthly 349 (art. 81.1 RIVA).
    companyId: 'demo-transportes-levante',
    email: 'gestor@cuadra.test',
    taxYearOffset: 0,
    facts: sociedad({
      largeCompany: true,
      siiEnabled: true,
      hasEmployees: true,
      intraEuOperations: true,
      intraEuMonthly: true,
    }),
  },
  {
    // The second gestor's own firm: quarterly VAT, employees and outside professionals (111/190),
    // the interest of a partner's loan (123/193, art. 75.1.b RIRPF).
    companyId: 'demo-navarro-asesores',
    email: 'gestor2@cuadra.test',
    taxYearOffset: 0,
    facts: sociedad({ hasEmployees: true, paysProfessionals: true, paysDividendsOrInterest: true }),
  },
];

/** Today in Madrid (the tax domain's "today"), ISO. */
function madridToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

interface CalendarObligation {
  obligationId: string;
  modelType: string;
  dueDate: string;
  status: string;
}

type Call = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => Promise<T>;

export async function seedDemoTax(info: Pick<LocalCloudInfo, 'url'>, log: (msg: string) => void = () => {}) {
  const api = apiClient(info.url);
  const year = Number(madridToday().slice(0, 4));
  for (const demo of demoTaxProfiles) {
    const token = await api.login(demo.email);
    const companyId = demo.companyId;
    const call: Call = async (method, path, body, query) => {
      const res = await api.request<never>(method, path, { token, companyId, body, query });
      if (!res.body.success) {
        throw new Error(`demo tax: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
      }
      return res.body.data;
    };

    const existing = await api.request('GET', `/api/v1/companies/${companyId}/tax-profile`, {
      token,
      companyId,
    });
    if (existing.status === 404) {
      await call('POST', `/api/v1/companies/${companyId}/tax-profile`, {
        facts: demo.facts,
        taxYear: year + demo.taxYearOffset,
        pastObligations: 'ASSUME_FILED',
      });
      if (companyId === DEMO_OVERDUE.companyId) {
        await leaveOneReturnOverdue(call, companyId, year + demo.taxYearOffset, year);
      }
      log(`demo tax profile created (${companyId})`);
    } else if (!existing.body.success) {
      throw new Error(
        `demo tax: GET tax-profile of ${companyId} -> ${existing.status} ${JSON.stringify(existing.body.error)}`,
      );
    }
    await call('POST', `/api/v1/tax/companies/${companyId}/alerts/generate`);
  }
}

/**
 * One realistic slip for the gestor to see: Panadería's most recent modelo 115 whose deadline has
 * passed is put back to PENDING, so it reads OVERDUE (a critical alert, the calendar's overdue
 * filter, the dashboard's overdue list). It must be overdue whatever day `npm start` first runs:
 * the quarterly 115 is filed in the first twenty days of April, July, October and January (art.
 * 108.1 RIRPF; ../shared/reference/tax-models.md §4), so with a profile starting this year no 115
 * has passed before 20 April. The bakery's profile therefore starts last year (`taxYearOffset:
 * -1`): last year's third-quarter 115 (due around 20 October) has always passed, and later in the
 * year a more recent quarter is — the slip is always the latest quarter already due.
 */
async function leaveOneReturnOverdue(call: Call, companyId: string, fromYear: number, toYear: number) {
  const today = madridToday();
  const past: CalendarObligation[] = [];
  for (let y = fromYear; y <= toYear; y++) {
    const calendar = await call<{ obligations: CalendarObligation[] }>(
      'GET',
      `/api/v1/tax/companies/${companyId}/calendar`,
      undefined,
      { year: String(y) },
    );
    past.push(...calendar.obligations.filter((o) => o.modelType === DEMO_OVERDUE.model && o.dueDate < today));
  }
  const latest = past.sort((a, b) => a.dueDate.localeCompare(b.dueDate)).at(-1);
  if (!latest) throw new Error(`demo tax: ${companyId} has no modelo ${DEMO_OVERDUE.model} already due`);
  await call('PUT', `/api/v1/tax/companies/${companyId}/obligations/${latest.obligationId}/status`, {
    status: 'PENDING',
  });
}
