/**
 * The archived SOAP messages of a submission (the request exactly as sent, the AEAT's answer as
 * received): read them here or download them as .xml. Loaded only when asked for.
 */
import type { SiiSubmission } from '@shared/schemas/sii';
import { useQueryClient } from '@tanstack/react-query';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { saveBlob } from '@web/lib/api-download';
import { errorMessage } from '@web/lib/api-error';
import { showToast } from '@web/lib/toast';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { siiSubmissionDetailsQueryOptions, useSiiSubmissionDetails } from '../api/get-submission-details';

type Part = 'request' | 'response';

const PART_LABELS: Record<Part, string> = { request: 'Petición', response: 'Respuesta' };

/** A message bigger than the API answers whole (MAX_ARCHIVED_CHARS) comes cut; the archive keeps it all. */
const TRUNCATED_TEXT =
  'El mensaje es demasiado grande para mostrarlo entero: se muestra el principio. El archivo completo se conserva en el archivo del SII.';

/** `sii-<book>-<submissionId>-peticion.xml` */
export const xmlFileName = (submission: Pick<SiiSubmission, 'book' | 'submissionId'>, part: Part) =>
  `sii-${submission.book}-${submission.submissionId}-${part === 'request' ? 'peticion' : 'respuesta'}.xml`;

export function ArchivedMessages({
  submission,
  companyId,
}: {
  submission: SiiSubmission;
  companyId: string | null;
}) {
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<Part | null>(null);
  const [downloading, setDownloading] = useState<Part | null>(null);
  const details = useSiiSubmissionDetails(submission.submissionId, companyId, viewing !== null);
  const archived: Record<Part, boolean> = {
    request: submission.archive.request !== null,
    // A submission still waiting has no answer yet; the archive says whether there is one.
    response: submission.archive.response !== null,
  };

  const download = async (part: Part) => {
    setDownloading(part);
    try {
      const data = await queryClient.fetchQuery(
        siiSubmissionDetailsQueryOptions(submission.submissionId, companyId),
      );
      const message = data[part];
      if (message === null) {
        showToast('warning', `No hay ${PART_LABELS[part].toLowerCase()} archivada para este envío.`);
        return;
      }
      saveBlob(new Blob([message.content], { type: 'application/xml' }), xmlFileName(submission, part));
      if (message.truncated) showToast('warning', TRUNCATED_TEXT);
    } catch (e) {
      showToast('error', errorMessage(e));
    } finally {
      setDownloading(null);
    }
  };

  const shown = viewing && details.data ? details.data[viewing] : null;
  return (
    <>
      <Flex gap={8} wrap>
        {(['request', 'response'] as const).map((part) => (
          <Flex key={part} gap={4}>
            <Button disabled={!archived[part]} onClick={() => setViewing(part)}>
              Ver {PART_LABELS[part].toLowerCase()} XML
            </Button>
            <Button
              disabled={!archived[part]}
              loading={downloading === part}
              onClick={() => void download(part)}
            >
              Descargar {PART_LABELS[part].toLowerCase()}
            </Button>
          </Flex>
        ))}
      </Flex>
      {!archived.response ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Sin respuesta archivada de la AEAT.
        </Typography.Paragraph>
      ) : null}
      <Modal
        open={viewing !== null}
        title={viewing ? `${PART_LABELS[viewing]} XML` : ''}
        width={960}
        onCancel={() => setViewing(null)}
        footer={
          viewing ? (
            <Button loading={downloading === viewing} onClick={() => void download(viewing)}>
              Descargar
            </Button>
          ) : null
        }
      >
        {details.isPending ? (
          <LoadingBlock label="Cargando el mensaje archivado" />
        ) : details.isError ? (
          <LoadError
            title="No se ha podido leer el mensaje archivado"
            error={details.error}
            onRetry={() => void details.refetch()}
          />
        ) : shown === null ? (
          <Typography.Text type="secondary">No hay mensaje archivado.</Typography.Text>
        ) : (
          <>
            {shown.truncated ? (
              <Typography.Paragraph type="warning">{TRUNCATED_TEXT}</Typography.Paragraph>
            ) : null}
            <pre
              data-testid="archived-xml"
              style={{ maxHeight: '60vh', overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap' }}
            >
              {shown.content}
            </pre>
          </>
        )}
      </Modal>
    </>
  );
}
