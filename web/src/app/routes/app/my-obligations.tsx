import { ClientDocumentRequests } from '@web/features/campaigns/components/client-document-requests';
import { MyObligations } from '@web/features/fiscal-widgets/components/my-obligations';
import { useCompanyId } from '@web/lib/company';
import { Flex } from 'antd';

/**
 * /app/my-obligations: what is pending from the client (the paperwork its gestoría asks for this
 * period, issue 21) above the selected company's obligations.
 */
export default function MyObligationsRoute() {
  const companyId = useCompanyId();
  return (
    <Flex vertical gap={16}>
      {companyId ? <ClientDocumentRequests companyId={companyId} /> : null}
      <MyObligations />
    </Flex>
  );
}
