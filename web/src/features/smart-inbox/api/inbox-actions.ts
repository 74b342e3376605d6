/**
 * The smart inbox's writes (spec part 3 §4, §7): approve and reject (with reason) a processed
 * invoice, reprocess and ignore an email, process now (forceProcess), the configuration, the IMAP
 * test and configuration. Each reloads the company's inbox data (lists, statistics, widget).
 */
import type {
  ImapSettingsBody,
  ImapTestResult,
  InboxConfiguration,
  UpdateInboxConfigBody,
} from '@shared/schemas/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { refreshInbox } from './keys';

export type InboxCommand =
  | { kind: 'approve'; processedInvoiceId: string; notes?: string }
  | { kind: 'reject'; processedInvoiceId: string; reason: string }
  | { kind: 'reprocessEmail'; inboxId: string }
  | { kind: 'ignoreEmail'; inboxId: string }
  | { kind: 'process'; forceProcess: boolean }
  | { kind: 'config'; body: UpdateInboxConfigBody }
  | { kind: 'configureImap'; body: ImapSettingsBody };

export const INBOX_DONE: Record<InboxCommand['kind'], string> = {
  approve: 'Factura aprobada',
  reject: 'Factura rechazada',
  reprocessEmail: 'El correo se volverá a procesar',
  ignoreEmail: 'Correo ignorado',
  process: 'Procesamiento iniciado',
  config: 'Configuración guardada',
  configureImap: 'Buzón IMAP configurado',
};

export function runInboxCommand(c: InboxCommand, companyId: string | null): Promise<unknown> {
  switch (c.kind) {
    case 'approve':
      return apiRequest('inbox.approve', {
        params: { processedInvoiceId: c.processedInvoiceId },
        body: c.notes ? { notes: c.notes } : {},
        companyId,
      });
    case 'reject':
      return apiRequest('inbox.reject', {
        params: { processedInvoiceId: c.processedInvoiceId },
        body: { reason: c.reason },
        companyId,
      });
    case 'reprocessEmail':
      return apiRequest('inbox.reprocessEmail', { params: { inboxId: c.inboxId }, companyId });
    case 'ignoreEmail':
      return apiRequest('inbox.ignoreEmail', { params: { inboxId: c.inboxId }, companyId });
    case 'process':
      return apiRequest('inbox.process', { query: { forceProcess: c.forceProcess }, companyId });
    case 'config':
      return apiRequest<InboxConfiguration>('inbox.updateConfig', { body: c.body, companyId });
    case 'configureImap':
      return apiRequest('inbox.configureImap', { body: c.body, companyId });
  }
}

export function useInboxCommand(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: InboxCommand) => runInboxCommand(c, companyId),
    onSettled: () => refreshInbox(queryClient, companyId),
  });
}

/** `POST inbox.testImap`: the password is sent, never shown back. */
export function useTestImap(companyId: string | null) {
  return useMutation({
    mutationFn: (body: ImapSettingsBody) => apiRequest<ImapTestResult>('inbox.testImap', { body, companyId }),
  });
}

/** `POST inbox.exportInvoices` (startDate, endDate, format): saves the file. */
export async function exportInboxInvoices(
  body: { startDate: string; endDate: string; format: 'CSV' | 'XLSX' },
  companyId: string | null,
): Promise<void> {
  const fallback = `facturas-buzon-${body.startDate}-${body.endDate}.${body.format.toLowerCase()}`;
  const answer = await apiDownload('inbox.exportInvoices', { body, companyId }, fallback);
  if (answer.kind !== 'file') throw new Error('El servidor no devolvió el archivo.');
  const url = URL.createObjectURL(answer.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = answer.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
