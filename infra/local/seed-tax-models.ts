/**
 * Demo tax returns for `npm start` (issues 14 and 15): for every demo company, each return of
 * DEMO_RETURNS it owes is generated from its books for the last period closed before today (Madrid)
 * — the last closed quarter for a quarterly filer, the last closed month for a monthly one (a large
 * company: arts. 71.3 RIVA and 108.1 RIRPF) — so the models list, the preview and the gestor's
 * cockpit show figures from the demo invoices from the first screen:
 *  - the 303 of every company;
 *  - the 130 of the autónomos (Marta Sánchez: her customers' 15 % in [06]; Javier Romero);
 *  - the 111 of those who pay professionals or employees: the professionals' withholdings from the
 *    received invoices ([07]-[09]), the payroll run elsewhere entered as the gestor would
 *    (DEMO_PAYROLL, adjustments.workIncome: [01]-[03]);
 *  - the 115 of Javier Romero's workshop rent and the 123 of Navarro Asesores' partner's loan.
 *    Panadería La Espiga's 115 is the return the demo leaves overdue (seed-tax.ts DEMO_OVERDUE): no
 *    model for it.
 * Panadería La Espiga's 303 is then published to its client (the demo's CLIENTE user with
 * VIEW_TAX_DOCUMENTS), who finds it in my-tax-documents. Nothing is marked filed. Everything goes
 * through the REST API as the company's gestor (or owner) would, after the tax profiles exist
 * (infra/local/seed-tax.ts).
 *
 * Idempotent across restarts: a period already generated (or filed) answers 409 TAX_022 and is left
 * as it is (a restart never overwrites what somebody adjusted); a model already published is not
 * published again.
 *
 * The demo invoices (infra/local/seed-invoicing.ts) are Panadería's and carry fixed 2026 dates
 * (one in September, the rest in October and November): a period without invoices gives a 303
 * without activity, which is also what the cockpit's "client without invoices" flag is for.
 */

import { requiredModels, versionAt } from '@shared/fiscal/tax-obligations';
import { modelIdOf, type TaxModelView } from '@shared/schemas/tax-models';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import { demoCompanies } from './demo-data';
import { DEMO_OVERDUE, demoTaxProfiles } from './seed-tax';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

/** Today in Madrid (the tax domains' "today"), ISO. */
export function madridToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last quarter ('1T'..'4T') or month ('01'..'12') that ended before `today` (ISO). */
export function lastClosedPeriod(
  today: string,
  periodicity: 'QUARTERLY' | 'MONTHLY',
): { year: number; period: string; start: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (periodicity === 'MONTHLY') {
    const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
    return { year: y, period: pad(m), start: `${y}-${pad(m)}-01` };
  }
  const quarter = Math.ceil(month / 3) - 1;
  const [y, q] = quarter === 0 ? [year - 1, 4] : [year, quarter];
  return { year: y, period: `${q}T`, start: `${y}-${pad(q * 3 - 2)}-01` };
}

/**
 * The returns the demo generates for the last closed period: the VAT return, the autónomo's
 * instalment and the withholding returns its books fill (issue 15).
 */
export const DEMO_RETURNS = ['303', '130', '111', '115', '123'] as const;
export type DemoReturn = (typeof DEMO_RETURNS)[number];

/**
 * The period that ended last for which the company owes `model`, quarterly or monthly by the facts of
 * its profile in force then (shared/fiscal/tax-obligations.ts `requiredModels`: the 303 and the
 * withholding returns are monthly for a large company, arts. 71.3 RIVA and 108.1 RIRPF); undefined when
 * it owes none.
 */
export function lastDueReturn(
  profile: Pick<TaxProfile, 'companyType' | 'versions' | 'facts'>,
  model: DemoReturn,
  today: string,
): { year: number; period: string } | undefined {
  for (const periodicity of ['QUARTERLY', 'MONTHLY'] as const) {
    const p = lastClosedPeriod(today, periodicity);
    const facts = versionAt(profile.versions, p.start)?.facts ?? profile.versions[0]?.facts ?? profile.facts;
    const req = requiredModels(profile.companyType, facts).find((r) => r.model === model);
    if (!req) return undefined;
    if (req.periodicity === periodicity) return { year: p.year, period: p.period };
  }
  return undefined;
}

/**
 * The payroll each demo company with employees runs elsewhere, a month's figures (employees, gross
 * pay in cash and the IRPF withheld from it, céntimos): what its gestor enters in the 111's employment
 * income [01]-[03] (adjustments.workIncome, issue 15 item 3), times the months of the period.
 */
export const DEMO_PAYROLL: Readonly<
  Record<string, { employees: number; grossCents: number; withheldCents: number }>
> = {
  // Two bakers and two shop assistants.
  'demo-panaderia-espiga': { employees: 4, grossCents: 728_000, withheldCents: 65_520 },
  // Drivers, a traffic manager and the office.
  'demo-transportes-levante': { employees: 18, grossCents: 4_635_000, withheldCents: 648_900 },
  // Two advisers and an administrative assistant.
  'demo-navarro-asesores': { employees: 3, grossCents: 615_000, withheldCents: 73_800 },
};

/** The 111's employment income of a period ('3T' three months, '10' one) for a company's payroll. */
export function payrollOf(companyId: string, period: string) {
  const payroll = DEMO_PAYROLL[companyId];
  if (!payroll) return undefined;
  const months = period.endsWith('T') ? 3 : 1;
  return {
    recipients: payroll.employees,
    baseCents: payroll.grossCents * months,
    withholdingCents: payroll.withheldCents * months,
  };
}

/** The demo companies whose clients see their published returns (a CLIENTE member with VIEW_TAX_DOCUMENTS). */
export const companiesWithClient = new Set(
  demoCompanies
    .filter((c) =>
      c.members.some((m) => m.companyRole === 'CLIENTE' && m.permissions.includes('VIEW_TAX_DOCUMENTS')),
    )
    .map((c) => c.companyId),
);

export interface DemoTaxModel {
  companyId: string;
  email: string;
  model: TaxModelView;
  created: boolean;
}

export async function seedDemoTaxModels(
  info: Pick<LocalCloudInfo, 'url'>,
  log: (msg: string) => void = () => {},
): Promise<DemoTaxModel[]> {
  const api = apiClient(info.url);
  const today = madridToday();
  const out: DemoTaxModel[] = [];
  for (const demo of demoTaxProfiles) {
    const { companyId, email } = demo;
    const token = await api.login(email);
    const request = <T>(method: string, path: string, body?: unknown) =>
      api.request<T>(method, path, { token, companyId, body });
    const data = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await request<T>(method, path, body);
      if (!res.body.success) {
        throw new Error(
          `demo tax models: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`,
        );
      }
      return res.body.data;
    };

    const profile = await data<TaxProfile>('GET', `/api/v1/companies/${companyId}/tax-profile`);
    for (const modelType of DEMO_RETURNS) {
      // The return the demo leaves overdue on purpose (seed-tax.ts) stays without a model: generating
      // it would take its obligation out of OVERDUE.
      if (companyId === DEMO_OVERDUE.companyId && modelType === DEMO_OVERDUE.model) continue;
      const due = lastDueReturn(profile, modelType, today);
      if (!due) continue;
      const base = `/api/v1/tax/companies/${companyId}/models/${modelType}`;
      const workIncome = modelType === '111' ? payrollOf(companyId, due.period) : undefined;
      const generated = await request<TaxModelView>('POST', `${base}/generate`, {
        year: due.year,
        period: due.period,
        ...(workIncome ? { adjustments: { workIncome } } : {}),
      });
      let model: TaxModelView;
      let created = false;
      if (generated.body.success) {
        model = generated.body.data;
        created = true;
      } else if (generated.status === 409 && generated.body.error.code === 'TAX_022') {
        // Generated (or filed) on an earlier start: left as it is.
        model = await data<TaxModelView>('GET', `${base}/${modelIdOf(due.year, modelType, due.period)}`);
      } else {
        throw new Error(
          `demo tax models: POST ${base}/generate -> ${generated.status} ${JSON.stringify(generated.body.error)}`,
        );
      }
      // Only the 303 is published: the client's tax documents show the VAT return (issue 14 item 7).
      if (modelType === '303' && companiesWithClient.has(companyId) && model.publishedAt === null) {
        model = await data<TaxModelView>('POST', `${base}/${model.modelId}/publish`);
      }
      out.push({ companyId, email, model, created });
      if (created) {
        log(`demo ${modelType} ${due.period} ${due.year} generated (${companyId}: ${model.result.type})`);
      }
    }
  }
  return out;
}
