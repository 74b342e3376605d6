/**
 * The banner of a received invoice drafted from a document's reading (issue 17 item 3): which
 * document (a link to it on the documents page, and 'Ver documento' to open the file), how it was
 * read, and what a person must complete or check before approving it.
 */
import type { ReceivedInvoiceDraftFlags } from '@shared/schemas/received-invoice-draft';
import { useCan } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Flex, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { openDocument } from '../api/view-document';
import { DRAFT_FIELD_LABELS, DRAFT_SOURCE_LABELS } from '../utils/labels';

/** The documents page with the document open (its drawer follows `?document=`). */
export const documentPageLink = (documentId: string) =>
  `${paths.app.documents}?document=${encodeURIComponent(documentId)}`;

export function ReceivedInvoiceDraftBanner({
  draft,
  companyId,
}: {
  draft: ReceivedInvoiceDraftFlags;
  companyId: string;
}) {
  const canList = useCan('documents.list');
  const canView = useCan('documents.view');
  const [opening, setOpening] = useState(false);
  const incomplete = draft.incompleteFields.map((f) => DRAFT_FIELD_LABELS[f] ?? f);
  const outOfBook = draft.booked === false;

  const view = () => {
    setOpening(true);
    openDocument(draft.documentId, companyId)
      .catch((error: unknown) => showToast('error', errorMessage(error)))
      .finally(() => setOpening(false));
  };

  return (
    <Alert
      type={incomplete.length > 0 || draft.needsReview ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      title="Borrador creado a partir de un documento leído"
      description={
        <Flex vertical gap={4}>
          <span>Leído de: {DRAFT_SOURCE_LABELS[draft.source] ?? draft.source}.</span>
          {incomplete.length > 0 ? (
            <span data-testid="draft-incomplete-fields">
              Campos incompletos o que no cuadran: {incomplete.join(', ')}.
            </span>
          ) : null}
          {draft.needsReview && incomplete.length === 0 ? (
            <span>Revisa los datos leídos antes de aprobarla.</span>
          ) : null}
          {/* Issue 17: nothing read is booked before a person approves it. */}
          {outOfBook ? (
            <span>
              {incomplete.length > 0
                ? 'No se contabiliza hasta que completes los datos que faltan y la apruebes.'
                : 'No se contabiliza hasta que la apruebes.'}
            </span>
          ) : null}
          <Space wrap>
            {canList ? <Link to={documentPageLink(draft.documentId)}>Abrir en Documentos</Link> : null}
            {canView ? (
              <Button size="small" onClick={view} loading={opening}>
                Ver documento
              </Button>
            ) : null}
          </Space>
        </Flex>
      }
    />
  );
}
