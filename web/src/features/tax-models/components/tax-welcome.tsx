/**
 * The company has no tax profile yet (spec part 2 §8: TAX_021): the welcome card 'Bienvenido!
 * Configuración Fiscal' and 'Configurar Ahora', which opens the company's fiscal tab. The models
 * are computed from the profile's facts (regime, periodicity), so nothing else is asked.
 */
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { LinkButton } from '@web/components/tax-models/link-button';
import { paths } from '@web/lib/paths';
import { Card, Flex, Typography } from 'antd';

export function TaxWelcomeCard({ companyId }: { companyId: string }) {
  return (
    <Card aria-label="Bienvenido! Configuración Fiscal">
      <Flex vertical align="center" gap={12} style={{ textAlign: 'center', padding: '16px 0' }}>
        <SettingOutlined style={{ fontSize: 40, color: '#1677ff' }} aria-hidden />
        <Typography.Title level={3} style={{ margin: 0 }}>
          Bienvenido! Configuración Fiscal
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 520, margin: 0 }}>
          Los modelos de la AEAT se calculan con el perfil fiscal de la empresa (régimen de IVA, periodicidad,
          operaciones intracomunitarias…). Indícalo primero y Cuadra preparará cada modelo con sus facturas.
        </Typography.Paragraph>
        <LinkButton type="primary" to={paths.app.companyConfiguration(companyId, 'fiscal')}>
          Configurar Ahora
        </LinkButton>
      </Flex>
    </Card>
  );
}
