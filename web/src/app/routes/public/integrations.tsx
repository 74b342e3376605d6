import BankOutlined from '@ant-design/icons/BankOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import { availableClaims, type Claim, claimTexts } from '@shared/capabilities';
import { CheckList, PageHero, Section } from '@web/features/marketing/components/page-sections';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { CONTACT_CHANNELS, mailtoHref } from '@web/features/marketing/contact-channels';
import { Card, Col, Row, theme } from 'antd';
import type { ReactNode } from 'react';

interface IntegrationGroup {
  id: string;
  icon: ReactNode;
  title: string;
  intro: string;
  /** Each integration is a claim (shared/capabilities.ts): shown only when its areas work. */
  items: (Claim & { name: string })[];
}

const GROUPS: IntegrationGroup[] = [
  {
    id: 'aeat',
    icon: <SafetyCertificateOutlined />,
    title: 'Agencia Tributaria (AEAT)',
    intro:
      'Los envíos se firman con el certificado electrónico de la empresa o de la gestoría como colaboradora social.',
    items: [
      {
        name: 'VeriFacTu',
        text: 'Registro de facturación de cada factura emitida, con su huella encadenada a la anterior y el código QR que se imprime en la factura. Envío a la AEAT, anulaciones, reenvío de registros rechazados e historial exportable a Excel.',
        needs: ['verifactu'],
      },
      {
        name: 'SII (Suministro Inmediato de Información)',
        text: 'Envío de los libros registro de facturas emitidas y recibidas para las empresas obligadas o acogidas voluntariamente, con el estado de cada registro y los errores devueltos por la AEAT.',
        needs: ['sii'],
      },
      {
        name: 'Modelos tributarios',
        text: 'Preparación de los modelos 303, 111, 115, 130, 349, 390 y 347, entre otros, con los datos registrados en Cuadra, vista previa de las casillas antes de presentarlos e historial de lo presentado.',
        needs: ['taxModels', 'incomeTaxModels'],
      },
      {
        name: 'Modelos tributarios',
        text: 'Los modelos de IVA 303, 349, 390 y 347 calculados con las facturas registradas en Cuadra: vista previa casilla a casilla con las facturas de cada casilla, fichero oficial de la AEAT, presentación e historial de lo presentado.',
        needs: ['taxModels'],
        unless: ['incomeTaxModels'],
      },
      {
        name: 'Certificados electrónicos',
        text: 'Subida del certificado en formato .p12 o .pfx para firmar los envíos a VeriFacTu; se guarda cifrado, puedes eliminarlo cuando quieras y queda registrado cada uso.',
        needs: ['verifactu'],
      },
    ],
  },
  {
    id: 'bancos',
    icon: <BankOutlined />,
    title: 'Bancos',
    intro: 'Los movimientos bancarios entran en Cuadra para conciliarlos con facturas y gastos.',
    items: [
      {
        name: 'Norma 43 (cuaderno 43 de la AEB)',
        text: 'Importación del fichero de extractos que ofrecen todos los bancos españoles desde su banca electrónica. Sin credenciales bancarias de por medio.',
        needs: ['banking'],
      },
      {
        name: 'Banca abierta (PSD2)',
        text: 'Conexión con tu banco a través de un proveedor de servicios de información sobre cuentas autorizado. Das el consentimiento en la web de tu banco, lo puedes revocar cuando quieras y Cuadra solo lee movimientos: no puede ordenar pagos.',
        needs: ['banking'],
      },
      {
        name: 'Conciliación',
        text: 'Propuestas de emparejamiento entre movimientos y facturas por importe, fecha y contraparte, que confirmas o corriges en sesiones de conciliación.',
        needs: ['banking'],
      },
    ],
  },
  {
    id: 'correo',
    icon: <MailOutlined />,
    title: 'Correo electrónico',
    intro: 'Tus facturas llegan a tus clientes por correo, con su PDF adjunto.',
    items: [
      {
        name: 'Bandeja inteligente',
        text: 'Una dirección propia para cada empresa. Reenvía a ella las facturas recibidas y Cuadra extrae los datos del PDF para que solo tengas que aprobarlas o rechazarlas.',
        needs: ['smartInbox', 'ocr'],
      },
      {
        name: 'Envío de facturas',
        text: 'Las facturas emitidas se envían por correo al cliente desde Cuadra, con su PDF y el logotipo de tu empresa, y queda registrado cada envío.',
        needs: ['invoicing'],
      },
      {
        name: 'Avisos',
        text: 'Recordatorios por correo de los vencimientos fiscales y un resumen diario de los avisos sin leer, configurables por empresa.',
        needs: ['fiscalCalendar', 'emailDigest'],
      },
    ],
  },
  {
    id: 'hojas-de-calculo',
    icon: <TableOutlined />,
    title: 'Excel y CSV',
    intro: 'Para traer las facturas de otro programa y para llevarte las tuyas cuando quieras.',
    items: [
      {
        name: 'Importación de facturas',
        text: 'Desde un fichero Excel o CSV con la plantilla de Cuadra, con una vista previa de cada fila y sus errores antes de importar nada.',
        needs: ['importExport'],
      },
      {
        name: 'Exportación',
        text: 'Las facturas que filtres, en Excel o CSV, para tu gestoría o tu propio control.',
        needs: ['importExport'],
      },
    ],
  },
  {
    id: 'documentos',
    icon: <FileSearchOutlined />,
    title: 'Documentos y lectura automática',
    intro: 'Tickets, facturas y justificantes, subidos desde el ordenador o el móvil.',
    items: [
      {
        name: 'Reconocimiento de texto (OCR)',
        text: 'Lectura de facturas en PDF, JPG y PNG de hasta 50 MB, con un nivel de confianza por documento para revisar primero lo que más dudas genera.',
        needs: ['ocr'],
      },
      {
        name: 'Documentos compartidos',
        text: 'La gestoría comparte con su cliente los modelos presentados y otros documentos, con permiso de descarga o solo de consulta, y el cliente puede aprobarlos desde su portal.',
        needs: ['clientPortalDocuments', 'taxModels'],
      },
    ],
  },
  {
    id: 'seguridad-social',
    icon: <SolutionOutlined />,
    title: 'Nóminas y Seguridad Social',
    intro: 'Para empresas y gestorías que llevan la parte laboral.',
    items: [
      {
        name: 'Informes de cotización',
        text: 'Generación de la relación de liquidación de cotizaciones (RLC) y la relación nominal de trabajadores (RNT) a partir de las nóminas calculadas.',
        needs: ['payroll'],
      },
      {
        name: 'Nóminas',
        text: 'Cálculo mensual con los conceptos salariales configurados, retenciones de IRPF, ausencias y vacaciones, y los modelos 111 y 190 con las retenciones practicadas.',
        needs: ['payroll', 'taxModels'],
      },
    ],
  },
];

export default function IntegrationsRoute() {
  const { token } = theme.useToken();
  const groups = GROUPS.map((group) => ({ ...group, items: availableClaims(group.items) })).filter(
    (group) => group.items.length > 0,
  );
  return (
    <PublicLayout>
      <title>Integraciones · Cuadra</title>
      <PageHero
        eyebrow="Integraciones"
        title="Cuadra se conecta con la AEAT y con tus herramientas"
        lead="Menos datos tecleados dos veces: cada factura entra una vez y sirve para su registro en VeriFacTu, para el envío a tu cliente y para tus exportaciones."
      />
      {groups.map((group, index) => (
        <Section key={group.id} id={group.id} muted={index % 2 === 1} title={group.title} intro={group.intro}>
          <Row gutter={[24, 24]}>
            {group.items.map((item) => (
              <Col key={item.name} xs={24} md={12} lg={group.items.length > 3 ? 12 : 8}>
                <Card style={{ height: '100%' }} styles={{ body: { padding: 20 } }}>
                  <h3 style={{ margin: '0 0 8px', fontSize: 17 }}>
                    <span aria-hidden style={{ color: token.colorPrimary, marginRight: 8 }}>
                      {group.icon}
                    </span>
                    {item.name}
                  </h3>
                  <p style={{ margin: 0, color: token.colorTextSecondary, lineHeight: 1.6 }}>{item.text}</p>
                </Card>
              </Col>
            ))}
          </Row>
        </Section>
      ))}
      <Section
        id="otra-integracion"
        title="¿Necesitas conectar otra herramienta?"
        intro="Cuéntanos qué programa usas hoy (facturación, TPV, comercio electrónico, software de gestoría) y qué datos necesitas mover. Lo estudiamos contigo."
      >
        <CheckList
          items={claimTexts<ReactNode>([
            {
              needs: [],
              text: (
                <>
                  Escríbenos a{' '}
                  <a href={mailtoHref(CONTACT_CHANNELS.salesEmail, 'Consulta sobre integraciones')}>
                    {CONTACT_CHANNELS.salesEmail}
                  </a>{' '}
                  indicando la herramienta y el volumen aproximado de facturas.
                </>
              ),
            },
            {
              text: 'Las facturas de otros programas también pueden entrar como PDF por la bandeja inteligente mientras tanto.',
              needs: ['smartInbox'],
            },
            {
              text: 'Mientras tanto, las facturas de otros programas pueden entrar con la importación desde Excel o CSV.',
              needs: ['importExport'],
            },
          ])}
        />
      </Section>
    </PublicLayout>
  );
}
