/**
 * The spec's input fields of each model (part 2 §3 "Tax models (input fields)") filled from a preview
 * and the aggregates it read. Pure; amounts in céntimos.
 *
 * - 303: taxable bases at 21/10/4/0 % (issued S1 groups of the general regime, plus the cash-basis
 *   settlements of the period for a RECC issuer), exempt (E1–E6) and not subject (N1, N2) operations,
 *   intra-EU deliveries ([59]) and acquisitions (goods and services, [10]), deductible bases of the
 *   domestic purchases at 21/10/4 %;
 * - 390: total VAT charged ([47]), total deductible ([64]) and what the year's 303s paid;
 * - 349: deliveries (E, T), acquisitions (A) and services (S, I), amounts and operator counts;
 * - 347: operations with individuals, companies and public bodies (by the NIF's first character),
 *   amounts and counts;
 * - 130: businessIncome [01], businessExpenses (the expenses of [02] without the provision),
 *   capitalIncome and capitalExpenses (0: a 130 declares activity income only), deductions ([13] +
 *   [16]), bonifications (0), fractionalPayment ([05]), totalPayments ([06]) and
 *   difficultJustificationExpenses (the provision of art. 30.2.4ª LIRPF: [02] with it minus [02]
 *   without it, given by the caller);
 * - 111: work income in cash [01]-[03], in kind ([04]-[06] and the activities' [10]-[12]), professional
 *   and other activities [07]-[09], prizes [13]-[15], total withheld [28];
 * - 115: rentalProperties, one per landlord in the books (nif, name, rentAmount, withholdingCents) and
 *   the totals [01]-[03]; 123: capitalIncomeOperations (recipientNif, name, incomeAmount,
 *   withholdingCents) and its totals; 216: its recipients the same way. The recipients come from the
 *   `W|<kind>|<key>` counterparty lines of the received book (one per NIF, whatever its keys);
 * - 131: previousPayments (the positive results of the year's earlier 131s: the 131 does not deduct
 *   them, art. 110.1.b RIRPF, but the person sees them), irpfRate (the rate applied: the one entered,
 *   else the first activity's) and modulesData, one entry per activity with its net income, rate and
 *   result (RN, PA, RP);
 * - 190: totalRecipients [01], totalBase [02], totalRetentions [03] and totalPaidRetentions (the results
 *   of the year's 111s, what was paid in), and per block of the 111 the work (keys A-F), professional
 *   and activity (G-I) and in-kind figures with their recipients (distinct NIFs); 180, 193 and 296 the
 *   same totals (the 180's results paid in are the 115s', the 193's its [04], the 296's its [04]). The
 *   spec's 180 row names the 111's blocks, which rents do not have: a 180 answers its totals;
 * - 202: the base and the amount of the chosen method, the withholdings [28] and the earlier instalments
 *   [30].
 */

import {
  parseCashKey,
  parseIssuedKey,
  parseReceivedKey,
  parseWithholdingOpKey,
} from '@shared/fiscal/aggregate-keys';
import { blockOf190 } from '@shared/fiscal/models/model-190';
import type {
  DeclaredRecord,
  EarlierReturn,
  ModelAdjustments,
  PeriodLines,
} from '@shared/fiscal/models/types';
import { kindsOfModel } from '@shared/fiscal/withholdings';
import type { ModelPreview, PrefillListEntry } from '@shared/schemas/tax-models';
import { metricBoxesOf } from './metrics';

type Fields = Record<string, number>;
type Lists = Record<string, PrefillListEntry[]>;

function prefill303(preview: ModelPreview, lines: PeriodLines): Fields {
  const f: Fields = {
    taxableBase21: 0,
    taxableBase10: 0,
    taxableBase4: 0,
    taxableBase0: 0,
    exemptOperations: 0,
    nonSubjectOperations: 0,
    intracommDeliveries: 0,
    intracommAcquisitions: 0,
    deductibleBase21: 0,
    deductibleBase10: 0,
    deductibleBase4: 0,
  };
  const taxable = (rate: number, base: number) => {
    const k = { 2100: 'taxableBase21', 1000: 'taxableBase10', 400: 'taxableBase4', 0: 'taxableBase0' }[rate];
    if (k) f[k] = (f[k] ?? 0) + base;
  };
  let e5 = 0;
  for (const l of lines.byKey.ISSUED) {
    const cash = parseCashKey(l.taxKey);
    if (cash) {
      if (cash.operation === 'S1') taxable(cash.vatRateBp, l.baseCents);
      continue;
    }
    const k = parseIssuedKey(l.taxKey);
    if (!k) continue;
    if (k.operation === 'S1' && k.regime === 'G') taxable(k.vatRateBp, l.baseCents);
    else if (k.operation.startsWith('E')) {
      f.exemptOperations = (f.exemptOperations ?? 0) + l.baseCents;
      if (k.operation === 'E5' && k.region === 'EU') e5 += l.baseCents;
    } else if (k.operation === 'N1' || k.operation === 'N2') {
      f.nonSubjectOperations = (f.nonSubjectOperations ?? 0) + l.baseCents;
    }
  }
  f.intracommDeliveries = preview.boxes['59'] ?? e5;
  for (const l of lines.byKey.RECEIVED) {
    const k = parseReceivedKey(l.taxKey);
    if (!k) continue;
    if (k.kind === 'INTRA_EU_GOODS' || k.kind === 'INTRA_EU_SERVICES') {
      f.intracommAcquisitions = (f.intracommAcquisitions ?? 0) + l.baseCents;
    } else if (k.kind === 'DOMESTIC') {
      const key = { 2100: 'deductibleBase21', 1000: 'deductibleBase10', 400: 'deductibleBase4' }[k.vatRateBp];
      if (key) f[key] = (f[key] ?? 0) + l.deductibleBaseCents;
    }
  }
  return f;
}

function prefill349(records: DeclaredRecord[]): Fields {
  const ops = records.filter((r) => r.kind === 'OPERATOR');
  const group = (keys: string[]) => {
    const rs = ops.filter((r) => keys.includes(r.key));
    return { amount: rs.reduce((s, r) => s + r.amountCents, 0), count: new Set(rs.map((r) => r.taxId)).size };
  };
  const deliveries = group(['E', 'T']);
  const acquisitions = group(['A']);
  const services = group(['S', 'I']);
  return {
    deliveryOperations: deliveries.amount,
    deliveryCount: deliveries.count,
    acquisitionOperations: acquisitions.amount,
    acquisitionCount: acquisitions.count,
    serviceOperations: services.amount,
    serviceCount: services.count,
  };
}

/** Who a Spanish NIF belongs to, by its first character (Orden EHA/451/2008). */
export function nifHolderKind(taxId: string): 'individual' | 'public' | 'corporate' {
  const c = taxId.trim().toUpperCase()[0] ?? '';
  if (/[0-9KLMXYZ]/.test(c)) return 'individual';
  if (/[PQS]/.test(c)) return 'public';
  return 'corporate';
}

function prefill347(records: DeclaredRecord[]): Fields {
  const f: Fields = {
    individualOperations: 0,
    individualCount: 0,
    corporateOperations: 0,
    corporateCount: 0,
    publicOperations: 0,
    publicCount: 0,
  };
  for (const r of records.filter((x) => x.kind === 'OPERATOR')) {
    const kind = nifHolderKind(r.taxId);
    f[`${kind}Operations`] = (f[`${kind}Operations`] ?? 0) + r.amountCents;
    f[`${kind}Count`] = (f[`${kind}Count`] ?? 0) + 1;
  }
  return f;
}

// --- income tax and withholdings (issue 15) -------------------------------------------------------

/**
 * The 130's spec fields; `boxesWithoutProvision` are the same computation's boxes without the provision
 * for hard-to-justify expenses (absent: no provision was applied).
 */
export function prefill130(preview: ModelPreview, boxesWithoutProvision?: Record<string, number>): Fields {
  const v = (b: string) => preview.boxes[b] ?? 0;
  const provision = boxesWithoutProvision ? v('02') - (boxesWithoutProvision['02'] ?? 0) : 0;
  return {
    businessIncome: v('01'),
    businessExpenses: v('02') - provision,
    capitalIncome: 0,
    capitalExpenses: 0,
    deductions: v('13') + v('16'),
    bonifications: 0,
    fractionalPayment: v('05'),
    totalPayments: v('06'),
    difficultJustificationExpenses: provision,
  };
}

function prefill111(preview: ModelPreview): Fields {
  const v = (...boxes: string[]) => boxes.reduce((s, b) => s + (preview.boxes[b] ?? 0), 0);
  return {
    workRecipients: v('01'),
    workBase: v('02'),
    workRetentions: v('03'),
    inKindRecipients: v('04', '10'),
    inKindValue: v('05', '11'),
    inKindRetentions: v('06', '12'),
    professionalRecipients: v('07'),
    professionalBase: v('08'),
    professionalRetentions: v('09'),
    prizesRecipients: v('13'),
    prizesBase: v('14'),
    prizesRetentions: v('15'),
    totalRetentions: v('28'),
  };
}

/** One entry per recipient of the model's withholdings in the period's books, by NIF. */
export function bookRecipients(
  modelType: '111' | '115' | '123' | '216',
  lines: PeriodLines,
): { nif: string; name: string; baseCents: number; withheldCents: number }[] {
  const kinds = new Set<string>(kindsOfModel(modelType));
  const byNif = new Map<string, { nif: string; name: string; baseCents: number; withheldCents: number }>();
  for (const c of lines.byCounterparty.RECEIVED) {
    const w = parseWithholdingOpKey(c.opKey);
    if (!w || !kinds.has(w.kind)) continue;
    const cur = byNif.get(c.counterpartyKey) ?? {
      nif: c.counterpartyKey,
      name: c.name,
      baseCents: 0,
      withheldCents: 0,
    };
    cur.baseCents += c.baseCents;
    cur.withheldCents += c.irpfCents ?? 0;
    if (c.name) cur.name = c.name;
    byNif.set(c.counterpartyKey, cur);
  }
  return [...byNif.values()]
    .filter((r) => r.baseCents !== 0 || r.withheldCents !== 0)
    .sort((a, b) => a.nif.localeCompare(b.nif));
}

/** Recipients, base and withheld of a withholding return, from its design's blocks (model/metrics.ts). */
function withholdingTotals(preview: ModelPreview): Fields {
  const boxes = metricBoxesOf(preview.modelType, preview.design);
  const sum = (list: readonly string[] | undefined) =>
    (list ?? []).reduce((s, b) => s + (preview.boxes[b] ?? 0), 0);
  return {
    recipients: sum(boxes?.recipients),
    baseCents: sum(boxes?.base),
    retentions: sum(boxes?.withheld),
  };
}

/**
 * The year's stored returns of a model before `period` (one per period, the filed one first) and the Σ
 * of their positive results: what was paid in.
 */
export function paidBefore(
  earlier: readonly EarlierReturn[],
  modelType: string,
  year: number,
  period?: string,
): number {
  const byPeriod = new Map<string, EarlierReturn>();
  for (const r of earlier) {
    if (r.modelType !== modelType || r.year !== year || (period !== undefined && r.period >= period))
      continue;
    const cur = byPeriod.get(r.period);
    if (!cur || (cur.status !== 'SUBMITTED' && r.status === 'SUBMITTED')) byPeriod.set(r.period, r);
  }
  return [...byPeriod.values()].reduce((s, r) => s + Math.max(0, r.result.amountCents), 0);
}

function prefill131(preview: ModelPreview, adjustments: ModelAdjustments, earlier: readonly EarlierReturn[]) {
  const activities = adjustments.modulesData ?? [];
  const fields: Fields = {
    previousPayments: paidBefore(earlier, '131', preview.year, preview.period),
    irpfRate: adjustments.irpfRateBp ?? preview.boxes.PA1 ?? 0,
  };
  const lists: Lists = {
    modulesData: activities.map((a, i) => ({
      activityCode: a.activityCode,
      ...(a.description ? { description: a.description } : {}),
      moduleUnits: a.moduleUnits,
      unitValue: a.unitValue,
      deductions: a.deductions,
      ...(a.employees !== undefined ? { employees: a.employees } : {}),
      netIncome: preview.boxes[`RN${i + 1}`] ?? 0,
      rateBp: preview.boxes[`PA${i + 1}`] ?? 0,
      instalment: preview.boxes[`RP${i + 1}`] ?? 0,
    })),
  };
  return { fields, lists };
}

/** The recipients (distinct tax ids), base and withholdings of some records. */
function recordFigures(records: readonly DeclaredRecord[]) {
  return {
    recipients: new Set(records.map((r) => r.taxId || r.foreignTaxId || r.counterpartyKey)).size,
    base: records.reduce((s, r) => s + r.amountCents, 0),
    retentions: records.reduce((s, r) => s + (r.withholdingCents ?? 0), 0),
  };
}

function prefill190(preview: ModelPreview, earlier: readonly EarlierReturn[]): Fields {
  const operators = preview.records.filter((r) => r.kind === 'OPERATOR');
  const work = recordFigures(operators.filter((r) => blockOf190(r.key, r.subkey ?? '') === 'WORK'));
  const activity = recordFigures(operators.filter((r) => blockOf190(r.key, r.subkey ?? '') === 'ACTIVITY'));
  const inKind = operators.filter(
    (r) => (r.inKindValueCents ?? 0) !== 0 || (r.inKindWithholdingCents ?? 0) !== 0,
  );
  return {
    totalRecipients: preview.boxes['01'] ?? 0,
    totalBase: preview.boxes['02'] ?? 0,
    totalRetentions: preview.boxes['03'] ?? 0,
    totalPaidRetentions: paidBefore(earlier, '111', preview.year),
    workRecipients: work.recipients,
    workBase: work.base,
    workRetentions: work.retentions,
    professionalRecipients: activity.recipients,
    professionalBase: activity.base,
    professionalRetentions: activity.retentions,
    inKindRecipients: recordFigures(inKind).recipients,
    inKindValue: inKind.reduce((s, r) => s + (r.inKindValueCents ?? 0), 0),
    inKindRetentions: inKind.reduce((s, r) => s + (r.inKindWithholdingCents ?? 0), 0),
  };
}

function summaryTotals(preview: ModelPreview, paid: number): Fields {
  return {
    totalRecipients: preview.boxes['01'] ?? 0,
    totalBase: preview.boxes['02'] ?? 0,
    totalRetentions: preview.boxes['03'] ?? 0,
    totalPaidRetentions: paid,
  };
}

function prefill202(preview: ModelPreview, adjustments: ModelAdjustments): Fields {
  const v = (b: string) => preview.boxes[b] ?? 0;
  const method = adjustments.instalment202?.method ?? '40.2';
  return method === '40.3'
    ? {
        instalmentBase: v('17'),
        percentage: v('17P'),
        withholdings: v('28'),
        previousInstalments: v('30'),
        amountToPay: v('34'),
      }
    : { instalmentBase: v('01'), amountToPay: v('03') };
}

/** What the prefill reads besides the preview and its books: the computation's input. */
export interface PrefillContext {
  /** 130: the same computation without the provision (absent: no provision was applied). */
  boxesWithoutProvision?: Record<string, number>;
  adjustments?: ModelAdjustments;
  earlier?: readonly EarlierReturn[];
}

/** The spec's input fields of the preview's model, and its lists. */
export function prefillFields(
  preview: ModelPreview,
  lines: PeriodLines,
  opts: PrefillContext = {},
): { fields: Fields; lists: Lists } {
  const earlier = opts.earlier ?? [];
  const adjustments = opts.adjustments ?? {};
  const only = (fields: Fields) => ({ fields, lists: {} });
  switch (preview.modelType) {
    case '303':
      return only(prefill303(preview, lines));
    case '390':
      return only({
        totalVatCharged: preview.boxes['47'] ?? 0,
        totalVatDeductible: preview.boxes['64'] ?? 0,
        quarterlyPayments: preview.boxes['95'] ?? 0,
      });
    case '349':
      return only(prefill349(preview.records));
    case '347':
      return only(prefill347(preview.records));
    case '369':
      // The one-stop shop: the quarter's bases and VAT over every member state of consumption.
      return only({
        ossTaxableBase: preview.records
          .filter((r) => r.kind === 'OPERATOR')
          .reduce((s, r) => s + (r.baseCents ?? 0), 0),
        ossVat: preview.boxes.total ?? 0,
        memberStates: new Set(preview.records.map((r) => r.country)).size,
      });
    case '130':
      return only(prefill130(preview, opts.boxesWithoutProvision));
    case '111':
      return only(prefill111(preview));
    case '115':
      return {
        fields: withholdingTotals(preview),
        lists: {
          rentalProperties: bookRecipients('115', lines).map((r) => ({
            nif: r.nif,
            name: r.name,
            rentAmount: r.baseCents,
            withholdingCents: r.withheldCents,
          })),
        },
      };
    case '123':
    case '216':
      return {
        fields: withholdingTotals(preview),
        lists: {
          [preview.modelType === '123' ? 'capitalIncomeOperations' : 'nonResidentIncome']: bookRecipients(
            preview.modelType,
            lines,
          ).map((r) => ({
            recipientNif: r.nif,
            name: r.name,
            incomeAmount: r.baseCents,
            withholdingCents: r.withheldCents,
          })),
        },
      };
    case '131':
      return prefill131(preview, adjustments, earlier);
    case '202':
      return only(prefill202(preview, adjustments));
    case '190':
      return only(prefill190(preview, earlier));
    case '180':
      return only(summaryTotals(preview, paidBefore(earlier, '115', preview.year)));
    case '193':
    case '296':
      return only(summaryTotals(preview, preview.boxes['04'] ?? 0));
  }
}
