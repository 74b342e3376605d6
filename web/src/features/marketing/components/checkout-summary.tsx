import MailOutlined from '@ant-design/icons/MailOutlined';
import type { Plan } from '@shared/schemas/billing';
import { formatCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Button, Card, Col, Row, theme } from 'antd';
import { CONTACT_CHANNELS, mailtoHref } from '../contact-channels';
import { formatRate, priceBreakdown } from '../utils/price-breakdown';
import { ButtonLink } from './button-link';
import { CheckList } from './page-sections';

/**
 * The chosen plan with its monthly price as the invoice will show it, and the plan's feature lines
 * that work today (`plan.features`, from shared/capabilities.ts). There is no payment here, so the
 * honest next step is asking sales for the subscription, with everything they need in the e-mail.
 */
export function CheckoutSummary({ plan, accountEmail }: { plan: Plan; accountEmail: string | null }) {
  const { token } = theme.useToken();
  const price = priceBreakdown(plan.monthlyPriceCents);
  const requestBody = [
    'Hola,',
    '',
    `Quiero dar de alta el plan ${plan.planName} (${plan.planCode}) de Cuadra.`,
    '',
    `Cuenta: ${accountEmail ?? '(indica el email de tu cuenta)'}`,
    `Precio: ${formatCents(price.baseCents)} al mes + IVA ${formatRate(price.vatRateBp)} = ${formatCents(price.totalCents)} al mes`,
    '',
    'Razón social y NIF para la factura:',
    'Domicilio fiscal:',
    'Teléfono de contacto (opcional):',
  ].join('\n');
  const rowStyle = {
    display: 'flex',
    justifyContent: 'space-between',
    gap: 16,
    padding: '10px 0',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  } as const;

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Card styles={{ body: { padding: 24 } }}>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>Plan seleccionado</p>
          <h2 style={{ margin: '4px 0 8px', fontSize: 24 }}>{plan.planName}</h2>
          <p style={{ margin: '0 0 16px', color: token.colorTextSecondary, lineHeight: 1.5 }}>
            {plan.audience}
          </p>
          <CheckList items={plan.features} />
          <p style={{ margin: '20px 0 0' }}>
            <ButtonLink to={paths.pricing} type="link" style={{ padding: 0 }}>
              Cambiar de plan
            </ButtonLink>
          </p>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card styles={{ body: { padding: 24 } }}>
          <h2 style={{ margin: '0 0 8px', fontSize: 18 }}>Resumen mensual</h2>
          <dl style={{ margin: 0 }}>
            <div style={rowStyle}>
              <dt>Base imponible</dt>
              <dd style={{ margin: 0 }} data-testid="checkout-base">
                {formatCents(price.baseCents)}
              </dd>
            </div>
            <div style={rowStyle}>
              <dt>IVA ({formatRate(price.vatRateBp)})</dt>
              <dd style={{ margin: 0 }} data-testid="checkout-vat">
                {formatCents(price.vatCents)}
              </dd>
            </div>
            <div style={{ ...rowStyle, borderBottom: 'none', fontWeight: 700, fontSize: 18 }}>
              <dt>Total al mes</dt>
              <dd style={{ margin: 0 }} data-testid="checkout-total">
                {formatCents(price.totalCents)}
              </dd>
            </div>
          </dl>
          {plan.trialDays > 0 ? (
            <p style={{ margin: '8px 0 0', color: token.colorTextSecondary }}>
              Incluye {plan.trialDays} días de prueba gratis antes del primer cargo.
            </p>
          ) : null}
          <div
            role="note"
            style={{
              margin: '20px 0',
              padding: 16,
              borderRadius: token.borderRadiusLG,
              background: '#eff4ff',
              lineHeight: 1.6,
            }}
          >
            <strong>El pago en línea no está disponible.</strong> Solicita el alta y nuestro equipo de ventas
            te enviará las condiciones y la factura, y activará el plan en tu cuenta. No se te cobrará nada
            desde esta página.
          </div>
          <Button
            type="primary"
            size="large"
            block
            icon={<MailOutlined />}
            href={mailtoHref(CONTACT_CHANNELS.salesEmail, `Solicitud de alta: ${plan.planName}`, requestBody)}
          >
            Solicitar alta
          </Button>
          <p style={{ margin: '12px 0 0', fontSize: 13, color: token.colorTextSecondary }}>
            Se abrirá tu programa de correo con un mensaje para {CONTACT_CHANNELS.salesEmail}. Si no se abre,
            escríbenos directamente a esa dirección.
          </p>
        </Card>
      </Col>
    </Row>
  );
}
