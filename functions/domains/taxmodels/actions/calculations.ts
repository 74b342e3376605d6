/**
 * The tax service's calculation calls (spec part 2 §7; issue 14 item 3):
 * - calculations/invoice: an invoice's totals (invoiceLines, invoiceType, invoiceDate, customerNif,
 *   customerName) by the very function invoicing uses (shared/fiscal/invoice-totals.ts);
 * - calculations/classify: where the invoice goes: its aggregate keys (shared/fiscal/tax-aggregates.ts,
 *   the same contribution its confirmation writes) and the boxes it feeds in each VAT model (each
 *   model computed on that one invoice, with the company's facts);
 * - calculations/comprehensive: both at once (invoiceData + calculationContext);
 * - analyze-period: per VAT model and income-tax return (130, 111, 115, 123, 216) of a year, quarter
 *   or month: whether the company files it, and where the model stands (generated, filed, or what the
 *   books give now).
 * Nothing is stored.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError, isAppError } from '@shared/api/errors';
import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import { computeModel } from '@shared/fiscal/models';
import type { ModelInput, PeriodLines, TaxModelType } from '@shared/fiscal/models/types';
import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import {
  type AggregateContribution,
  counterpartyKeyOf,
  type IssuedForAggregates,
  issuedContribution,
  periodsOf,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import { isVatRateInForce } from '@shared/fiscal/vat';
import {
  AnalyzePeriodBody,
  type AnalyzePeriodView,
  ClassifyInvoiceBody,
  ComprehensiveCalculationBody,
  type ComprehensiveCalculationView,
  type InvoiceClassificationView,
  InvoiceTaxCalculationBody,
  type InvoiceTaxCalculationView,
  type ModelFeed,
  type ModelPreview,
  OSS_MODEL_TYPES,
  VAT_MODEL_TYPES,
} from '@shared/schemas/tax-models';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import type * as z from 'zod';
import {
  designOf,
  factsAt,
  INCOME_TAX_SELF_ASSESSMENTS,
  previewModel,
  requirementOf,
  validPeriodsOf,
} from '../model/compute';
import {
  periodicityFor,
  periodicityOfCode,
  periodRange,
  periodsOfRequest,
  quarterOfMonth,
} from '../model/periods';
import { getCompanyIdentity, getTaxProfile, requireTaxProfile } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { getModel, modelIdOf } from '../store/models';

type CalcBody = z.infer<typeof InvoiceTaxCalculationBody>;
type ClassifyBody = z.infer<typeof ClassifyInvoiceBody>;

// --- totals ------------------------------------------------------------------------------------------

function checkRates(body: CalcBody): void {
  body.invoiceLines.forEach((l, i) => {
    if (l.operation === 'S1' && !isVatRateInForce(l.vatRateBp, body.invoiceDate)) {
      throw new AppError('CORE_004', `El tipo de IVA no está vigente el ${body.invoiceDate}.`, {
        field: `invoiceLines.${i}.vatRateBp`,
      });
    }
  });
}

export function invoiceTaxCalculation(body: CalcBody, facts?: TaxProfileFacts): InvoiceTaxCalculationView {
  checkRates(body);
  const t = computeInvoiceTotals({
    lines: body.invoiceLines.map((l) => ({
      quantityMilli: l.quantityMilli,
      unitPriceCents: l.unitPriceCents,
      discountBp: l.discountBp,
      vatRateBp: l.vatRateBp,
      operation: l.operation,
      recargo: l.recargo,
      irpf: l.irpf,
    })),
    irpfRateBp: body.irpfRateBp ?? 0,
    recargoEquivalencia: body.recargoEquivalencia,
    cashAccounting: facts?.cashAccounting ?? false,
  });
  return {
    baseCents: t.baseCents,
    vatCents: t.vatCents,
    recargoCents: t.recargoCents,
    irpfCents: t.irpfCents,
    totalCents: t.totalCents,
    lineBasesCents: t.lineBasesCents,
    breakdown: t.breakdown.map((g) => ({ ...g })),
    legalMentions: t.legalMentions,
  };
}

async function factsOf(deps: TaxModelsDeps, companyId: string, date: string): Promise<TaxProfileFacts> {
  const profile = await getTaxProfile(deps, companyId);
  if (profile) return factsAt(profile, date);
  const company = await getCompanyIdentity(deps, companyId);
  return defaultTaxProfileFacts({ companyType: company.companyType ?? 'SL', siiEnabled: false });
}

export const invoiceTaxCalculationRoute = defineCompanyAction({
  body: InvoiceTaxCalculationBody,
  run: async ({ scope, body }, deps: TaxModelsDeps) =>
    invoiceTaxCalculation(body, await factsOf(deps, scope.companyId, body.invoiceDate)),
});

// --- classification ------------------------------------------------------------------------------------

const customerTaxId = (nif: string | undefined, country: string) => {
  const value = nif?.trim().toUpperCase();
  if (!value) return null;
  return country === 'ES' ? value : { type: 'NIF_IVA', value, country };
};

/** What the invoice adds to the aggregates, as its confirmation (or registration) would write it. */
export function contributionOf(body: ClassifyBody, facts: TaxProfileFacts): AggregateContribution {
  const country = body.customerCountry ?? 'ES';
  if (body.book === 'RECEIVED') {
    const t = computeReceivedInvoiceTotals({
      lines: body.invoiceLines.map((l) => ({
        quantityMilli: l.quantityMilli,
        unitPriceCents: l.unitPriceCents,
        discountBp: l.discountBp,
        vatRateBp: l.vatRateBp,
        kind: body.receivedKind,
        deductibleBp: 10_000,
        recargoRateBp: 0,
        investmentGoods: body.investmentGoods,
      })),
      irpfRateBp: body.irpfRateBp ?? 0,
    });
    return receivedContribution(
      {
        date: body.invoiceDate,
        supplier: {
          taxIdKey: body.customerNif
            ? counterpartyKeyOf(customerTaxId(body.customerNif, country), country)
            : null,
          name: body.customerName ?? '',
          country,
        },
        lines: t.breakdown.map((g) => ({
          kind: g.kind,
          vatRateBp: g.vatRateBp,
          recargoRateBp: g.recargoRateBp,
          baseCents: g.baseCents,
          vatCents: g.vatCents,
          recargoCents: g.recargoCents,
          deductibleVatCents: g.deductibleVatCents,
          investmentGoods: g.investmentGoods,
        })),
        irpfCents: t.irpfCents,
        totalCents: t.totalCents,
      },
      1,
    );
  }
  const totals = invoiceTaxCalculation(body, facts);
  const inv: IssuedForAggregates = {
    invoiceDate: body.invoiceDate,
    invoiceType: body.invoiceType,
    customer:
      body.customerNif || body.customerName
        ? { taxId: customerTaxId(body.customerNif, country), name: body.customerName ?? '', country }
        : null,
    breakdown: totals.breakdown,
    totals: {
      baseCents: totals.baseCents,
      vatCents: totals.vatCents,
      recargoCents: totals.recargoCents,
      irpfCents: totals.irpfCents,
      totalCents: totals.totalCents,
    },
    issuer: { vatRegime: facts.cashAccounting ? 'CRITERIO_CAJA' : 'GENERAL' },
  };
  return issuedContribution(inv, 1);
}

const EMPTY: PeriodLines = {
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
};

function linesOf(c: AggregateContribution): PeriodLines {
  return {
    byKey: { ...EMPTY.byKey, [c.book]: c.byKey },
    byCounterparty: { ...EMPTY.byCounterparty, [c.book]: c.byCounterparty },
    byInvoiceType: { ...EMPTY.byInvoiceType, [c.book]: c.byInvoiceType ?? [] },
  };
}

const NOTES: Partial<Record<TaxModelType, string>> = {
  '347': 'Se declara en el 347 si el total anual con este tercero supera 3.005,06 € (IVA incluido).',
  '390': 'El 390 resume los 303 del año: la factura entra en las mismas casillas del resumen anual.',
};

/** The non-zero amount boxes one model gets from a single invoice, computed with the company's facts. */
function feedOf(
  modelType: TaxModelType,
  c: AggregateContribution,
  facts: TaxProfileFacts,
  company: { companyId: string; nif: string; name: string },
): ModelFeed | null {
  const year = Number(c.date.slice(0, 4));
  const month = Number(c.date.slice(5, 7));
  const period = periodsOfRequest(periodicityFor(modelType, facts), { month })[0] ?? '0A';
  const lines = linesOf(c);
  const quarter = quarterOfMonth(month);
  const input: ModelInput = {
    modelType,
    year,
    period,
    company,
    facts,
    periodicity: periodicityOfCode(period),
    aggregates: lines,
    ...(period === '0A'
      ? {
          quarters: Object.fromEntries(
            ['1T', '2T', '3T', '4T'].map((q) => [q, q === quarter ? lines : EMPTY]),
          ),
        }
      : {}),
    earlier: [],
    adjustments: {},
  };
  let computation: ReturnType<typeof computeModel>;
  try {
    computation = computeModel(input);
  } catch {
    return null;
  }
  const design = designOf(modelType, computation.design);
  const amountBoxes = new Set(design?.boxes.filter((b) => b.unit === 'CENTS').map((b) => b.box));
  const boxes = Object.fromEntries(
    Object.entries(computation.boxes).filter(([b, v]) => v !== 0 && amountBoxes.has(b)),
  );
  if (Object.keys(boxes).length === 0 && !NOTES[modelType]) return null;
  return { modelType, period, boxes, note: NOTES[modelType] ?? null };
}

export async function classifyInvoice(
  input: { companyId: string; body: ClassifyBody; models?: readonly TaxModelType[] | undefined },
  deps: TaxModelsDeps,
): Promise<InvoiceClassificationView> {
  const { body } = input;
  if (body.book === 'ISSUED') checkRates(body);
  const [facts, company] = await Promise.all([
    factsOf(deps, input.companyId, body.invoiceDate),
    getCompanyIdentity(deps, input.companyId),
  ]);
  const c = contributionOf(body, facts);
  const has347 = c.byCounterparty.some((l) => l.opKey.startsWith('347'));
  const has349 = c.byCounterparty.some((l) => l.opKey.startsWith('349'));
  const wanted = (input.models ?? [...VAT_MODEL_TYPES, ...OSS_MODEL_TYPES]).filter(
    (m) => (m !== '347' || has347) && (m !== '349' || has349),
  );
  const models = wanted
    .map((m) => feedOf(m, c, facts, { companyId: input.companyId, nif: company.nif, name: company.name }))
    .filter((f): f is ModelFeed => f !== null);
  return {
    book: c.book,
    period: periodsOf(body.invoiceDate),
    aggregateKeys: c.byKey.map((l) => `${c.book}:${l.taxKey}`),
    counterpartyKeys: c.byCounterparty.map((l) => `${c.book}:${l.opKey}`),
    models,
  };
}

export const classifyInvoiceRoute = defineCompanyAction({
  body: ClassifyInvoiceBody,
  run: ({ scope, body }, deps: TaxModelsDeps) => classifyInvoice({ companyId: scope.companyId, body }, deps),
});

export const comprehensiveCalculationRoute = defineCompanyAction({
  body: ComprehensiveCalculationBody,
  run: async ({ scope, body }, deps: TaxModelsDeps): Promise<ComprehensiveCalculationView> => {
    const facts = await factsOf(deps, scope.companyId, body.invoiceData.invoiceDate);
    const totals = invoiceTaxCalculation(body.invoiceData, facts);
    const classification = await classifyInvoice(
      { companyId: scope.companyId, body: body.invoiceData, models: body.calculationContext.includeModels },
      deps,
    );
    return { totals, classification };
  },
});

// --- analyze period ----------------------------------------------------------------------------------

export async function analyzePeriod(
  input: { companyId: string; body: z.infer<typeof AnalyzePeriodBody> },
  deps: TaxModelsDeps,
): Promise<AnalyzePeriodView> {
  const { body, companyId } = input;
  const profile = await requireTaxProfile(deps, companyId);
  const start =
    body.month !== undefined
      ? String(body.month).padStart(2, '0')
      : body.quarter !== undefined
        ? `${body.quarter}T`
        : '0A';
  const facts = factsAt(profile, periodRange(body.year, start).start);
  const out: AnalyzePeriodView['models'] = [];
  for (const modelType of [...VAT_MODEL_TYPES, ...OSS_MODEL_TYPES, ...INCOME_TAX_SELF_ASSESSMENTS]) {
    const req = requirementOf(profile, facts, modelType);
    const periodicity = periodicityOfCode(validPeriodsOf(profile, facts, modelType)[0] as string);
    for (const period of periodsOfRequest(periodicity, body)) {
      if (!req) {
        out.push({
          modelType,
          period,
          applicable: false,
          reason: `Según su configuración fiscal, la empresa no presenta el modelo ${modelType}.`,
          status: 'NOT_GENERATED',
          result: null,
          issues: 0,
        });
        continue;
      }
      const stored = await getModel(deps, companyId, modelIdOf(body.year, modelType, period));
      let preview: ModelPreview | undefined = stored;
      if (!preview) {
        try {
          preview = await previewModel(deps, { companyId, modelType, year: body.year, period });
        } catch (e) {
          // A period the profile does not have (TAX_027) or without design (TAX_023): nothing to show.
          if (!isAppError(e)) throw e;
        }
      }
      out.push({
        modelType,
        period,
        applicable: true,
        reason: req.reason,
        status: stored?.status ?? 'NOT_GENERATED',
        result: preview?.result ?? null,
        issues: preview?.issues.filter((i) => i.severity === 'ERROR').length ?? 0,
      });
    }
  }
  return { year: body.year, models: out };
}

export const analyzePeriodRoute = defineCompanyAction({
  body: AnalyzePeriodBody,
  run: ({ scope, body }, deps: TaxModelsDeps) => analyzePeriod({ companyId: scope.companyId, body }, deps),
});
