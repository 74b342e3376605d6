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
 *   `W|<kind>|<key>` counterparty lines of the received book (one per NIF, whatever its keys).
 */

import {
  parseCashKey,
  parseIssuedKey,
  parseReceivedKey,
  parseWithholdingOpKey,
} from '@shared/fiscal/aggregate-keys';
import type { DeclaredRecord, PeriodLines } from '@shared/fiscal/models/types';
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

/** The spec's input fields of the preview's model, and its lists. */
export function prefillFields(
  preview: ModelPreview,
  lines: PeriodLines,
  opts: { boxesWithoutProvision?: Record<string, number> } = {},
): { fields: Fields; lists: Lists } {
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
    default:
      // 131, 202 and the annual summaries (190, 180, 193, 296) answer their boxes through the preview.
      return only({});
  }
}
