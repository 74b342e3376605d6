import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import PhoneOutlined from '@ant-design/icons/PhoneOutlined';
import { FeatureCard, Muted, PageHero, Section } from '@web/features/marketing/components/page-sections';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { CONTACT_CHANNELS, mailtoHref } from '@web/features/marketing/contact-channels';
import { paths } from '@web/lib/paths';
import { Button, Col, Row } from 'antd';
import { Link } from 'react-router-dom';

const SALES_BODY = [
  'Hola,',
  '',
  'Me gustaría recibir información sobre Cuadra.',
  '',
  'Tipo de cuenta (gestoría, empresa o autónomo):',
  'Número aproximado de empresas o clientes:',
  'Facturas al mes (aproximado):',
  'Teléfono de contacto (opcional):',
].join('\n');

const SUPPORT_BODY = [
  'Hola,',
  '',
  'Email de mi cuenta en Cuadra:',
  'Empresa afectada:',
  'Qué estaba haciendo y qué ha ocurrido:',
].join('\n');

export default function ContactRoute() {
  const { salesEmail, supportEmail, phone, hours } = CONTACT_CHANNELS;
  return (
    <PublicLayout>
      <title>Contacto · Cuadra</title>
      <PageHero
        eyebrow="Contacto"
        title="Habla con nosotros"
        lead="Escríbenos al equipo que corresponda y te respondemos en horario de atención. Atendemos en español."
      />
      <Section>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={12} lg={6}>
            <FeatureCard
              icon={<MailOutlined />}
              title="Ventas"
              text="Planes, precios, altas de gestorías con muchos clientes y demostraciones."
            >
              <p style={{ margin: '12px 0' }}>
                <a href={mailtoHref(salesEmail)}>{salesEmail}</a>
              </p>
              <Button type="primary" href={mailtoHref(salesEmail, 'Información sobre Cuadra', SALES_BODY)}>
                Escribir a ventas
              </Button>
            </FeatureCard>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <FeatureCard
              icon={<CustomerServiceOutlined />}
              title="Soporte"
              text="Dudas de uso, problemas de acceso, errores en envíos a la AEAT o en la facturación."
            >
              <p style={{ margin: '12px 0' }}>
                <a href={mailtoHref(supportEmail)}>{supportEmail}</a>
              </p>
              <Button href={mailtoHref(supportEmail, 'Consulta de soporte', SUPPORT_BODY)}>
                Escribir a soporte
              </Button>
            </FeatureCard>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <FeatureCard
              icon={<PhoneOutlined />}
              title="Teléfono"
              text={
                phone
                  ? 'Para consultas comerciales y de soporte en horario de atención.'
                  : 'Si prefieres hablar por teléfono, escríbenos a ventas o a soporte con tu número y la mejor hora para llamarte, y te llamamos nosotros.'
              }
            >
              {phone ? (
                <p style={{ margin: '12px 0 0', fontSize: 18 }}>
                  <a href={`tel:${phone.tel}`}>{phone.display}</a>
                </p>
              ) : null}
            </FeatureCard>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <FeatureCard icon={<ClockCircleOutlined />} title="Horario de atención" text={`${hours}.`}>
              <Muted>Los mensajes recibidos fuera de horario se atienden el siguiente día laborable.</Muted>
            </FeatureCard>
          </Col>
        </Row>
      </Section>
      <Section muted title="Otras gestiones">
        <ul style={{ margin: 0, paddingLeft: 20, lineHeight: 1.8 }}>
          <li>
            Si ya usas Cuadra, abre una consulta desde la sección Soporte de la aplicación: nos llega con el
            contexto de tu cuenta y tu empresa.
          </li>
          <li>
            Para ejercer tus derechos de protección de datos (acceso, rectificación, supresión, oposición,
            limitación y portabilidad), sigue lo indicado en la{' '}
            <Link to={paths.legal.privacy}>política de privacidad</Link>.
          </li>
          <li>
            Muchas dudas frecuentes están resueltas en el <Link to={paths.help}>centro de ayuda</Link>.
          </li>
        </ul>
      </Section>
    </PublicLayout>
  );
}
