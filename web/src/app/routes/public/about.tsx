import { type Claim, claimTexts } from '@shared/capabilities';
import { ButtonLink } from '@web/features/marketing/components/button-link';
import { CheckList, FeatureCard, PageHero, Section } from '@web/features/marketing/components/page-sections';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { productAreas } from '@web/features/marketing/content/product-areas';
import { paths } from '@web/lib/paths';
import { Col, Row } from 'antd';
import { Link } from 'react-router-dom';

const PRINCIPLES = [
  {
    title: 'Hecho para la normativa española',
    text: 'El Reglamento de facturación y VeriFacTu no son añadidos: el producto se diseña a partir de ellos.',
  },
  {
    title: 'Cada dato se teclea una vez',
    text: 'La factura que emites sirve para su registro en VeriFacTu, su PDF, su envío al cliente y tus exportaciones. Nada de copiar importes de una herramienta a otra.',
  },
  {
    title: 'La gestoría y su cliente, en el mismo sitio',
    text: 'El cliente consulta las facturas de su empresa; la gestoría trabaja sobre los mismos datos. Cada uno con sus permisos, sin cadenas de correos con adjuntos.',
  },
  {
    title: 'Privacidad desde el diseño',
    text: 'Datos alojados en la Unión Europea, accesos comprobados empresa a empresa en el servidor y certificados electrónicos cifrados. Recogemos solo lo necesario para prestar el servicio.',
  },
  {
    title: 'Precios publicados',
    text: 'Los planes y sus precios están en la web, con el IVA indicado aparte. Sin sorpresas en la factura.',
  },
  {
    title: 'En español, de principio a fin',
    text: 'La aplicación, los mensajes de error, la ayuda y el soporte, en español y con los términos que usan la AEAT y tu gestoría.',
  },
];

/** Each line is a claim (shared/capabilities.ts): shown only when its areas work. */
const WHAT_YOU_CAN_DO: Claim[] = [
  {
    text: 'Facturar, con facturas rectificativas y recurrentes, y registrar cada factura en VeriFacTu.',
    needs: ['invoicing', 'recurringInvoices', 'verifactu'],
  },
  { text: 'Enviar los libros registro al SII.', needs: ['sii'] },
  { text: 'Registrar gastos y las facturas recibidas de tus proveedores.', needs: ['expenses'] },
  {
    text: 'Recibir las facturas de proveedores por correo en la bandeja inteligente.',
    needs: ['smartInbox'],
  },
  {
    text: 'Llevar tus clientes e importar o exportar tus facturas en Excel y CSV.',
    needs: ['customers', 'importExport'],
  },
  {
    text: 'Preparar los modelos tributarios y seguir el calendario fiscal de cada empresa.',
    needs: ['taxModels', 'fiscalCalendar'],
  },
  { text: 'Llevar la contabilidad según el Plan General de Contabilidad.', needs: ['accounting'] },
  { text: 'Calcular nóminas y gestionar ausencias y vacaciones.', needs: ['payroll'] },
  { text: 'Conciliar los movimientos bancarios y seguir la tesorería.', needs: ['banking'] },
  { text: 'Dar acceso a tu equipo y a tus clientes, cada uno con sus permisos.', needs: ['companyUsers'] },
  {
    text: 'Compartir documentos y mensajes entre la gestoría y sus clientes.',
    needs: ['clientPortalDocuments', 'clientMessaging'],
  },
];

export default function AboutRoute() {
  return (
    <PublicLayout>
      <title>Sobre nosotros · Cuadra</title>
      <PageHero
        eyebrow="Sobre nosotros"
        title="Queremos que la administración de tu empresa cuadre a la primera"
        lead="Cuadra es una aplicación web de gestión administrativa y fiscal para empresas, autónomos y gestorías que trabajan en España."
      />
      <Section title="Por qué existe Cuadra">
        <Row gutter={[32, 24]}>
          <Col xs={24} md={12}>
            <p style={{ margin: 0, lineHeight: 1.7 }}>
              En muchas empresas pequeñas las facturas emitidas viven en un programa, las recibidas en el
              correo, los movimientos en la web del banco y los cálculos del trimestre en una hoja de cálculo.
              Cada cierre trimestral obliga a reunirlo todo a mano, con el riesgo de que algo no cuadre justo
              cuando vence el plazo.
            </p>
          </Col>
          <Col xs={24} md={12}>
            <p style={{ margin: 0, lineHeight: 1.7 }}>
              En las gestorías el problema se multiplica por cada cliente. Y los cambios normativos, como la
              obligación de usar sistemas de facturación verificables (VeriFacTu), exigen que el software se
              adapte a tiempo. Cuadra reúne en un único lugar {productAreas()}, con los datos compartidos
              entre la empresa y su gestoría.
            </p>
          </Col>
        </Row>
      </Section>
      <Section muted title="Cómo trabajamos">
        <Row gutter={[24, 24]}>
          {PRINCIPLES.map((principle) => (
            <Col key={principle.title} xs={24} md={12} lg={8}>
              <FeatureCard title={principle.title} text={principle.text} />
            </Col>
          ))}
        </Row>
      </Section>
      <Section title="Qué puedes hacer con Cuadra">
        <CheckList items={claimTexts(WHAT_YOU_CAN_DO)} />
        <p style={{ margin: '24px 0 0', lineHeight: 1.6 }}>
          Los datos del titular del servicio figuran en el{' '}
          <Link to={paths.legal.legalNotice}>aviso legal</Link>.
        </p>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 24 }}>
          <ButtonLink to={paths.auth.register} type="primary" size="large">
            Empezar gratis
          </ButtonLink>
          <ButtonLink to={paths.contact} size="large">
            Contactar
          </ButtonLink>
        </div>
      </Section>
    </PublicLayout>
  );
}
