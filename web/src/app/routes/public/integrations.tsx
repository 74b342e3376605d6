import BankOutlined from '@ant-design/icons/BankOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
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
  items: { name: string; text: string }[];
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
      },
      {
        name: 'SII (Suministro Inmediato de Información)',
        text: 'Envío de los libros registro de facturas emitidas y recibidas para las empresas obligadas o acogidas voluntariamente, con el estado de cada registro y los errores devueltos por la AEAT.',
      },
      {
        name: 'Modelos tributarios',
        text: 'Preparación de los modelos 303, 111, 115, 130, 349, 390 y 347, entre otros, con los datos registrados en Cuadra, vista previa de las casillas antes de presentarlos e historial de lo presentado.',
      },
      {
        name: 'Certificados electrónicos',
        text: 'Subida del certificado en formato .p12 o .pfx; se guarda cifrado, puedes eliminarlo cuando quieras y queda registrado cada uso.',
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
      },
      {
        name: 'Banca abierta (PSD2)',
        text: 'Conexión con tu banco a través de un proveedor de servicios de información sobre cuentas autorizado. Das el consentimiento en la web de tu banco, lo puedes revocar cuando quieras y Cuadra solo lee movimientos: no puede ordenar pagos.',
      },
      {
        name: 'Conciliación',
        text: 'Propuestas de emparejamiento entre movimientos y facturas por importe, fecha y contraparte, que confirmas o corriges en sesiones de conciliación.',
      },
    ],
  },
  {
    id: 'correo',
    icon: <MailOutlined />,
    title: 'Correo electrónico',
    intro: 'El correo sigue siendo por donde llegan la mayoría de las facturas de proveedores.',
    items: [
      {
        name: 'Bandeja inteligente',
        text: 'Una dirección propia para cada empresa. Reenvía a ella las facturas recibidas y Cuadra extrae los datos del PDF para que solo tengas que aprobarlas o rechazarlas.',
      },
      {
        name: 'Envío de facturas',
        text: 'Las facturas emitidas se envían por correo al cliente desde Cuadra, con plantillas de mensaje y PDF personalizables con el logotipo y los colores de tu empresa.',
      },
      {
        name: 'Avisos',
        text: 'Recordatorios de vencimientos fiscales y notificaciones de documentos compartidos, configurables por empresa.',
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
      },
      {
        name: 'Documentos compartidos',
        text: 'La gestoría comparte con su cliente los modelos presentados y otros documentos, con permiso de descarga o solo de consulta, y el cliente puede aprobarlos desde su portal.',
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
      },
      {
        name: 'Nóminas',
        text: 'Cálculo mensual con los conceptos salariales configurados, retenciones de IRPF, ausencias y vacaciones, y los modelos 111 y 190 con las retenciones practicadas.',
      },
    ],
  },
];

export default function IntegrationsRoute() {
  const { token } = theme.useToken();
  return (
    <PublicLayout>
      <title>Integraciones · Cuadra</title>
      <PageHero
        eyebrow="Integraciones"
        title="Cuadra habla con la AEAT, con tu banco y con tu correo"
        lead="Menos datos tecleados dos veces: las facturas, los movimientos bancarios y los documentos entran una vez y sirven para la contabilidad, los modelos y los envíos a la Agencia Tributaria."
      />
      {GROUPS.map((group, index) => (
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
          items={[
            <>
              Escríbenos a{' '}
              <a href={mailtoHref(CONTACT_CHANNELS.salesEmail, 'Consulta sobre integraciones')}>
                {CONTACT_CHANNELS.salesEmail}
              </a>{' '}
              indicando la herramienta y el volumen aproximado de facturas.
            </>,
            'Las facturas de otros programas también pueden entrar como PDF por la bandeja inteligente mientras tanto.',
          ]}
        />
      </Section>
    </PublicLayout>
  );
}
