/**
 * The sub-accounts of 4751 "Hacienda Pública, acreedora por retenciones practicadas", one per return
 * that pays the withholdings in (issue 18; reference banking-accounting.md B3: "Office rent with 19 %
 * IRPF ... Reported in modelo 115; use a separate 4751 sub-account"). A gestor reconciles each
 * sub-account's balance with its return (D 4751x / H 572 when it is paid, B3 "Modelo 111").
 *
 * The law: whoever pays income subject to withholding withholds it and pays it in to the Treasury
 * (art. 101 LIRPF, Ley 35/2006; arts. 74-76 and 108 RIRPF, RD 439/2007: quarterly or monthly
 * returns, and an annual summary; art. 31 TRLIRNR, RDLeg 5/2004, for non-residents). The returns
 * (shared/fiscal/withholdings.ts `WITHHOLDING_KIND_INFO[kind].model`):
 *  - 111: work income, economic activities (professionals, modules, agriculture), courses and prizes;
 *  - 115: rent of urban property;
 *  - 123: capital income;
 *  - 216: income of non-residents without a permanent establishment (Orden EHA/3290/2008, de 6 de
 *         noviembre: AEAT procedure GF05, "Normativa básica").
 * The approving orders of 111, 115 and 123 are not cited here: the AEAT's procedure pages list them
 * with their amendments, and these sub-accounts depend only on which return pays what.
 *
 * Codes: fixed and readable, 4751 + the model number on 4 digits (47510111, 47510115, 47510123,
 * 47510216). They are created with the chart and, for a chart initialised before them, on first use
 * (store/chart.ts, store/engine.ts); codes generated under 4751 skip them. Being sub-accounts of
 * 4751 (`parentCode`), their aggregates roll up into it (`pgcAccountOf('47510115') === '4751'`).
 * Pure.
 */

import {
  WITHHOLDING_KIND_INFO,
  type WithholdingKind,
  type WithholdingKindInfo,
} from '@shared/fiscal/withholdings';

/** The returns that pay withholdings in. */
export type WithholdingModel = WithholdingKindInfo['model'];

/** The PGC account the withholding sub-accounts hang from. */
export const WITHHOLDING_PARENT_ACCOUNT = '4751';

export interface WithholdingSubAccountDef {
  code: string;
  parentCode: typeof WITHHOLDING_PARENT_ACCOUNT;
  model: WithholdingModel;
  name: string;
  /** The provisions the sub-account answers to. */
  law: string;
}

const NAME = 'HP acreedora por retenciones practicadas';

export const WITHHOLDING_SUB_ACCOUNTS: readonly WithholdingSubAccountDef[] = Object.freeze(
  [
    {
      code: '47510111',
      model: '111' as const,
      law: 'Art. 101 LIRPF; art. 108 RIRPF; modelo 111',
    },
    {
      code: '47510115',
      model: '115' as const,
      law: 'Art. 101.8 LIRPF; arts. 100 y 108 RIRPF; modelo 115',
    },
    {
      code: '47510123',
      model: '123' as const,
      law: 'Art. 101.4 LIRPF; arts. 90 y 108 RIRPF; modelo 123',
    },
    {
      code: '47510216',
      model: '216' as const,
      law: 'Art. 31 TRLIRNR; modelo 216 (Orden EHA/3290/2008)',
    },
  ].map((d) =>
    Object.freeze({
      ...d,
      parentCode: WITHHOLDING_PARENT_ACCOUNT,
      name: `${NAME} (modelo ${d.model})`,
    }),
  ),
);

const byCode: ReadonlyMap<string, WithholdingSubAccountDef> = new Map(
  WITHHOLDING_SUB_ACCOUNTS.map((d) => [d.code, d]),
);
const byModel: ReadonlyMap<WithholdingModel, WithholdingSubAccountDef> = new Map(
  WITHHOLDING_SUB_ACCOUNTS.map((d) => [d.model, d]),
);

/**
 * The sub-account of 4751 a withholding of this kind is credited to: the one of the return that
 * declares the kind. Without a kind (an invoice stored before withholding kinds existed, or one that
 * does not say) the withholding is a professional's, modelo 111: before issue 15 that was the only
 * withholding a received invoice could carry, and the received invoices read a missing kind the same
 * way (shared/fiscal/withholdings.ts `defaultWithholding`).
 */
export function withholdingAccountOf(kind: WithholdingKind | null | undefined): string {
  const model = withholdingModelOf(kind);
  const def = byModel.get(model);
  if (!def) throw new Error(`No 4751 sub-account for modelo ${model}`);
  return def.code;
}

/** The return that declares a withholding of this kind (without a kind: a professional's, modelo 111). */
export const withholdingModelOf = (kind: WithholdingKind | null | undefined): WithholdingModel =>
  WITHHOLDING_KIND_INFO[kind ?? 'PROFESSIONAL'].model;

/** The withholding sub-account with this code, if it is one. */
export function withholdingSubAccount(code: string): WithholdingSubAccountDef | undefined {
  return byCode.get(code);
}

/** Codes the chart keeps for its own sub-accounts: never generated for a person's nor a party's. */
export const isReservedSubAccountCode = (code: string): boolean => byCode.has(code);
