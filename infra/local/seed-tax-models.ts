/**
 * Demo VAT returns for `npm start` (issue 14): for every demo company that owes the modelo 303, the
 * 303 of the last period closed before today (Madrid) is generated from its books — the last closed
 * quarter for a quarterly filer, the last closed month for a monthly one (a large company, SII:
 * art. 71.3 RIVA) — so the models list, the preview and the gestor's cockpit show figures from the
 * demo invoices from the first screen. Panadería La Espiga's is then published to its client (the
 * demo's CLIENTE user with VIEW_TAX_DOCUMENTS), who finds it in my-tax-documents. Nothing is marked
 * filed. Everything goes through the REST API as the company's gestor (or owner) would, after the
 * tax profiles exist (infra/local/seed-tax.ts).
 *
 * Idempotent across restarts: a period already generated answers 409 TAX_022 and is left as it is
 * (a restart never overwrites what somebody adjusted); a model already published is not published
 * again.
 *
 * The demo invoices (infra/local/seed-invoicing.ts) are Panadería's and carry fixed 2026 dates
 * (one in September, the rest in October and November): a period without invoices gives a 303
 * without activity, which is also what the cockpit's "client without invoices" flag is for.
 */

import { requiredModels, versionAt } from '@shared/fiscal/tax-obligations';
import { modelIdOf, type TaxModelView } from '@shared/schemas/tax-models';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import { demoCompanies } from './demo-data';
import { demoTaxProfiles } from './seed-tax';
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
 * How often a company files the 303 for the period that ended last, by the facts of its profile in
 * force then (shared/fiscal/tax-obligations.ts `requiredModels`); undefined when it owes none.
 */
export function the303Of(
  profile: Pick<TaxProfile, 'companyType' | 'versions' | 'facts'>,
  today: string,
): { year: number; period: string } | undefined {
  for (const periodicity of ['QUARTERLY', 'MONTHLY'] as const) {
    const p = lastClosedPeriod(today, periodicity);
    const facts = versionAt(profile.versions, p.start)?.facts ?? profile.versions[0]?.facts ?? profile.facts;
    const req = requiredModels(profile.companyType, facts).find((r) => r.model === '303');
    if (!req) return undefined;
    if (req.periodicity === periodicity) return { year: p.year, period: p.period };
  }
  return undefined;
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
    const due = the303Of(profile, today);
    if (!due) continue;
    const base = `/api/v1/tax/companies/${companyId}/models/303`;
    const generated = await request<TaxModelView>('POST', `${base}/generate`, {
      year: due.year,
      period: due.period,
    });
    let model: TaxModelView;
    let created = false;
    if (generated.body.success) {
      model = generated.body.data;
      created = true;
    } else if (generated.status === 409 && generated.body.error.code === 'TAX_022') {
      model = await data<TaxModelView>('GET', `${base}/${modelIdOf(due.year, '303', due.period)}`);
    } else {
      throw new Error(
        `demo tax models: POST ${base}/generate -> ${generated.status} ${JSON.stringify(generated.body.error)}`,
      );
    }
    if (companiesWithClient.has(companyId) && model.publishedAt === null) {
      model = await data<TaxModelView>('POST', `${base}/${model.modelId}/publish`);
    }
    out.push({ companyId, email, model, created });
    if (created) log(`demo 303 ${due.period} ${due.year} generated (${companyId}: ${model.result.type})`);
  }
  return out;
}
