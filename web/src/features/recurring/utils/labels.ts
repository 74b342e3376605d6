import type {
  GenerationMode,
  GenerationStatus,
  RecurringFrequency,
} from '@shared/schemas/recurring-invoices';

export const FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  MONTHLY: 'Mensual',
  QUARTERLY: 'Trimestral',
  YEARLY: 'Anual',
};

export const MODE_LABELS: Record<GenerationMode, string> = {
  DRAFT: 'Borrador',
  CONFIRM: 'Confirmar',
  CONFIRM_AND_SEND: 'Confirmar y enviar',
};

export const GENERATION_STATUS_LABELS: Record<GenerationStatus, { label: string; color: string }> = {
  DRAFT: { label: 'Borrador', color: 'default' },
  CONFIRMED: { label: 'Confirmada', color: 'processing' },
  SENT: { label: 'Enviada', color: 'success' },
  FAILED: { label: 'Fallida', color: 'error' },
};

export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
