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
 *   amounts and counts.
 */

import { parseCashKey, parseIssuedKey, parseReceivedKey } from '@shared/fiscal/aggregate-keys';
import type { DeclaredRecord, PeriodLines } from '@shared/fiscal/models/types';
import type { ModelPreview } from '@shared/schemas/tax-models';

type Fields = Record<string, number>;

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

/** The spec's input fields of the preview's model. */
export function prefillFields(preview: ModelPreview, lines: PeriodLines): Fields {
  switch (preview.modelType) {
    case '303':
      return prefill303(preview, lines);
    case '390':
      return {
        totalVatCharged: preview.boxes['47'] ?? 0,
        totalVatDeductible: preview.boxes['64'] ?? 0,
        quarterlyPayments: preview.boxes['95'] ?? 0,
      };
    case '349':
      return prefill349(preview.records);
    case '347':
      return prefill347(preview.records);
    default:
      // PLACEHOLDER: the income-tax models' spec fields (issue 15), filled by the domain helper.
      return {};
  }
}
