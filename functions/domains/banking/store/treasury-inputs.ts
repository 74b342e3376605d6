/**
 * What the treasury reads besides the open items, every read by the scope's company: the bank
 * accounts' balances, the recurring invoice templates (with their customers' payment terms) and the
 * tax payments of the fiscal calendar (obligations and generated models of issue 13/14).
 *
 * Tax payments (design "Treasury forecast"): the obligations of the payment models (303, 111, 115,
 * 130, 131, 123, 202) due in the range; amount = the generated model's result when it is to be paid
 * (types I, U, G), else, without a generated model, an estimate = the same model's last known result
 * (labelled 'Estimado'); a result to refund, compensate or zero pays nothing. A return already filed
 * is paid unless it is paid by direct debit (domiciliación: charged on the due date).
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from '@functions/lib/directory';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { RecurringTemplate } from '@shared/schemas/recurring-invoices';
import type { ModelResult } from '@shared/schemas/tax-models';
import type { ForecastTax, RecurringTemplateInput } from '../model/forecast';
import type { BankingDeps } from './deps';
import type { BankAccountItem } from './items';

type Deps = Pick<BankingDeps, 'db' | 'table'>;

/** Today in Europe/Madrid (the treasury's days are Spanish days). */
export const todayOf = (deps: Pick<BankingDeps, 'now'>): string => madridDate(deps.now());

export async function listBankAccounts(deps: Deps, companyId: string): Promise<BankAccountItem[]> {
  const items = await queryPrefix(deps, keys.bankAccountPrefix(companyId));
  return items.map((i) => stripKeys(i) as unknown as BankAccountItem);
}

export async function activeAccounts(deps: Deps, companyId: string): Promise<BankAccountItem[]> {
  return (await listBankAccounts(deps, companyId)).filter((a) => a.active);
}

export async function recurringInputs(deps: Deps, companyId: string): Promise<RecurringTemplateInput[]> {
  const templates = (await queryPrefix(deps, keys.recurringTemplatePrefix(companyId))).map(
    (i) => stripKeys(i) as unknown as RecurringTemplate,
  );
  const active = templates.filter((t) => t.isActive && t.nextRunDate);
  const terms = new Map<string, number>();
  for (const t of active) {
    if (t.dueDays != null || terms.has(t.customerId)) continue;
    const res = await deps.db.send(
      new GetCommand({ TableName: deps.table, Key: keys.customer(companyId, t.customerId) }),
    );
    terms.set(
      t.customerId,
      Number((res.Item as { paymentTermsDays?: number } | undefined)?.paymentTermsDays ?? 0),
    );
  }
  return active.map((t) => ({
    templateId: t.templateId,
    name: t.name,
    customerName: t.customerName,
    frequency: t.frequency,
    interval: t.interval,
    startDate: t.startDate,
    endDate: t.endDate,
    maxOccurrences: t.maxOccurrences,
    dayOfMonth: t.dayOfMonth as number | 'LAST',
    isActive: t.isActive,
    nextRunDate: t.nextRunDate,
    totalCents: t.totals.totalCents,
    daysToPay: t.dueDays ?? terms.get(t.customerId) ?? 0,
  }));
}

/** The models whose result is a payment to the AEAT. */
export const TAX_PAYMENT_MODELS = ['303', '111', '115', '130', '131', '123', '202'] as const;

const PAYING_TYPES = new Set(['I', 'U', 'G']);

export const payableAmount = (result: ModelResult | null | undefined): number =>
  result && PAYING_TYPES.has(result.type) ? Math.max(0, result.amountCents) : 0;

interface StoredModel {
  modelId: string;
  modelType: string;
  year: number;
  period: string;
  result: ModelResult;
}

const OPEN_STATUSES = new Set(['PENDING', 'OVERDUE', 'MODEL_GENERATED', 'OBLIGATION_GENERATED']);

/** The tax payments due on or before `to` still to be paid (open ones already past due included). */
export async function taxPayments(
  deps: Deps,
  companyId: string,
  today: string,
  to: string,
): Promise<ForecastTax[]> {
  const firstYear = Number(today.slice(0, 4)) - 1;
  const lastYear = Number(to.slice(0, 4));
  const obligations: TaxObligation[] = [];
  for (let y = firstYear; y <= lastYear; y++) {
    const items = await queryPrefix(deps, keys.taxObligationYearPrefix(companyId, y));
    obligations.push(...items.map((i) => stripKeys(i) as unknown as TaxObligation));
  }
  const models = (await queryPrefix(deps, keys.taxModelPrefix(companyId))).map(
    (i) => stripKeys(i) as unknown as StoredModel,
  );
  const byId = new Map(models.map((m) => [m.modelId, m]));
  const lastOf = (modelType: string, before: TaxObligation) =>
    models
      .filter(
        (m) =>
          m.modelType === modelType &&
          (m.year < before.year || (m.year === before.year && m.period < before.period)),
      )
      .sort((a, b) => a.year - b.year || a.period.localeCompare(b.period))
      .at(-1);
  const out: ForecastTax[] = [];
  for (const o of obligations) {
    if (!(TAX_PAYMENT_MODELS as readonly string[]).includes(o.modelType) || o.dueDate > to) continue;
    const stillToPay =
      o.status === 'SUBMITTED' ? o.paidByDomiciliation && o.dueDate >= today : OPEN_STATUSES.has(o.status);
    if (!stillToPay) continue;
    if (o.dueDate < today && o.status === 'SUBMITTED') continue;
    const generated = o.modelId ? byId.get(o.modelId) : byId.get(o.obligationId);
    const label = `Modelo ${o.modelType} ${o.period} ${o.year}`;
    if (generated) {
      out.push({
        obligationId: o.obligationId,
        label,
        dueDate: o.dueDate,
        amountCents: payableAmount(generated.result),
        estimated: false,
      });
      continue;
    }
    const last = lastOf(o.modelType, o);
    if (!last) continue;
    out.push({
      obligationId: o.obligationId,
      label: `${label} (estimado)`,
      dueDate: o.dueDate,
      amountCents: payableAmount(last.result),
      estimated: true,
    });
  }
  return out.sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.obligationId.localeCompare(b.obligationId),
  );
}
