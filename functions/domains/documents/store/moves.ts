/**
 * What a person asks of a document (spec part 2 §7): read it again, cancel it, delete it. Each is
 * one conditional move of the item (store/documents.ts `updateDocument`), so it cannot undo a move
 * the pipeline made meanwhile.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { DocumentDetails } from '@shared/schemas/documents';
import { CANCELLABLE, REPROCESS_REFUSED } from '../model/status';
import type { DocumentsDeps } from './deps';
import {
  deleteDocumentItems,
  requireDocument,
  type StoredDocument,
  toDetails,
  updateDocument,
} from './documents';

const conflict = (message: string) => new AppError('DOC_CONFLICT', message, { field: 'documentId' });
const notFound = () => new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });

/**
 * Reads the document again from its stored bytes (attempts start over). Refused while its bytes are
 * arriving or it is being read, and for a document refused by its content or cancelled (nothing
 * readable is stored).
 */
export async function reprocessDocument(
  deps: DocumentsDeps,
  companyId: string,
  documentId: string,
  guard: (doc: StoredDocument) => void = () => {},
): Promise<DocumentDetails> {
  let refusal: AppError | null = null;
  const next = await updateDocument(deps, companyId, documentId, (d) => {
    guard(d);
    if (REPROCESS_REFUSED.includes(d.status)) {
      refusal = conflict(
        'El documento se está subiendo o leyendo: espera a que termine para volver a procesarlo.',
      );
      return null;
    }
    if (d.status === 'FAILED' || !d.contentType) {
      refusal = conflict('Este documento no se puede volver a procesar: su archivo no se aceptó o no llegó.');
      return null;
    }
    if (d.purpose !== 'READ') {
      refusal = conflict('Este documento solo se envía a la gestoría: no se lee.');
      return null;
    }
    return {
      status: 'OCR_PENDING',
      autoOcr: true,
      attempts: 0,
      error: null,
      textractJobId: null,
      textractPolls: 0,
    };
  });
  if (refusal) throw refusal;
  if (!next) throw notFound();
  await deps.queueRead({ companyId, documentId, attempt: 1 });
  return toDetails(next);
}

/** Cancels what has not started reading (the reader then skips it). */
export async function cancelDocument(
  deps: DocumentsDeps,
  companyId: string,
  documentId: string,
  guard: (doc: StoredDocument) => void = () => {},
): Promise<DocumentDetails> {
  let refusal: AppError | null = null;
  const next = await updateDocument(deps, companyId, documentId, (d) => {
    guard(d);
    if (!CANCELLABLE.includes(d.status)) {
      refusal = conflict('Solo se puede cancelar un documento que aún no se está leyendo.');
      return null;
    }
    return {
      status: 'FAILED',
      error: { code: 'CANCELLED', message: 'Cancelado por el usuario', retryable: false },
      processedAt: deps.now().toISOString(),
      review: { ...d.review, status: 'NOT_REQUIRED', urgent: false },
    };
  });
  if (refusal) throw refusal;
  if (!next) throw notFound();
  return toDetails(next);
}

/**
 * Deletes the document (object and item). Refused (DOC_046) when its received invoice is booked —
 * approved, or anything but a draft PENDING or REJECTED: the booked invoice keeps its document — and
 * while it is being read.
 */
export async function deleteDocument(
  deps: DocumentsDeps,
  companyId: string,
  documentId: string,
  guard: (doc: StoredDocument) => void = () => {},
): Promise<void> {
  const doc = await requireDocument(deps, companyId, documentId);
  guard(doc);
  if (doc.status === 'OCR_PROCESSING')
    throw new AppError('DOC_046', 'El documento se está leyendo: espera a que termine para eliminarlo.');
  if (doc.receivedInvoiceId) {
    const res = await deps.db.send(
      new GetCommand({ TableName: deps.table, Key: keys.receivedInvoice(companyId, doc.receivedInvoiceId) }),
    );
    const approval = res.Item?.approvalStatus;
    if (res.Item && approval !== 'PENDING' && approval !== 'REJECTED')
      throw new AppError(
        'DOC_046',
        'No se puede eliminar el documento: su factura recibida ya está registrada. Elimina o rechaza antes la factura.',
        { details: { receivedInvoiceId: doc.receivedInvoiceId } },
      );
  }
  try {
    await deleteDocumentItems(deps, doc);
  } catch (e) {
    if ((e as Error)?.name === 'TransactionCanceledException')
      throw new AppError(
        'CONCURRENT_UPDATE',
        'El documento ha cambiado mientras lo eliminabas. Vuelve a intentarlo.',
      );
    throw e;
  }
  await deps.objects.remove(doc.s3Key);
}
