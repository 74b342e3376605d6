/**
 * What a campaign asks a company for when the gestor does not say (POST document-campaigns without
 * `items`, GET document-campaigns/suggestions): derived from the company's tax profile, the profile
 * version in force on the period's first day, through the obligation engine's `requiredModels`
 * (shared/fiscal/tax-obligations.ts). Each suggestion carries its reason in Spanish.
 *
 * Rules, in this order:
 *  1. PURCHASE_INVOICES, one or more, always: with modelo 303 its input VAT comes from them (the
 *     reason names monthly or quarterly filing, and the SII's four-day registration when it applies);
 *     without 303 (IGIC/IPSI, recargo de equivalencia, exempt) they still feed the books and the
 *     income tax (130/131 of an autónomo, the Impuesto sobre Sociedades of a company).
 *  2. BANK_STATEMENTS, one per month of the period (a quarter: 3; a month: 1; a year: 12), always:
 *     collections and payments are reconciled against them.
 *  3. PAYROLL_CHANGES when the company has employees (modelo 111 for work income): hirings,
 *     terminations and incidents of the period.
 *  4. RECEIPTS labelled as the rent receipts, one per month, when it rents premises with withholding
 *     (modelo 115).
 *  Never suggested: OTHER (every item counts towards a company being complete, and an open-ended
 *  "anything else" would keep it incomplete and reminded for nothing), SALES_INVOICES (Cuadra issues
 *  them), CONTRACTS and TAX_NOTICES (not periodic): the gestor adds them by hand.
 *  Without a profile: rules 1 and 2 with generic reasons.
 */

import { requiredModels, versionAt } from '@shared/fiscal/tax-obligations';
import {
  type CampaignItemInput,
  type CampaignSuggestion,
  requestKindLabels,
} from '@shared/schemas/campaigns';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import { periodSpan } from './campaign';

export function suggestItems(profile: TaxProfile | null, period: string): CampaignSuggestion[] {
  const span = periodSpan(period);
  const statements: CampaignSuggestion = {
    kind: 'BANK_STATEMENTS',
    label: requestKindLabels.BANK_STATEMENTS,
    minDocuments: span.months,
    reason:
      span.months === 1
        ? 'El extracto del mes de cada cuenta, para conciliar cobros y pagos'
        : `Un extracto por mes (${span.months}), para conciliar cobros y pagos`,
  };
  if (!profile) {
    return [
      {
        kind: 'PURCHASE_INVOICES',
        label: requestKindLabels.PURCHASE_INVOICES,
        minDocuments: 1,
        reason: 'Los gastos del periodo para la contabilidad (la empresa no tiene perfil fiscal)',
      },
      statements,
    ];
  }
  const facts = versionAt(profile.versions, span.start)?.facts ?? profile.facts;
  const models = requiredModels(profile.companyType, facts);
  const has = (model: string) => models.find((m) => m.model === model);
  const vat = has('303');
  const purchasesReason = vat
    ? `Presenta el modelo 303 ${vat.periodicity === 'MONTHLY' ? 'mensual' : 'trimestral'}: el IVA soportado sale de sus facturas de compra${
        facts.siiEnabled ? ' (por el SII, a registrar en 4 días hábiles)' : ''
      }`
    : has('130') || has('131')
      ? `Presenta el modelo ${has('130') ? '130' : '131'}: los gastos del periodo reducen el pago fraccionado`
      : has('200')
        ? 'Contabilidad del periodo (Impuesto sobre Sociedades)'
        : 'Contabilidad del periodo';
  const out: CampaignSuggestion[] = [
    {
      kind: 'PURCHASE_INVOICES',
      label: requestKindLabels.PURCHASE_INVOICES,
      minDocuments: 1,
      reason: purchasesReason,
    },
    statements,
  ];
  if (facts.hasEmployees && has('111')) {
    out.push({
      kind: 'PAYROLL_CHANGES',
      label: requestKindLabels.PAYROLL_CHANGES,
      minDocuments: 1,
      reason: 'Presenta el modelo 111: tiene trabajadores (altas, bajas e incidencias del periodo)',
    });
  }
  if (has('115')) {
    out.push({
      kind: 'RECEIPTS',
      label: 'Recibos del alquiler del local',
      minDocuments: span.months,
      reason: 'Presenta el modelo 115: alquila un local con retención (un recibo por mes)',
    });
  }
  return out;
}

/** The suggestions as the items of a new target. */
export const suggestionInputs = (s: readonly CampaignSuggestion[]): CampaignItemInput[] =>
  s.map((x) => ({ kind: x.kind, label: x.label, minDocuments: x.minDocuments }));
