/**
 * What a document's reading tells people (issue 17 item 3): the notifications `ocr_started`,
 * `ocr_completed`, `ocr_failed` and `invoice_created` (through `@functions/lib/notifications`, which
 * honours each user's preferences), to the uploader — or, for what arrived by mail, to the company's
 * staff — and the document alerts of the dashboards, derived from the stored documents.
 */

import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { notifyUser } from '@functions/lib/notifications';
import type { Logger } from '@functions/platform/logger';
import { keys } from '@shared/db/keys';
import type { DocumentDetails } from '@shared/schemas/documents';
import type { NotificationSeverity } from '@shared/schemas/notifications';
import { type DocumentAlert, documentAlerts } from '../model/alerts';
import type { DocumentsDeps } from './deps';
import { queryCompanyDocuments, toDetails } from './documents';

export type DocumentNotificationType = 'ocr_started' | 'ocr_completed' | 'ocr_failed' | 'invoice_created';

const STAFF_ROLES = new Set(['OWNER', 'GESTOR', 'MEMBER']);

/** The company's active staff (who hear about mail that arrived for the company). */
async function staffOf(deps: Pick<DocumentsDeps, 'db' | 'table'>, companyId: string): Promise<string[]> {
  const { pk, skPrefix } = keys.membershipPrefix(companyId);
  const out: string[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const m of page.Items ?? [])
      if (m.isActive === true && STAFF_ROLES.has(String(m.companyRole))) out.push(String(m.userId));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

function textOf(
  type: DocumentNotificationType,
  d: DocumentDetails,
): { title: string; message: string; severity: NotificationSeverity } {
  switch (type) {
    case 'ocr_started':
      return { title: 'Leyendo documento', message: `Se está leyendo "${d.fileName}".`, severity: 'info' };
    case 'ocr_completed':
      return d.status === 'OCR_COMPLETED_PENDING'
        ? {
            title: 'Posible factura duplicada',
            message: `"${d.fileName}" repite una factura ya registrada: revísala antes de contabilizarla.`,
            severity: 'warning',
          }
        : {
            title: 'Documento leído',
            message: `"${d.fileName}" se ha leído correctamente.`,
            severity: 'success',
          };
    case 'ocr_failed':
      return {
        title: 'Error al leer el documento',
        message: d.error?.message ?? d.rejection?.reason ?? `No se ha podido leer "${d.fileName}".`,
        severity: 'error',
      };
    case 'invoice_created':
      return d.status === 'INVOICE_INCOMPLETE'
        ? {
            title: 'Factura incompleta',
            message: `Se ha creado el borrador desde "${d.fileName}", pero faltan datos: revísalo.`,
            severity: 'warning',
          }
        : {
            title: 'Factura creada',
            message: `Se ha creado el borrador de la factura${d.extraction?.invoiceNumber ? ` ${d.extraction.invoiceNumber}` : ''} desde "${d.fileName}".`,
            severity: 'success',
          };
  }
}

/** Notifies (best effort: a failing notification never fails the reading). */
export async function notifyDocument(
  deps: Pick<DocumentsDeps, 'db' | 'table' | 'now' | 'newId'>,
  type: DocumentNotificationType,
  d: DocumentDetails,
  log: Logger,
): Promise<void> {
  try {
    const recipients = d.uploadedBy ? [d.uploadedBy] : await staffOf(deps, d.companyId);
    const { title, message, severity } = textOf(type, d);
    // The pages' own parameters (web/src/lib/paths.ts): `company` selects the company of a link,
    // `document` opens the document on the documents page.
    const link =
      d.receivedInvoiceId && type === 'invoice_created'
        ? `/app/admin/invoicing/expenses/${encodeURIComponent(d.receivedInvoiceId)}?company=${encodeURIComponent(d.companyId)}`
        : `/app/documents?document=${encodeURIComponent(d.documentId)}`;
    for (const userId of recipients)
      await notifyUser(deps, { userId, companyId: d.companyId, type, title, message, severity, link });
  } catch (e) {
    log.warn('Document notification failed', {
      documentId: d.documentId,
      type,
      errorName: (e as Error)?.name,
    });
  }
}

/**
 * The company's latest document alerts (spec part 3: limit default 10), of the documents `visible`
 * lets through (a client's: its own uploads) — filtered before the limit, so a client gets its own
 * latest alerts, not a share of the company's.
 */
export async function listDocumentAlerts(
  deps: Pick<DocumentsDeps, 'db' | 'table'>,
  companyId: string,
  limit = 10,
  visible: (d: DocumentDetails) => boolean = () => true,
): Promise<DocumentAlert[]> {
  const docs = (await queryCompanyDocuments(deps, companyId)).map(toDetails).filter(visible);
  return documentAlerts(docs, limit);
}
