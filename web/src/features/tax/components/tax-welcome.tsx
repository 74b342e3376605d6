/**
 * The company has no tax profile yet (TAX_021 / CONFIGURATION_NOT_FOUND, spec part 2 §8): the
 * welcome card 'Bienvenido! Configuración Fiscal' and 'Configurar Ahora', which opens the
 * company's fiscal tab (profile and assistant), or the companies when none is selected.
 */
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { paths } from '@web/lib/paths';
import { Card, Flex, Typography } from 'antd';
import { LinkButton } from './link-button';

export function taxSetupPath(companyId: string | null): string {
  return companyId ? paths.app.companyConfiguration(companyId, 'fiscal') : paths.app.companies;
}

export function TaxWelcomeCard({ companyId }: { companyId: string | null }) {
  return (
    <Card aria-label="Bienvenido! Configuración Fiscal">
      <Flex vertical align="center" gap={12} style={{ textAlign: 'center', padding: '16px 0' }}>
        <SettingOutlined style={{ fontSize: 40, color: '#1677ff' }} aria-hidden />
        <Typography.Title level={3} style={{ margin: 0 }}>
          Bienvenido! Configuración Fiscal
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 520, margin: 0 }}>
          Indica los datos censales de la empresa (régimen de IVA, trabajadores, alquileres, operaciones
          intracomunitarias…) y Cuadra calculará sus obligaciones con la AEAT, su calendario fiscal y las
          alertas de cada plazo.
        </Typography.Paragraph>
        <LinkButton type="primary" to={taxSetupPath(companyId)}>
          Configurar Ahora
        </LinkButton>
      </Flex>
    </Card>
  );
}
