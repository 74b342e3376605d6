/** /app/banking/security/policies: each open-banking policy, what it requires and whether the records meet it. */
import type { SecurityPolicy } from '@shared/schemas/psd2';
import { Card, Flex, Tag, Typography } from 'antd';
import { useSecurityPolicies } from '../api/psd2';
import { Loaded, SecurityFrame } from './ui';

const complianceTag = (p: SecurityPolicy) =>
  p.compliant === null ? (
    <Tag>Sin datos</Tag>
  ) : p.compliant ? (
    <Tag color="success">Se cumple</Tag>
  ) : (
    <Tag color="error">No se cumple</Tag>
  );

export function SecurityPoliciesPage() {
  return (
    <SecurityFrame
      title="Políticas de seguridad"
      meta={<span>Las reglas de banca abierta y su comprobación con los registros.</span>}
    >
      {(companyId) => <PoliciesContent companyId={companyId} />}
    </SecurityFrame>
  );
}

function PoliciesContent({ companyId }: { companyId: string }) {
  const policies = useSecurityPolicies(companyId);
  return (
    <Loaded query={policies} label="Cargando las políticas" errorTitle="Error obteniendo las políticas">
      {(p) => (
        <Flex vertical gap={12}>
          {p.items.map((policy) => (
            <Card
              key={policy.id}
              size="small"
              title={policy.title}
              extra={complianceTag(policy)}
              aria-label={policy.title}
            >
              <Typography.Paragraph style={{ marginBottom: 4 }}>{policy.description}</Typography.Paragraph>
              <Typography.Text type="secondary">{policy.evidence}</Typography.Text>
            </Card>
          ))}
        </Flex>
      )}
    </Loaded>
  );
}
