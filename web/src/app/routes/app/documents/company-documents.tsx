import { CompanyShares } from '@web/features/document-sharing/components/company-shares';
import { DocumentsPage } from '@web/features/documents/components/documents-page';
import { Flex } from 'antd';
import { useParams } from 'react-router-dom';

/**
 * /app/companies/:companyId/documents with document sharing (issue 21 item 2): the company's
 * documents (issue 17) and, below, its documents shared with its clients ('Compartir documento',
 * 'Revocar acceso'). Features do not import each other: the route composes them.
 */
export default function CompanyDocumentsRoute() {
  const { companyId = '' } = useParams();
  return (
    <Flex vertical gap={16} key={companyId}>
      <DocumentsPage companyIdFromUrl={companyId} />
      <CompanyShares companyId={companyId} />
    </Flex>
  );
}
