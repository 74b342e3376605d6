import { SupportInfo } from '@web/features/support/components/support-info';
import { useSelectedCompany } from '@web/lib/session';
import { Flex } from 'antd';

export default function SupportRoute() {
  const company = useSelectedCompany();
  return (
    <Flex vertical gap={16}>
      <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Ayuda y soporte</h1>
      <SupportInfo companyName={company?.name} />
    </Flex>
  );
}
