import ApiOutlined from '@ant-design/icons/ApiOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import CloudServerOutlined from '@ant-design/icons/CloudServerOutlined';
import FileProtectOutlined from '@ant-design/icons/FileProtectOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { availableClaims, type Claim, claimTexts, spanishList } from '@shared/capabilities';
import { ButtonLink } from '@web/features/marketing/components/button-link';
import { CheckList, FeatureCard, PageHero, Section } from '@web/features/marketing/components/page-sections';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { productAreas } from '@web/features/marketing/content/product-areas';
import { paths } from '@web/lib/paths';
import { Col, Row, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const AUDIENCES = [
  { href: '#gestorias', label: 'Para gestorías' },
  { href: '#empresas', label: 'Para empresas' },
  { href: '#autonomos', label: 'Para autónomos' },
] as const;

interface FeatureClaim extends Claim {
  icon: ReactNode;
  title: string;
}

// Every promise is a claim with the areas it needs (shared/capabilities.ts): shown only when they work.
const GESTORIA_FEATURES: FeatureClaim[] = [
  {
    icon: <SafetyCertificateOutlined />,
    title: 'VeriFacTu',
    text: 'Cada factura confirmada genera su registro encadenado y su código QR. Ves el estado del envío de cada registro a la Agencia Tributaria, con la respuesta de la AEAT y los rechazados señalados para corregirlos.',
    needs: ['verifactu'],
  },
  {
    icon: <FileProtectOutlined />,
    title: 'Facturación de cada cliente',
    text: 'Facturas emitidas con numeración correlativa por serie, rectificativas, facturas recurrentes para las cuotas periódicas e importación y exportación en Excel y CSV.',
    needs: ['invoicing', 'recurringInvoices', 'importExport'],
  },
  {
    icon: <FileProtectOutlined />,
    title: 'Modelos trimestrales y anuales',
    text: 'Los modelos 303, 111, 115, 130 y 349 de cada trimestre, y los resúmenes anuales 390 y 347, se preparan a partir de las facturas, gastos y nóminas registrados de cada cliente. Revisas las casillas, corriges lo necesario y los presentas.',
    needs: ['taxModels', 'payroll'],
  },
  {
    icon: <CalendarOutlined />,
    title: 'Calendario fiscal por cliente',
    text: 'Cada empresa tiene su calendario con las obligaciones que le corresponden según su forma jurídica y su régimen. Ves de un vistazo qué vence esta semana, qué está preparado y qué falta.',
    needs: ['fiscalCalendar'],
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'SII',
    text: 'Envío de los libros registro de las empresas obligadas, con el estado de cada registro y los errores devueltos por la AEAT.',
    needs: ['sii'],
  },
  {
    icon: <TeamOutlined />,
    title: 'Portal del cliente',
    text: 'Tus clientes entran con su propio usuario y consultan las facturas emitidas de su empresa, con su PDF, sin pedírtelas por correo.',
    needs: ['clientPortalInvoices', 'companyUsers'],
  },
  {
    icon: <InboxOutlined />,
    title: 'Bandeja inteligente',
    text: 'Cada empresa tiene una dirección a la que reenviar las facturas recibidas. Cuadra lee el PDF, propone proveedor, base, tipo de IVA y total, y lo deja pendiente de tu aprobación: nada se contabiliza sin que lo revises.',
    needs: ['smartInbox', 'ocr'],
  },
  {
    icon: <LockOutlined />,
    title: 'Accesos por empresa',
    text: 'Cambias de cliente desde el selector de empresa. Cada persona de tu equipo y cada cliente ve solo las empresas y los datos a los que le has dado acceso.',
    needs: ['companyUsers'],
  },
];

const STEPS: (Claim & { title: string })[] = [
  {
    title: 'Crea tu cuenta',
    text: 'Elige si eres autónomo, empresa o gestoría. Para autónomos y empresas indicas el NIF, la forma jurídica y la dirección fiscal, y Cuadra crea tu primera empresa.',
    needs: [],
  },
  {
    title: 'Completa los datos fiscales',
    text: 'Régimen de IVA, series de facturación y VeriFacTu, con tu certificado electrónico o la representación de tu gestoría.',
    needs: ['verifactu'],
  },
  {
    title: 'Trabaja el día a día',
    text: 'Emite facturas, registra las facturas de tus proveedores y lleva tus clientes. Cada factura confirmada queda registrada en VeriFacTu.',
    needs: ['invoicing', 'expenses', 'customers'],
  },
  {
    title: 'Cierra el trimestre',
    text: 'Revisa los modelos preparados, resuelve los avisos del calendario fiscal y comparte con tu gestoría o tus clientes lo que necesiten ver.',
    needs: ['taxModels', 'fiscalCalendar'],
  },
  {
    title: 'Trabaja con tu gestoría',
    text: 'Invita a tu gestoría o a tu equipo a tu empresa: cada uno entra con su usuario y sus permisos y ve los mismos datos, sin que tengas que enviarle nada.',
    needs: ['companyUsers'],
  },
];

/** A column's title names only the areas that work: its parts are claims too. */
const COMPANY_COLUMNS: { title: string | Claim[]; items: Claim[] }[] = [
  {
    title: 'Facturación y cumplimiento',
    items: [
      {
        text: 'Facturas emitidas con numeración correlativa sin huecos por serie, rectificativas cuando hay que corregir una factura ya emitida y facturas recurrentes para cuotas periódicas.',
        needs: ['invoicing', 'recurringInvoices'],
      },
      {
        text: 'VeriFacTu: cada factura genera su registro encadenado y su código QR, y se remite a la AEAT cuando tienes configurado el envío.',
        needs: ['verifactu'],
      },
      {
        text: 'SII para las empresas obligadas (grandes empresas, grupos de IVA e inscritas en el REDEME).',
        needs: ['sii'],
      },
      {
        text: 'Facturas recibidas, gastos por categoría y proveedores, con el IVA soportado de cada factura.',
        needs: ['expenses'],
      },
      {
        text: 'Clientes con su NIF comprobado, y facturas importadas o exportadas en Excel y CSV.',
        needs: ['customers', 'importExport'],
      },
    ],
  },
  {
    title: [
      { text: 'Contabilidad', needs: ['accounting'] },
      { text: 'nóminas', needs: ['payroll'] },
      { text: 'bancos', needs: ['banking'] },
    ],
    items: [
      {
        text: 'Contabilidad según el Plan General de Contabilidad: cuadro de cuentas, libro diario, balance y cuenta de pérdidas y ganancias.',
        needs: ['accounting'],
      },
      {
        text: 'Nóminas: empleados, conceptos salariales, cálculo mensual, ausencias y vacaciones, con los informes para la Seguridad Social.',
        needs: ['payroll'],
      },
      {
        text: 'Bancos: importación de extractos en formato Norma 43 (cuaderno 43 de la AEB) y conexión con tu banco por PSD2 para conciliar movimientos con facturas.',
        needs: ['banking'],
      },
      {
        text: 'Tesorería: vencimientos de cobros y pagos, facturas vencidas y previsión de liquidez.',
        needs: ['banking'],
      },
    ],
  },
];

const AUTONOMO_ITEMS: Claim[] = [
  {
    text: 'Facturas con tus datos, la retención de IRPF cuando facturas a empresas o profesionales y el IVA que corresponda.',
    needs: ['invoicing'],
  },
  {
    text: 'VeriFacTu desde tu primera factura: registro encadenado, código QR y envío a la AEAT.',
    needs: ['verifactu'],
  },
  { text: 'Facturas recurrentes para las cuotas que cobras cada mes.', needs: ['recurringInvoices'] },
  {
    text: 'Tus gastos y las facturas de tus proveedores, por categoría y con el IVA soportado.',
    needs: ['expenses'],
  },
  {
    text: 'Modelos 303 y 130 de cada trimestre preparados con tus ingresos y gastos; el 390 y el 347 al cierre del año.',
    needs: ['taxModels', 'incomeTaxModels'],
  },
  {
    text: 'El modelo 303 de cada trimestre preparado con tus facturas emitidas y recibidas; el 390 y el 347 al cierre del año.',
    needs: ['taxModels'],
    unless: ['incomeTaxModels'],
  },
  {
    text: 'Calendario fiscal con avisos antes de cada vencimiento, para no pagar recargos por presentar tarde.',
    needs: ['fiscalCalendar'],
  },
  {
    text: 'Una visión clara de lo que llevas facturado y de lo que tendrás que pagar de IVA e IRPF.',
    needs: ['taxModels', 'incomeTaxModels'],
  },
  {
    text: 'Una visión clara de lo que llevas facturado y del IVA que tendrás que pagar cada trimestre.',
    needs: ['taxModels'],
    unless: ['incomeTaxModels'],
  },
  {
    text: 'Si trabajas con una gestoría, la invitas a tu empresa y ve tus datos sin que tengas que enviarle nada.',
    needs: ['companyUsers'],
  },
];

const CONNECTIONS: Claim[] = [
  { text: 'VeriFacTu', needs: ['verifactu'] },
  { text: 'SII', needs: ['sii'] },
  { text: 'extractos Norma 43', needs: ['banking'] },
  { text: 'bancos por PSD2', needs: ['banking'] },
  { text: 'bandeja de facturas por correo electrónico', needs: ['smartInbox'] },
  { text: 'envío de las facturas a tus clientes por correo electrónico', needs: ['invoicing'] },
  { text: 'importación y exportación de facturas en Excel y CSV', needs: ['importExport'] },
];

const SECURITY = [
  {
    icon: <CloudServerOutlined />,
    title: 'Datos en la Unión Europea',
    text: 'La aplicación y sus bases de datos se alojan en centros de datos de Amazon Web Services situados en la Unión Europea. Tus datos no se transfieren fuera del Espacio Económico Europeo para prestar el servicio.',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Certificados cifrados',
    text: 'Los certificados electrónicos que subes para firmar envíos a la AEAT se guardan cifrados y solo se usan para las operaciones que tú lanzas. Puedes consultar cuándo se ha utilizado cada uno y eliminarlo en cualquier momento.',
  },
  {
    icon: <LockOutlined />,
    title: 'Accesos por empresa',
    text: 'Cada petición se comprueba contra las empresas a las que pertenece el usuario y su rol (administrador, gestor o cliente). Un cliente nunca ve los datos de otro, aunque compartan gestoría.',
  },
];

export default function LandingRoute() {
  const { token } = theme.useToken();
  const companyColumns = COMPANY_COLUMNS.map((column) => ({
    title:
      typeof column.title === 'string' ? column.title : capitalised(spanishList(claimTexts(column.title))),
    items: claimTexts(column.items),
  })).filter((column) => column.items.length > 0);
  const autonomoItems = claimTexts(AUTONOMO_ITEMS);
  return (
    <PublicLayout>
      <title>Cuadra · Facturación con VeriFacTu para gestorías, empresas y autónomos</title>
      <PageHero
        eyebrow="Administración y fiscalidad en la nube, hecha para España"
        title="Tus facturas y VeriFacTu, cuadrados en un solo sitio"
        lead={`Cuadra reúne ${productAreas()} de una o de muchas empresas en una aplicación web en español, pensada para la normativa española: el Reglamento de facturación y VeriFacTu.`}
        actions={
          <>
            <ButtonLink to={paths.auth.register} type="primary" size="large">
              Empezar gratis
            </ButtonLink>
            <ButtonLink to={paths.pricing} size="large">
              Ver precios
            </ButtonLink>
          </>
        }
      >
        <nav aria-label="Según tu perfil" style={{ marginTop: 24 }}>
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}>
            {AUDIENCES.map((audience) => (
              <li key={audience.href}>
                <a
                  href={audience.href}
                  style={{
                    display: 'inline-block',
                    padding: '4px 12px',
                    borderRadius: 999,
                    border: `1px solid ${token.colorBorder}`,
                    background: token.colorBgContainer,
                    color: token.colorText,
                    textDecoration: 'none',
                  }}
                >
                  {audience.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <Section
        id="gestorias"
        title="Para gestorías y asesorías"
        intro="Decenas de clientes cada trimestre, cada uno con su forma jurídica, sus plazos y sus papeles. Cuadra ordena el trabajo por empresa para que el cierre trimestral no dependa de hojas de cálculo ni de perseguir facturas por correo."
      >
        <Row gutter={[24, 24]}>
          {availableClaims(GESTORIA_FEATURES).map((feature) => (
            <Col key={feature.title} xs={24} md={12} lg={8}>
              <FeatureCard icon={feature.icon} title={feature.title} text={feature.text} />
            </Col>
          ))}
        </Row>
      </Section>

      <Section
        id="empresas"
        muted
        title="Para empresas: SL, SA, comunidades de bienes y sociedades civiles"
        intro="La administración de la empresa en un único sitio, con los datos listos para tu gestoría o para tu propio departamento financiero."
      >
        <Row gutter={[32, 24]}>
          {companyColumns.map((column) => (
            <Col key={column.title} xs={24} md={24 / companyColumns.length}>
              <h3 style={subheadingStyle}>{column.title}</h3>
              <CheckList items={column.items} />
            </Col>
          ))}
        </Row>
      </Section>

      <Section
        id="autonomos"
        title="Para autónomos"
        intro="Lo que necesitas para facturar y cumplir con Hacienda sin dedicarle las tardes del último día del trimestre."
      >
        <Row gutter={[32, 24]}>
          <Col xs={24} md={12}>
            <CheckList items={autonomoItems.slice(0, Math.ceil(autonomoItems.length / 2))} />
          </Col>
          <Col xs={24} md={12}>
            <CheckList items={autonomoItems.slice(Math.ceil(autonomoItems.length / 2))} />
          </Col>
        </Row>
      </Section>

      <Section
        id="como-funciona"
        muted
        title="Cómo funciona"
        intro="Empiezas en minutos y vas añadiendo configuración según la necesitas."
      >
        <ol
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 24,
            gridTemplateColumns: 'repeat(auto-fit, minmax(230px, 1fr))',
          }}
        >
          {availableClaims(STEPS).map((step, index) => (
            <li key={step.title}>
              <span
                aria-hidden
                style={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  background: token.colorPrimary,
                  color: '#ffffff',
                  fontWeight: 700,
                }}
              >
                {index + 1}
              </span>
              <h3 style={{ ...subheadingStyle, marginTop: 12 }}>
                <span className="cq-visually-hidden">Paso {index + 1}: </span>
                {step.title}
              </h3>
              <p style={{ margin: 0, color: token.colorTextSecondary, lineHeight: 1.6 }}>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="seguridad"
        title="Seguridad y privacidad"
        intro={
          <>
            Trabajas con datos fiscales y personales de terceros: los tratamos como tales. Tienes el detalle
            en la <Link to={paths.legal.privacy}>política de privacidad</Link>.
          </>
        }
      >
        <Row gutter={[24, 24]}>
          {SECURITY.map((item) => (
            <Col key={item.title} xs={24} md={8}>
              <FeatureCard {...item} />
            </Col>
          ))}
        </Row>
      </Section>

      <Section id="integraciones" muted>
        <Row gutter={[24, 24]} align="middle">
          <Col xs={24} md={16}>
            <h2 style={{ margin: 0, fontSize: 24 }}>
              <ApiOutlined aria-hidden style={{ marginRight: 8, color: token.colorPrimary }} />
              Conectado con la AEAT y con tus herramientas
            </h2>
            <p style={{ margin: '8px 0 0', color: token.colorTextSecondary, lineHeight: 1.6 }}>
              {capitalised(spanishList(claimTexts(CONNECTIONS)))}.{' '}
              <Link to={paths.integrations}>Ver todas las integraciones</Link>.
            </p>
          </Col>
          <Col xs={24} md={8} style={{ textAlign: 'right' }}>
            <BankOutlined aria-hidden style={{ fontSize: 56, color: token.colorPrimary, opacity: 0.25 }} />
          </Col>
        </Row>
      </Section>

      <section style={{ background: token.colorPrimary }}>
        <div style={{ maxWidth: 1160, margin: '0 auto', padding: '48px 24px', color: '#ffffff' }}>
          <h2 style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 30px)', color: '#ffffff' }}>
            Empieza hoy con tu primera empresa
          </h2>
          <p style={{ margin: '12px 0 24px', maxWidth: 680, fontSize: 16, lineHeight: 1.6, opacity: 0.9 }}>
            Crear la cuenta es gratis y no pide tarjeta. Cuando quieras contratar un plan, eliges el que
            encaja con tu volumen en la página de precios.
          </p>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <ButtonLink to={paths.auth.register} size="large">
              Crear cuenta gratis
            </ButtonLink>
            <ButtonLink to={paths.contact} size="large" ghost>
              Hablar con ventas
            </ButtonLink>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}

const subheadingStyle = { margin: '0 0 12px', fontSize: 18 } as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
