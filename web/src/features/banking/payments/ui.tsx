import type { MandateStatus, PaymentOrderKind, SequenceType } from '@shared/schemas/sepa';
import { isApiError } from '@web/lib/api-error';
import { showToast } from '@web/lib/toast';
import { Tag } from 'antd';

/** ES91 2100 0418 4502 0005 1332: the IBAN in groups of four. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

export function toastFailure(error: unknown, fallback: string): void {
  showToast('error', isApiError(error) && error.message ? error.message : fallback);
}

export const kindLabels: Record<PaymentOrderKind, string> = {
  TRANSFER: 'Transferencias',
  DIRECT_DEBIT: 'Remesa de recibos',
};

export const sequenceLabels: Record<SequenceType, string> = {
  FRST: 'Primer cobro (FRST)',
  RCUR: 'Recurrente (RCUR)',
  OOFF: 'Único (OOFF)',
  FNAL: 'Último (FNAL)',
};

export function MandateStatusTag({ status }: { status: MandateStatus }) {
  return status === 'ACTIVE' ? <Tag color="success">Activo</Tag> : <Tag>Revocado</Tag>;
}

const addDays = (iso: string, days: number): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const isWeekday = (iso: string) => {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};
const nextWeekday = (iso: string) => {
  let d = addDays(iso, 1);
  while (!isWeekday(d)) d = addDays(d, 1);
  return d;
};

/**
 * A first guess of the date (the server checks the TARGET2 calendar and the D-1 rule and explains a
 * refusal): transfers today (or the next weekday), direct debits the second weekday after today.
 */
export function suggestedDate(kind: PaymentOrderKind, today: string): string {
  if (kind === 'TRANSFER') return isWeekday(today) ? today : nextWeekday(today);
  return nextWeekday(nextWeekday(today));
}
