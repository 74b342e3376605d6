import { ClientDocumentRequests } from '@web/features/campaigns/components/client-document-requests';
import { ClientDocumentUpload } from '@web/features/client-portal/components/document-upload';
import { useCompanyId } from '@web/lib/company';
import { Flex } from 'antd';

/** /app/document-upload (client portal): what the gestoría asks for this period, then the upload. */
export default function ClientDocumentUploadRoute() {
  const companyId = useCompanyId();
  return (
    <Flex vertical gap={16}>
      {companyId ? <ClientDocumentRequests companyId={companyId} showUploadLink={false} /> : null}
      <ClientDocumentUpload />
    </Flex>
  );
}
