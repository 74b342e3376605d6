/**
 * The deadline alert of an open SII entry (pure; issue 16 item 4, spec part 3 §9): while an entry
 * has something to send and its deadline (art. 69.Tres RIVA, shared/fiscal/sii-deadlines.ts) is
 * within SII_UPCOMING_WINDOW_DAYS, or past, the company gets a fiscal alert (the tax domain's
 * `TaxAlert` items: the bell's alert list and the tax dashboard show it) and, at the urgent step (one
 * day or fewer) and again when it is overdue, its staff are notified once.
 */

import { daysUntilDeadline, isUrgent } from '@shared/fiscal/sii-deadlines';
import { SII_UPCOMING_WINDOW_DAYS, type SiiEntry } from '@shared/schemas/sii';
import type { AlertPriority, AlertType } from '@shared/schemas/tax';

/** Alert ids of SII entries start with this (the tax domain's ids are obligation ids and 'summary'). */
export const SII_ALERT_ID_PREFIX = 'sii:';
export const SII_ALERT_URL = '/app/tax/sii';

/** upcoming: inside the window; urgent: one day or fewer; overdue: the deadline has passed. */
export type SiiAlertStep = 'upcoming' | 'urgent' | 'overdue';

/** The steps the staff are notified of (once each per entry). */
export const NOTIFIED_STEPS: readonly SiiAlertStep[] = ['urgent', 'overdue'];

export interface SiiAlertPlan {
  alertId: string;
  entryId: string;
  type: AlertType;
  priority: AlertPriority;
  step: SiiAlertStep;
  title: string;
  message: string;
  actionUrl: string;
  dueDate: string;
  daysRemaining: number;
}

export const siiAlertId = (entryId: string): string => `${SII_ALERT_ID_PREFIX}${entryId}`;

const formatDateEs = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** How the document of an entry is named in the alert ('Factura F-2026-0012', 'Cobro de la factura …'). */
export function documentLabel(e: Pick<SiiEntry, 'book' | 'documentNumber' | 'source'>): string {
  switch (e.book) {
    case 'FE':
      return `Factura ${e.documentNumber}`;
    case 'FR':
      return `Factura recibida ${e.documentNumber}`;
    case 'BI':
      return `Bien de inversión de la factura ${e.documentNumber}`;
    case 'OI':
      return `Operación intracomunitaria de la factura ${e.documentNumber}`;
    case 'RECC':
      return e.source.type === 'RECEIVED_PAYMENT'
        ? `Pago de la factura recibida ${e.documentNumber}`
        : `Cobro de la factura ${e.documentNumber}`;
  }
}

/** What still has to happen, in words. */
function pendingText(e: Pick<SiiEntry, 'status' | 'pendingOperation'>): string {
  if (e.status === 'REJECTED' || e.status === 'PENDING_CORRECTION')
    return 'rechazada por la AEAT: corrígela y reenvíala al SII';
  if (e.status === 'ERROR') return 'con error técnico en el envío al SII';
  if (e.pendingOperation === 'BAJA') return 'pendiente de comunicar su baja al SII';
  if (e.pendingOperation === 'A1') return 'pendiente de comunicar su modificación al SII';
  return 'pendiente de envío al SII';
}

export function alertStepOf(daysRemaining: number): SiiAlertStep {
  if (daysRemaining < 0) return 'overdue';
  return isUrgent(daysRemaining) ? 'urgent' : 'upcoming';
}

/**
 * The alert an open entry calls for on `today` (a Madrid date), or null when its deadline is
 * further than the window.
 */
export function siiAlertPlan(
  e: Pick<
    SiiEntry,
    'entryId' | 'book' | 'documentNumber' | 'source' | 'deadline' | 'status' | 'pendingOperation'
  >,
  today: string,
): SiiAlertPlan | null {
  const days = daysUntilDeadline(e.deadline, today);
  if (days > SII_UPCOMING_WINDOW_DAYS) return null;
  const step = alertStepOf(days);
  const what = `${documentLabel(e)} ${pendingText(e)}`;
  const date = formatDateEs(e.deadline);
  const base = {
    alertId: siiAlertId(e.entryId),
    entryId: e.entryId,
    step,
    actionUrl: SII_ALERT_URL,
    dueDate: e.deadline,
    daysRemaining: days,
  };
  if (step === 'overdue') {
    return {
      ...base,
      type: 'overdue',
      priority: 'critical',
      title: 'Registro del SII fuera de plazo',
      message: `${what}: venció el ${date}.`,
    };
  }
  return {
    ...base,
    type: 'deadline',
    priority: step === 'urgent' ? 'critical' : 'high',
    title: step === 'urgent' ? 'Envío al SII urgente' : 'Plazo del SII próximo',
    message: `${what}: vence el ${date}.`,
  };
}
