/**
 * The consolidated variant of the company dashboard (spec part 3 §2): one card per company; a click
 * selects it, the selected card shows 'Ver Detalles' (its page) and the selected company's
 * dashboard shows below. The selection starts at the session's selected company when it is one of
 * them, else the first.
 */
import { type CompanyEntry, companyTypeLabels } from '@shared/schemas/companies';
import { LinkButton } from '@web/components/link-button';
import { paths } from '@web/lib/paths';
import { Card, Col, Flex, Row, Tag } from 'antd';
import { useState } from 'react';
import { CompanyDashboard } from './company-dashboard';

const UNSTYLED_BUTTON = {
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
} as const;

export function ConsolidatedDashboard({
  companies,
  initialCompanyId,
}: {
  companies: readonly CompanyEntry[];
  initialCompanyId?: string | null;
}) {
  const first = companies.find((c) => c.companyId === initialCompanyId) ?? companies[0];
  const [selectedId, setSelectedId] = useState<string | undefined>(first?.companyId);
  const selected = companies.find((c) => c.companyId === selectedId) ?? first;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {companies.map((company) => {
          const isSelected = company.companyId === selected?.companyId;
          return (
            <Col key={company.companyId} xs={24} sm={12} lg={8}>
              <Card
                hoverable
                onClick={() => setSelectedId(company.companyId)}
                style={{
                  height: '100%',
                  borderColor: isSelected ? '#1677ff' : undefined,
                  borderWidth: isSelected ? 2 : 1,
                }}
              >
                <Flex vertical gap={6} align="flex-start">
                  {/* The card's click selects it too; the button is what keyboards and screen readers use. */}
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    onClick={(event) => {
                      event.stopPropagation();
                      setSelectedId(company.companyId);
                    }}
                    style={UNSTYLED_BUTTON}
                  >
                    <strong>{company.name}</strong>
                  </button>
                  <span>{company.nif}</span>
                  <Flex gap={4} wrap>
                    <Tag>{companyTypeLabels[company.companyType] ?? company.companyType}</Tag>
                    {company.siiEnabled ? <Tag color="blue">SII</Tag> : null}
                    {company.verifactuEnabled ? <Tag color="green">VeriFacTu</Tag> : null}
                  </Flex>
                  {isSelected ? (
                    <LinkButton type="primary" size="small" to={paths.app.company(company.companyId)}>
                      Ver Detalles
                    </LinkButton>
                  ) : null}
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
      {selected ? (
        <CompanyDashboard key={selected.companyId} companyId={selected.companyId} variant="COMPANY" />
      ) : null}
    </Flex>
  );
}
