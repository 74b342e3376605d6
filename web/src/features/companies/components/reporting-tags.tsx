import type { CompanyEntry } from '@shared/schemas/companies';
import { Flex, Tag } from 'antd';

/** SII (large companies, REDEME) and VeriFacTu (everybody else) as tags. */
export function ReportingTags({
  company,
}: {
  company: Pick<CompanyEntry, 'siiEnabled' | 'verifactuEnabled'>;
}) {
  if (!company.siiEnabled && !company.verifactuEnabled) return <span style={{ opacity: 0.65 }}>—</span>;
  return (
    <Flex gap={4}>
      {company.siiEnabled ? <Tag color="purple">SII</Tag> : null}
      {company.verifactuEnabled ? <Tag color="cyan">VeriFacTu</Tag> : null}
    </Flex>
  );
}
