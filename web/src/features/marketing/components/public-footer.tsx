import { openCookieSettings } from '@web/components/cookie-consent/consent';
import { paths } from '@web/lib/paths';
import { Col, Layout, Row, theme } from 'antd';
import { Link } from 'react-router-dom';
import { CONTACT_CHANNELS, mailtoHref } from '../contact-channels';
import { productAreasLine } from '../content/product-areas';

const COLUMNS = [
  {
    title: 'Producto',
    links: [
      { to: paths.pricing, label: 'Precios' },
      { to: paths.integrations, label: 'Integraciones' },
      { to: paths.help, label: 'Centro de ayuda' },
    ],
  },
  {
    title: 'Cuadra',
    links: [
      { to: paths.about, label: 'Sobre nosotros' },
      { to: paths.contact, label: 'Contacto' },
      { to: paths.auth.register, label: 'Crear cuenta' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.legal.terms, label: 'Condiciones de uso' },
      { to: paths.legal.privacy, label: 'Política de privacidad' },
      { to: paths.legal.cookies, label: 'Política de cookies' },
      { to: paths.legal.legalNotice, label: 'Aviso legal' },
      { to: paths.legal.usagePolicy, label: 'Política de uso aceptable' },
    ],
  },
] as const;

export function PublicFooter() {
  const { token } = theme.useToken();
  const headingStyle = { margin: '0 0 12px', fontSize: 14, fontWeight: 600, color: token.colorText };
  const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 } as const;
  return (
    <Layout.Footer
      className="cq-public-footer"
      style={{ background: '#f4f6f9', borderTop: `1px solid ${token.colorBorderSecondary}`, padding: 0 }}
    >
      <div style={{ maxWidth: 1160, margin: '0 auto', padding: '40px 24px 24px' }}>
        <Row gutter={[32, 32]}>
          <Col xs={24} md={8}>
            <div style={{ fontSize: 20, fontWeight: 700, color: token.colorPrimary }}>Cuadra</div>
            <p style={{ margin: '8px 0 0', color: token.colorTextSecondary, maxWidth: 320 }}>
              {productAreasLine()} para gestorías, empresas y autónomos, en una sola aplicación.
            </p>
          </Col>
          {COLUMNS.map((column) => (
            <Col key={column.title} xs={12} sm={8} md={4}>
              <h2 style={headingStyle}>{column.title}</h2>
              <ul style={listStyle}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </Col>
          ))}
          <Col xs={24} sm={8} md={4}>
            <h2 style={headingStyle}>Contacto</h2>
            <ul style={listStyle}>
              <li>
                <a href={mailtoHref(CONTACT_CHANNELS.supportEmail)}>{CONTACT_CHANNELS.supportEmail}</a>
              </li>
              <li>
                <a href={mailtoHref(CONTACT_CHANNELS.salesEmail)}>{CONTACT_CHANNELS.salesEmail}</a>
              </li>
              {CONTACT_CHANNELS.phone ? (
                <li>
                  <a href={`tel:${CONTACT_CHANNELS.phone.tel}`}>{CONTACT_CHANNELS.phone.display}</a>
                </li>
              ) : null}
              <li style={{ color: token.colorTextSecondary, fontSize: 13 }}>Lunes a viernes, 9:00–18:00</li>
            </ul>
          </Col>
        </Row>
        <p
          style={{
            margin: '32px 0 0',
            paddingTop: 16,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            color: token.colorTextTertiary,
            fontSize: 13,
          }}
        >
          © {new Date().getFullYear()} Cuadra. Datos alojados en la Unión Europea.{' '}
          <button
            type="button"
            onClick={openCookieSettings}
            style={{
              padding: 0,
              border: 'none',
              background: 'none',
              color: 'inherit',
              font: 'inherit',
              textDecoration: 'underline',
              cursor: 'pointer',
            }}
          >
            Configurar cookies
          </button>
        </p>
      </div>
    </Layout.Footer>
  );
}
