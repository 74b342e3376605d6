/**
 * Best-effort reading of the counterparty out of the N43 concept records (record 23). AEB Cuaderno 43
 * Annex 4 standardises them for SEPA in modalidad 3 (transfers: 01 = ordering party name [66] + code
 * [10], 02 = ordering party reference AT-41 [35] + "on behalf of" name; direct debits: 01 = scheme [4]
 * + creditor name [70], 02 = creditor identifier AT-02 [35] + mandate reference AT-01 [35], 05 =
 * creditor's reference AT-10 [35] + debtor name), but each bank fills them its own way
 * (../shared/reference/banking-accounting.md A1). So the layout is data: `N43_CONCEPT_RULES`, applied
 * in order (a later rule's non-empty value wins), plus a scan of every concept and reference for a
 * valid IBAN, a valid NIF and our own SEPA end-to-end ids (`CUADRA-<orderId>-<nnn>`).
 */

import { validateIban } from '@shared/fiscal/iban';
import { validateTaxId } from '@shared/fiscal/nif';

export type CounterpartyField = 'name' | 'nif' | 'iban' | 'endToEndId' | 'mandateId' | 'creditorId';

/** A slice of one concept record: `from` is 0-based within positions 5-80 (concept A = 0-37, B = 38-75). */
export interface ConceptFieldSpec {
  record: '01' | '02' | '03' | '04' | '05';
  from: number;
  length: number;
}

export interface N43ConceptRule {
  id: string;
  /** Where the layout is documented or observed. */
  source: string;
  /** Entity codes (record 11, positions 3-6) it applies to; absent: every bank. */
  bankCodes?: readonly string[];
  /** Conceptos comunes it applies to; absent: every concept. */
  commonConcepts?: readonly string[];
  /** Modalidades it applies to; absent: every modalidad. */
  modalidades?: readonly number[];
  fields: Partial<Record<CounterpartyField, ConceptFieldSpec>>;
}

export const N43_CONCEPT_RULES: readonly N43ConceptRule[] = [
  {
    id: 'annex4-transfer',
    source: 'AEB Cuaderno 43 (2012) Annex 4, SEPA credit transfer',
    commonConcepts: ['02', '04'],
    modalidades: [3],
    fields: {
      name: { record: '01', from: 0, length: 66 },
      endToEndId: { record: '02', from: 0, length: 35 },
    },
  },
  {
    id: 'annex4-direct-debit',
    source: 'AEB Cuaderno 43 (2012) Annex 4, SEPA direct debit (and its returns, concepto 14)',
    commonConcepts: ['03', '14'],
    modalidades: [3],
    fields: {
      name: { record: '01', from: 4, length: 70 },
      creditorId: { record: '02', from: 0, length: 35 },
      mandateId: { record: '02', from: 35, length: 35 },
      endToEndId: { record: '05', from: 0, length: 35 },
    },
  },
  {
    id: 'caixabank',
    source:
      'OCA l10n_es_account_statement_import_n43 (_get_partner_from_caixabank): NIF in 23-02, name in 23-01 from position 9',
    bankCodes: ['2100'],
    fields: {
      name: { record: '01', from: 4, length: 72 },
      creditorId: { record: '02', from: 0, length: 35 },
    },
  },
  {
    id: 'santander',
    source:
      'OCA l10n_es_account_statement_import_n43 (_get_partner_from_santander): name in 23-01 A, NIF in 23-01 B',
    bankCodes: ['0049'],
    fields: {
      name: { record: '01', from: 0, length: 38 },
      nif: { record: '01', from: 38, length: 38 },
    },
  },
  {
    id: 'sabadell-transfer',
    source:
      'seQura statement from Banco Sabadell (../shared/data/n43/sequra_norma43_parser_example2.n43): name in 23-01 A, reference in 23-01 B',
    bankCodes: ['0081'],
    commonConcepts: ['04'],
    fields: { name: { record: '01', from: 0, length: 38 } },
  },
];

export interface Counterparty {
  name: string | null;
  nif: string | null;
  iban: string | null;
  endToEndId: string | null;
  mandateId: string | null;
}

export interface ConceptRecord {
  /** '01'…'05' (record 23 positions 3-4). */
  code: string;
  /** Positions 5-80, padded to 76 characters. */
  text: string;
}

const clean = (s: string): string | null => {
  const v = s.replace(/\s+/g, ' ').trim();
  return v === '' ? null : v;
};

const validNif = (raw: string | null): string | null => {
  if (!raw) return null;
  const r = validateTaxId(raw);
  return r.valid ? r.normalized : null;
};

/** A SEPA creditor identifier (ES + 2 check digits + 3-character suffix + NIF) -> the NIF. */
const nifOfCreditorId = (raw: string | null): string | null => {
  const m = raw?.split(' ')[0]?.match(/^ES\d{2}[A-Z0-9]{3}([A-Z0-9]{9})$/);
  return m ? validNif(m[1]!) : null;
};

const OUR_END_TO_END = /CUADRA-[A-Za-z0-9]+-\d{3}/;

function scanIban(texts: string[]): string | null {
  for (const t of texts) {
    for (const token of t.toUpperCase().match(/[A-Z]{2}\d{2}[A-Z0-9]{11,30}/g) ?? []) {
      if (validateIban(token).valid) return token;
    }
  }
  return null;
}

function scanNif(texts: string[]): string | null {
  for (const t of texts) {
    for (const token of t.toUpperCase().match(/\b[A-Z0-9]{9}\b/g) ?? []) {
      if (!/\d/.test(token)) continue;
      const nif = validNif(token);
      if (nif) return nif;
    }
  }
  return null;
}

export interface CounterpartyInput {
  bankCode: string;
  modalidad: number;
  commonConcept: string;
  concepts: ConceptRecord[];
  references: (string | null)[];
}

export function extractCounterparty(input: CounterpartyInput, rules = N43_CONCEPT_RULES): Counterparty {
  const found: Partial<Record<CounterpartyField, string>> = {};
  for (const rule of rules) {
    if (rule.bankCodes && !rule.bankCodes.includes(input.bankCode)) continue;
    if (rule.commonConcepts && !rule.commonConcepts.includes(input.commonConcept)) continue;
    if (rule.modalidades && !rule.modalidades.includes(input.modalidad)) continue;
    for (const [field, spec] of Object.entries(rule.fields) as [CounterpartyField, ConceptFieldSpec][]) {
      const record = input.concepts.find((c) => c.code === spec.record);
      const value = record ? clean(record.text.slice(spec.from, spec.from + spec.length)) : null;
      if (value) found[field] = value;
    }
  }
  const texts = [...input.concepts.map((c) => c.text), ...input.references.filter((r) => r !== null)];
  const ours = texts.map((t) => t.match(OUR_END_TO_END)?.[0]).find(Boolean) ?? null;
  return {
    name: found.name ?? null,
    nif: validNif(found.nif ?? null) ?? nifOfCreditorId(found.creditorId ?? null) ?? scanNif(texts),
    iban: scanIban(texts),
    endToEndId: ours ?? found.endToEndId ?? null,
    mandateId: found.mandateId ?? null,
  };
}
