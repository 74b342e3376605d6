/**
 * /app/documents (the selected company) and /app/companies/:companyId/documents (the company of
 * the URL): the OCR statistics and the documents list (issue 17 item 7).
 */

import { LinkButton } from '@web/components/link-button';
import { EmptyState } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { Flex } from 'antd';
import { DocumentsList } from './documents-list';
import { OcrStatCards } from './ocr-stat-cards';

export function DocumentsPage({ companyIdFromUrl }: { companyIdFromUrl?: string }) {
  const selected = useCompanyId();
  const companyId = companyIdFromUrl ?? selected;
  const canUpload = useCan('documents.upload');
  const canMetrics = useCan('documents.aiMetrics');
  if (!companyId) {
    return (
      <>
        <PageHeader title="Documentos" />
        <EmptyState description="Selecciona una empresa para ver sus documentos." />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="Documentos"
        meta={<span>Facturas y justificantes subidos, recibidos por correo o por el cliente</span>}
        actions={
          <>
            {canMetrics ? (
              <LinkButton to={paths.app.documentsAiMetrics}>Precisión de la lectura</LinkButton>
            ) : null}
            {canUpload ? (
              <LinkButton type="primary" to={paths.app.documentsUpload}>
                Subir documentos
              </LinkButton>
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        <OcrStatCards companyId={companyId} />
        <DocumentsList companyId={companyId} byUrl={companyIdFromUrl !== undefined} />
      </Flex>
    </>
  );
}
