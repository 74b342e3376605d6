/**
 * Movements that never have a document and are recognised by their text: the built-in recurring
 * movements and the company's learned rules (design issue 19 "Postings of reconciliation"). Each
 * becomes an ACCOUNT proposal: the amount posted to the account against the bank's 572.
 *
 * Built-ins (PGC 2007 accounts):
 *  - TGSS / Seguridad Social (N43 concepto 15 "Nóminas / seguros sociales"): 642 Seguridad Social a
 *    cargo de la empresa; 476 Organismos de la SS acreedores is the alternative when the payroll
 *    accrual already credited it (no payroll is kept here yet, so 642 first).
 *  - AEAT / Agencia Tributaria: a payment settles 4750 HP acreedora por IVA (modelo 303); a refund
 *    collects 4700 HP deudora por IVA.
 *  - Bank fees ("COMISION", concepto común 17 "Intereses / comisiones..."): 626 Servicios bancarios.
 *  - Interest: charged 669 Otros gastos financieros, received 769 Otros ingresos financieros.
 * Rent (621) and everything else only via learned rules: a transfer to a landlord looks like any
 * other transfer until the user says what it is.
 */

import type { MovementDirection } from '@shared/schemas/reconciliation';
import { fold } from './text';
import type { MatchingMovement, MatchingRule } from './types';

/** Names of the accounts the matcher proposes by itself (labels of ACCOUNT items). */
export const ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  '476': 'Organismos de la Seguridad Social, acreedores',
  '621': 'Arrendamientos y cánones',
  '626': 'Servicios bancarios y similares',
  '642': 'Seguridad Social a cargo de la empresa',
  '659': 'Otras pérdidas en gestión corriente',
  '669': 'Otros gastos financieros',
  '759': 'Ingresos por servicios diversos',
  '769': 'Otros ingresos financieros',
  '4700': 'Hacienda Pública, deudora por IVA',
  '4750': 'Hacienda Pública, acreedora por IVA',
};

export const accountLabel = (code: string, name?: string): string =>
  `${code} · ${name ?? ACCOUNT_NAMES[code] ?? 'Cuenta contable'}`;

export interface RecurringHit {
  accountCode: string;
  label: string;
  points: number;
  /** Set for a learned rule. */
  ruleId: string | null;
  reason: 'RULE' | 'RECURRING';
}

export const directionOf = (amountCents: number): MovementDirection => (amountCents >= 0 ? 'IN' : 'OUT');

/** The folded text of a movement: description, concept lines, references, counterparty. */
export function movementText(m: MatchingMovement): string {
  return fold(
    [
      m.description,
      ...m.conceptLines,
      m.reference1 ?? '',
      m.reference2 ?? '',
      m.counterpartyName ?? '',
      m.endToEndId ?? '',
      m.documentNumber ?? '',
    ].join(' '),
  );
}

const has = (text: string, ...words: string[]) => words.some((w) => ` ${text} `.includes(` ${w} `));

/** Score of a learned rule: above the auto-accept threshold (the user taught it). */
export const RULE_POINTS = 82;

export function builtinHits(m: MatchingMovement, text: string): RecurringHit[] {
  const dir = directionOf(m.amountCents);
  const hits: RecurringHit[] = [];
  const builtin = (accountCode: string, points: number, what: string) =>
    hits.push({ accountCode, points, ruleId: null, reason: 'RECURRING', label: what });
  if (dir === 'OUT' && has(text, 'TGSS', 'SEGURIDAD SOCIAL', 'TESORERIA GENERAL')) {
    builtin('642', 75, 'Cuota de la Seguridad Social (TGSS)');
    builtin('476', 65, 'Cuota de la Seguridad Social (TGSS), devengada en nómina');
  }
  if (has(text, 'AEAT', 'AGENCIA TRIBUTARIA', 'AGENCIA ESTATAL', 'HACIENDA PUBLICA')) {
    if (dir === 'OUT') builtin('4750', 75, 'Pago a la Agencia Tributaria');
    else builtin('4700', 75, 'Devolución de la Agencia Tributaria');
  }
  if (
    dir === 'OUT' &&
    m.commonConcept === '17' &&
    has(text, 'COMISION', 'COMISIONES', 'COMIS', 'GASTOS', 'MANTENIMIENTO')
  ) {
    builtin('626', 80, 'Comisión bancaria');
  }
  if (has(text, 'INTERES', 'INTERESES', 'LIQUIDACION INTERESES')) {
    if (dir === 'OUT') builtin('669', 70, 'Intereses cargados');
    else builtin('769', 70, 'Intereses abonados');
  }
  return hits;
}

/** Whether a learned rule applies to the movement. */
export function ruleApplies(rule: MatchingRule, m: MatchingMovement, text: string): boolean {
  if (rule.direction && rule.direction !== directionOf(m.amountCents)) return false;
  const pattern = fold(rule.pattern);
  if (!pattern) return false;
  switch (rule.field) {
    case 'CONCEPT':
      return (m.commonConcept ?? '') === rule.pattern.trim();
    case 'COUNTERPARTY':
      return ` ${fold(m.counterpartyName ?? '')} `.includes(` ${pattern} `);
    case 'DESCRIPTION':
      return ` ${text} `.includes(` ${pattern} `);
  }
}

export function ruleHits(rules: readonly MatchingRule[], m: MatchingMovement, text: string): RecurringHit[] {
  return rules
    .filter((r) => ruleApplies(r, m, text))
    .map((r) => ({
      accountCode: r.accountCode,
      label: r.label,
      points: RULE_POINTS,
      ruleId: r.ruleId,
      reason: 'RULE' as const,
    }));
}

/**
 * The pattern a "recordar" learns from a movement: the counterparty's name when the bank gave one
 * (field COUNTERPARTY), else the first three significant words of the description.
 */
export function learnedPattern(m: Pick<MatchingMovement, 'counterpartyName' | 'description'>): {
  pattern: string;
  field: 'COUNTERPARTY' | 'DESCRIPTION';
} | null {
  const cp = fold(m.counterpartyName ?? '');
  if (cp.length >= 3) return { pattern: cp.slice(0, 100), field: 'COUNTERPARTY' };
  const words = fold(m.description)
    .split(' ')
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w))
    .slice(0, 3)
    .join(' ');
  return words.length >= 3 ? { pattern: words, field: 'DESCRIPTION' } : null;
}
