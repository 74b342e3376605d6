/**
 * A model as the AEAT's own file for manual submission (issue 14 item 4): the "<T" self-assessment
 * file of the 303 and the 390, the 500-position "BOE" records of the 349 and the 347, written by
 * shared/fiscal/models/aeat-file.ts from the model's own design (a period is always exported in the
 * design it was computed with). Pure.
 *
 * The identification flags of the 303/390 come from the profile's facts in force in the period
 * (AEAT DR303e24v200 page 01 positions 109-129: "1" sí, "2" no; 128-129 only in the last period, else
 * "0"; simplified regime "1" only RS, "3" only RG), from the return's own boxes (114, destinatario of
 * the criterio de caja: [74]/[75] ≠ 0; the 390's 132: [656]/[657] ≠ 0) and the person's adjustments
 * (bank account, sin actividad, the receipt of the return a rectificativa corrects).
 *
 * The income-tax returns (130, 111, 115, 123, 216: "<T" files too) identify an individual by surnames
 * (`name`, 60 positions) and first name (`firstName`, 20) where their design has both fields (DR130e15v12,
 * dr111e16v17, DR216e16: "Apellidos" / "Nombre"), and by "apellidos y nombre" in one field where it has
 * one (123 and 216 of 2024); a company by its name. A complementary return is marked ('X') and names the
 * receipt of the return it completes. The 131 writes each activity's IAE epigraph and the 202 its
 * modality, the tax period's first day, the turnover marks and the tax rate: the values their definitions
 * export (`fileValues131`, `fileValues202`).
 *
 * The annual withholding summaries (190, 180, 193, 296) are BOE files like the 347 and the 349: the
 * declarant's type-1 record with the totals, one type-2 record per recipient and key. A summary given
 * the receipt of an earlier one (`previousReceipt`, its 13-digit declaration id) is a substitutive
 * declaration ('S' and that id, positions 122-135): the file always carries every record of the year.
 */

import { AppError } from '@shared/api/errors';
import type { CompanyType } from '@shared/db/records';
import { DESIGN_NOT_PUBLISHED, unpublishedDesignExportRefusal } from '@shared/fiscal/models';
import {
  AeatFileError,
  type FileIdentity,
  writeInformativeReturn,
  writeSelfAssessment,
} from '@shared/fiscal/models/aeat-file';
import { fileValues131 } from '@shared/fiscal/models/model-131';
import { fileValues202 } from '@shared/fiscal/models/model-202';
import { isLastPeriodOfYear } from '@shared/fiscal/models/periods';
import type { ModelComputation, ModelDesign } from '@shared/fiscal/models/types';
import { requiredModels } from '@shared/fiscal/tax-obligations';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { ANNUAL_SUMMARIES, designOf, INCOME_TAX_SELF_ASSESSMENTS } from './compute';

/** Who files and with what software; `facts` decide the identification flags of 303/390. */
export interface ModelFileIdentity {
  nif: string;
  name: string;
  companyType?: CompanyType;
  facts?: TaxProfileFacts;
  phone?: string;
  contactName?: string;
  /** The software developer's NIF and version (AEAT nota 1 of the "<T" envelope). */
  softwareNif?: string;
  softwareVersion?: string;
}

export interface ModelFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The software version the "<T" envelope names (4 positions). */
export const SOFTWARE_VERSION = '1.00';

const yesNo = (b: boolean): string => (b ? '1' : '2');

/** `303_2026_1T_B12345678.txt` */
export const modelFileName = (
  m: Pick<TaxModelView, 'modelType' | 'year' | 'period'>,
  nif: string,
  ext = 'txt',
) => `${m.modelType}_${m.year}_${m.period}_${nif.toUpperCase()}.${ext}`;

/** The 13-digit id of an informative declaration: the model, then a number unique per period and version. */
export function declarationId(m: Pick<TaxModelView, 'modelType' | 'year' | 'period' | 'version'>): string {
  const period = m.period === '0A' ? '00' : /T$/.test(m.period) ? `2${m.period[0]}` : m.period;
  return `${m.modelType}${m.year}${period}${String(m.version % 10_000).padStart(4, '0')}`;
}

/** Whether the model was declared without activity (the person's mark, else the computation's). */
const noActivity = (m: TaxModelView): boolean =>
  m.adjustments.noActivity ??
  m.issues.some((i) => i.code === 'NO_ACTIVITY' && i.field === 'noActivity' && i.severity === 'WARNING');

/** SEPA mark of a refund account (DID page 194): 1 Spain, 2 another SEPA country, 3 outside SEPA. */
function sepaMark(iban: string): string {
  const country = iban.slice(0, 2).toUpperCase();
  if (country === 'ES') return '1';
  return /^[A-Z]{2}$/.test(country) ? '2' : '3';
}

/**
 * The boxes of the acquisitions "a las que sea de aplicación o afecte el régimen especial del criterio
 * de caja" (the company's own regime, art. 163 terdecies LIVA, or its supplier's, art. 163
 * quinquiesdecies.Uno LIVA): the 303's [74]/[75] and the 390's [656]/[657].
 */
const CASH_BASIS_ACQUISITION_BOXES: Readonly<Record<string, readonly string[]>> = {
  '303': ['74', '75'],
  '390': ['656', '657'],
};

/**
 * Whether the return declares acquisitions under the criterio de caja: its "destinatario de operaciones
 * acogidas al régimen especial del criterio de caja" mark (DR303e24v200 page 01 position 114, dr390e2022
 * page 01 position 132: "1" sí, "2" no) follows its own [74]/[75] ([656]/[657]).
 */
export const cashBasisAcquisitions = (m: Pick<TaxModelView, 'modelType' | 'boxes'>): boolean =>
  (CASH_BASIS_ACQUISITION_BOXES[m.modelType] ?? []).some((b) => (m.boxes[b] ?? 0) !== 0);

function selfAssessmentValues(
  m: TaxModelView,
  identity: ModelFileIdentity,
): Record<string, string | boolean> {
  const f = identity.facts;
  const last = isLastPeriodOfYear(m.period);
  const owes390 =
    f && identity.companyType ? requiredModels(identity.companyType, f).some((r) => r.model === '390') : true;
  // Any amount in the return (rate fields and the State's share are not amounts).
  const operations = (designOf(m.modelType, m.design)?.boxes ?? []).some(
    (b) => b.unit === 'CENTS' && (m.boxes[b.box] ?? 0) !== 0,
  );
  const values: Record<string, string | boolean> = {
    foralOnlyImportPending: '2',
    redeme: yesNo(f?.redeme ?? false),
    simplifiedRegime: f?.vatRegime === 'SIMPLIFICADO' ? '1' : '3',
    jointFiling: '2',
    cashBasis: yesNo(f?.cashAccounting ?? false),
    cashBasisRecipient: yesNo(cashBasisAcquisitions(m)),
    specialProrataOption: '2',
    specialProrataRevocation: '2',
    insolvency: '2',
    voluntarySii: yesNo(Boolean(f?.siiEnabled) && !(f?.largeCompany || f?.redeme || f?.vatGroup)),
    exemptFrom390: last ? yesNo(!owes390) : '0',
    nonZeroAnnualVolume: last && !owes390 ? yesNo(operations) : '0',
    noActivity: noActivity(m),
    rectifying: Boolean(m.adjustments.previousReceipt),
  };
  if (m.adjustments.previousReceipt) values.previousReceipt = m.adjustments.previousReceipt;
  if (m.adjustments.iban) {
    values.iban = m.adjustments.iban.replace(/\s+/g, '').toUpperCase();
    values.sepaMark = sepaMark(values.iban);
  }
  return values;
}

/** Particles that belong to the surname that follows them ('de la Fuente', 'del Río', 'San Juan'). */
const PARTICLES = new Set([
  'DE',
  'DEL',
  'LA',
  'LAS',
  'LOS',
  'Y',
  'I',
  'SAN',
  'SANTA',
  'DA',
  'DAS',
  'DO',
  'DOS',
  'VAN',
  'VON',
]);

/**
 * An individual's name as the AEAT forms ask for it: surnames and first name. 'García López, Ana' says
 * so itself; otherwise the Spanish order is assumed (first name(s), then two surnames, each surname with
 * its particles): 'Ana María de la Fuente Ruiz' → 'de la Fuente Ruiz' / 'Ana María'. One word is a
 * surname; two are a first name and a surname.
 */
export function splitPersonName(full: string): { surnames: string; firstName: string } {
  const text = full.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma >= 0) return { surnames: text.slice(0, comma).trim(), firstName: text.slice(comma + 1).trim() };
  const units: string[] = [];
  let pending: string[] = [];
  for (const word of text.split(' ').filter(Boolean)) {
    if (PARTICLES.has(word.toUpperCase()) && units.length > 0) {
      pending.push(word);
      continue;
    }
    units.push([...pending, word].join(' '));
    pending = [];
  }
  if (pending.length > 0) units.push(pending.join(' '));
  if (units.length <= 1) return { surnames: units[0] ?? '', firstName: '' };
  const surnameUnits = units.length === 2 ? 1 : 2;
  return {
    surnames: units.slice(-surnameUnits).join(' '),
    firstName: units.slice(0, -surnameUnits).join(' '),
  };
}

/**
 * The declarant's identification values of an income-tax return: an autónomo by surnames and first name
 * (in two fields when the design has `firstName`, else "apellidos y nombre" in one), a company by its
 * name; and the complementary mark.
 */
export function incomeTaxIdentity(
  design: ModelDesign,
  model: Pick<TaxModelView, 'adjustments'>,
  identity: Pick<ModelFileIdentity, 'name' | 'companyType'>,
): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {
    complementary: Boolean(model.adjustments.previousReceipt),
  };
  if (identity.companyType !== 'AUTONOMO') return { ...values, name: identity.name, firstName: '' };
  const { surnames, firstName } = splitPersonName(identity.name);
  const twoFields = design.pages.some((p) => p.fields.some((f) => f.source === 'value:firstName'));
  return twoFields
    ? { ...values, name: surnames, firstName }
    : { ...values, name: [surnames, firstName].filter(Boolean).join(' '), firstName: '' };
}

/** The values of a return's own design that are not boxes (131 epigraphs; 202 modality and marks). */
export function definitionValues(
  model: Pick<TaxModelView, 'modelType' | 'year' | 'period' | 'adjustments'>,
  identity: Pick<ModelFileIdentity, 'facts' | 'companyType'>,
): Record<string, string | boolean> {
  if (model.modelType === '131') return fileValues131(model.adjustments);
  if (model.modelType === '202') {
    const facts =
      identity.facts ??
      defaultTaxProfileFacts({ companyType: identity.companyType ?? 'SL', siiEnabled: false });
    return fileValues202({ year: model.year, period: model.period, facts, adjustments: model.adjustments });
  }
  return {};
}

/** An annual summary given an earlier one's 13-digit id is its substitutive declaration. */
export function informativeValues(
  model: Pick<TaxModelView, 'modelType' | 'adjustments'>,
): Record<string, string> {
  const previous = model.adjustments.previousReceipt?.trim() ?? '';
  if (!ANNUAL_SUMMARIES.has(model.modelType) || !/^\d{13}$/.test(previous)) return {};
  return { substitutive: 'S', previousDeclarationId: previous };
}

/**
 * A design Cuadra writes no file for (the 369, filed in the Sede electrónica's form): 422 TAX_023 naming
 * the exports it has instead (its lines as CSV/XLSX, its PDF summary).
 */
export const noAeatFile = (design: ModelDesign): AppError =>
  new AppError(
    'TAX_023',
    `Cuadra no genera el fichero de la AEAT del modelo ${design.modelType}: se presenta en el formulario de la Sede electrónica. Descarga sus líneas en CSV o Excel, o su resumen en PDF.`,
    {
      field: 'format',
      details: { reason: 'NO_AEAT_FILE', design: design.id, formats: ['CSV', 'XLSX', 'PDF', 'JSON'] },
    },
  );

function writeFile(design: ModelDesign, model: TaxModelView, identity: ModelFileIdentity): Uint8Array {
  if (design.fileFormat === 'FORM') throw noAeatFile(design);
  const computation: ModelComputation = {
    modelType: model.modelType,
    year: model.year,
    period: model.period,
    design: model.design,
    boxes: model.boxes,
    result: model.result,
    allowedResultTypes: model.allowedResultTypes,
    records: model.records,
    issues: model.issues,
    sources: model.sources,
  };
  const base: FileIdentity = {
    nif: identity.nif.toUpperCase(),
    name: identity.name,
    ...(identity.phone ? { phone: identity.phone } : {}),
    ...(identity.contactName ? { contactName: identity.contactName } : {}),
  };
  if (design.fileFormat === 'BOE') {
    return writeInformativeReturn(design, computation, {
      ...base,
      contactName: identity.contactName ?? identity.name,
      declarationId: declarationId(model),
      ...informativeValues(model),
    });
  }
  if (!identity.softwareNif) {
    throw new AppError('CORE_007', 'Falta el NIF del fabricante del software para el fichero de la AEAT.');
  }
  return writeSelfAssessment(design, computation, {
    ...base,
    softwareNif: identity.softwareNif,
    softwareVersion: identity.softwareVersion ?? SOFTWARE_VERSION,
    ...selfAssessmentValues(model, identity),
    ...(INCOME_TAX_SELF_ASSESSMENTS.has(model.modelType) ? incomeTaxIdentity(design, model, identity) : {}),
    ...definitionValues(model, identity),
  });
}

/**
 * The model's AEAT file (its design from `model.design`); a value the design cannot hold is TAX_023,
 * and so is a period the AEAT has not published that design for (the 390 of 2026 computed with the
 * 2025 design: 422, reason DESIGN_NOT_PUBLISHED) — export, bulk export, filing and the published file
 * all write through here.
 */
export function modelFile(model: TaxModelView, identity: ModelFileIdentity): ModelFile {
  const design = designOf(model.modelType, model.design);
  if (!design) {
    throw new AppError('TAX_023', `No hay diseño de registro ${model.design} del modelo ${model.modelType}.`);
  }
  const unpublished = unpublishedDesignExportRefusal(design, model.year, model.period);
  if (unpublished) {
    throw new AppError('TAX_023', unpublished, {
      field: 'year',
      details: { reason: DESIGN_NOT_PUBLISHED, design: design.id, year: model.year, period: model.period },
    });
  }
  let body: Uint8Array;
  try {
    body = writeFile(design, model, identity);
  } catch (e) {
    if (e instanceof AeatFileError) {
      throw new AppError('TAX_023', `No se puede escribir el fichero de la AEAT: ${e.message}`, {
        cause: e,
        details: { reason: e.code, source: e.source ?? null, page: e.page ?? null },
      });
    }
    throw e;
  }
  return {
    fileName: modelFileName(model, identity.nif),
    contentType: 'text/plain; charset=ISO-8859-1',
    body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
  };
}
