/**
 * The company has no tax profile yet (TAX_021 / CONFIGURATION_NOT_FOUND, spec part 2 §8 and part 3):
 * the welcome card 'Bienvenido! Configuración Fiscal' whose 'Configurar Ahora' opens the company's
 * fiscal tab (profile and assistant), or the companies when none is selected. With `incomplete`, the
 * dashboards' warning 'Configuración fiscal incompleta' (priority high, shown as an error) comes first.
 * Shared by the tax pages, the models pages and the dashboard's fiscal widgets.
 */
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { paths } from '@web/lib/paths';
import { Alert, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LinkButton } from './link-button';

const DEFAULT_DESCRIPTION =
  'Indica los datos censales de la empresa (régimen de IVA, trabajadores, alquileres, operaciones ' +
  'intracomunitarias…) y Cuadra calculará sus obligaciones con la AEAT, su calendario fiscal y las ' +
  'alertas de cada plazo.';

/** Where 'Configurar Ahora' goes: the company's fiscal tab, or the companies when none is selected. */
export function taxSetupPath(companyId: string | null): string {
  return companyId ? paths.app.companyConfiguration(companyId, 'fiscal') : paths.app.companies;
}

export function TaxWelcomeCard({
  companyId,
  description = DEFAULT_DESCRIPTION,
  incomplete = false,
}: {
  companyId: string | null;
  /** What the profile is for on this page. */
  description?: ReactNode;
  /** Show the warning 'Configuración fiscal incompleta' above the card. */
  incomplete?: boolean;
}) {
  const card = (
    <Card aria-label="Bienvenido! Configuración Fiscal">
      <Flex vertical align="center" gap={12} style={{ textAlign: 'center', padding: '16px 0' }}>
        <SettingOutlined style={{ fontSize: 40, color: '#1677ff' }} aria-hidden />
        <Typography.Title level={3} style={{ margin: 0 }}>
          Bienvenido! Configuración Fiscal
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 520, margin: 0 }}>
          {description}
        </Typography.Paragraph>
        <LinkButton type="primary" to={taxSetupPath(companyId)}>
          Configurar Ahora
        </LinkButton>
      </Flex>
    </Card>
  );
  if (!incomplete) return card;
  return (
    <Flex vertical gap={16}>
      <Alert
        type="error"
        showIcon
        title="Configuración fiscal incompleta"
        description="La empresa no tiene perfil fiscal: sin él no se pueden calcular sus obligaciones, su calendario ni sus alertas."
      />
      {card}
    </Flex>
  );
}
