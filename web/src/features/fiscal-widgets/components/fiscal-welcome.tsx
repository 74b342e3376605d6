/**
 * The company has no tax profile yet (TAX_021 / CONFIGURATION_NOT_FOUND, spec part 2 §8 and part 3):
 * the dashboard warning 'Configuración fiscal incompleta' (priority high, shown as an error) and the
 * welcome card 'Bienvenido! Configuración Fiscal' whose 'Configurar Ahora' opens the company's fiscal
 * tab, or the companies when none is selected.
 */
import { paths } from '@web/lib/paths';
import { Alert, Card, Flex } from 'antd';
import { LinkButton } from './link-button';

export const fiscalSetupPath = (companyId: string | null): string =>
  companyId ? paths.app.companyConfiguration(companyId, 'fiscal') : paths.app.companies;

export function FiscalWelcome({ companyId }: { companyId: string | null }) {
  return (
    <Flex vertical gap={16}>
      <Alert
        type="error"
        showIcon
        title="Configuración fiscal incompleta"
        description="La empresa no tiene perfil fiscal: sin él no se pueden calcular sus obligaciones, su calendario ni sus alertas."
      />
      <Card aria-label="Bienvenido! Configuración Fiscal">
        <Flex vertical align="center" gap={12} style={{ textAlign: 'center', padding: '8px 0' }}>
          <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>Bienvenido! Configuración Fiscal</h2>
          <p style={{ margin: 0, maxWidth: 520, color: 'rgba(0, 0, 0, 0.55)' }}>
            Indica los datos censales de la empresa (régimen de IVA, trabajadores, alquileres, operaciones con
            la UE…) y Cuadra calculará sus obligaciones con la AEAT, su calendario fiscal y las alertas de
            cada plazo.
          </p>
          <LinkButton type="primary" to={fiscalSetupPath(companyId)}>
            Configurar Ahora
          </LinkButton>
        </Flex>
      </Card>
    </Flex>
  );
}
