/**
 * The arithmetic of a manual match, as the contract defines it (shared/schemas/reconciliation.ts,
 * `MatchDifferenceInput`): movements are signed (+ in, − out), items are absolute in the movements'
 * direction, and the difference is |Σ movements| − Σ items. Pure, so the bar and the dialog agree
 * with the server to the céntimo.
 */
import {
  type DifferenceReason,
  differenceDefaultAccounts,
  type MovementDirection,
  type OpenItemCandidate,
  type SessionMovement,
} from '@shared/schemas/reconciliation';

export interface SelectionTotals {
  /** IN or OUT when every selected movement goes one way; MIXED when they do not; null when none. */
  direction: MovementDirection | 'MIXED' | null;
  /** |Σ movements|. */
  movementsCents: number;
  /** Σ of the items' outstanding (absolute). */
  itemsCents: number;
  /** |Σ movements| − Σ items. */
  differenceCents: number;
}

/** What a document item settles: its outstanding, absolute (a rectificativa's is negative). */
export const itemAmountCents = (item: Pick<OpenItemCandidate, 'outstandingCents'>): number =>
  Math.abs(item.outstandingCents);

export function selectionTotals(
  movements: readonly Pick<SessionMovement, 'amountCents' | 'direction'>[],
  items: readonly Pick<OpenItemCandidate, 'outstandingCents'>[],
): SelectionTotals {
  const directions = new Set(movements.map((m) => m.direction));
  const [first = null] = directions;
  const direction = directions.size > 1 ? 'MIXED' : first;
  const movementsCents = Math.abs(movements.reduce((sum, m) => sum + m.amountCents, 0));
  const itemsCents = items.reduce((sum, item) => sum + itemAmountCents(item), 0);
  return { direction, movementsCents, itemsCents, differenceCents: movementsCents - itemsCents };
}

/**
 * Whether the gap costs the company: less collected than invoiced (money in), or more paid than
 * owed (money out) — a bank fee on a transfer, typically.
 */
export const differenceIsLoss = (direction: MovementDirection, differenceCents: number): boolean =>
  direction === 'IN' ? differenceCents < 0 : differenceCents > 0;

/**
 * The account to suggest for a reason (PGC 2007: 626 fees; 659/759 other losses/gains; 769 financial
 * income), or null for a partial payment, which posts nothing (the rest stays outstanding).
 */
export function suggestedDifferenceAccount(
  reason: DifferenceReason,
  direction: MovementDirection,
  differenceCents: number,
): string | null {
  if (reason === 'PARTIAL_PAYMENT') return null;
  const accounts = differenceDefaultAccounts[reason];
  return differenceIsLoss(direction, differenceCents) ? accounts.loss : accounts.gain;
}

/** A partial payment only covers a shortfall: less arrived (or left) than the documents say. */
export const partialPaymentAllowed = (differenceCents: number): boolean => differenceCents < 0;

/**
 * Accounts a movement without a document usually goes to (PGC 2007 names), offered in 'Asignar a
 * cuenta'; any other account or sub-account code may be typed.
 */
export const COMMON_ACCOUNTS: readonly { code: string; name: string }[] = [
  { code: '626', name: 'Servicios bancarios y similares' },
  { code: '642', name: 'Seguridad Social a cargo de la empresa' },
  { code: '476', name: 'Organismos de la Seguridad Social, acreedores' },
  { code: '621', name: 'Arrendamientos y cánones' },
  { code: '622', name: 'Reparaciones y conservación' },
  { code: '623', name: 'Servicios de profesionales independientes' },
  { code: '625', name: 'Primas de seguros' },
  { code: '627', name: 'Publicidad, propaganda y relaciones públicas' },
  { code: '628', name: 'Suministros' },
  { code: '629', name: 'Otros servicios' },
  { code: '631', name: 'Otros tributos' },
  { code: '465', name: 'Remuneraciones pendientes de pago' },
  { code: '4750', name: 'Hacienda Pública, acreedora por IVA' },
  { code: '4751', name: 'Hacienda Pública, acreedora por retenciones practicadas' },
  { code: '4752', name: 'Hacienda Pública, acreedora por impuesto sobre sociedades' },
  { code: '4700', name: 'Hacienda Pública, deudora por IVA' },
  { code: '551', name: 'Cuenta corriente con socios y administradores' },
  { code: '520', name: 'Deudas a corto plazo con entidades de crédito' },
  { code: '662', name: 'Intereses de deudas' },
  { code: '669', name: 'Otros gastos financieros' },
  { code: '769', name: 'Otros ingresos financieros' },
  { code: '659', name: 'Otras pérdidas en gestión corriente' },
  { code: '759', name: 'Ingresos por servicios diversos' },
];

export const accountName = (code: string): string | undefined =>
  COMMON_ACCOUNTS.find((a) => a.code === code)?.name;
