import { spanishList } from '@shared/capabilities';
import { FaqList } from '@web/features/marketing/components/faq-list';
import { PageHero, Section } from '@web/features/marketing/components/page-sections';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { CONTACT_CHANNELS, mailtoHref } from '@web/features/marketing/contact-channels';
import { HELP_TOPICS } from '@web/features/marketing/content/help-topics';
import { paths } from '@web/lib/paths';
import { Col, Row, theme } from 'antd';
import { Link } from 'react-router-dom';

export default function HelpRoute() {
  const { token } = theme.useToken();
  return (
    <PublicLayout>
      <title>Centro de ayuda · Cuadra</title>
      <PageHero
        eyebrow="Centro de ayuda"
        title="¿En qué podemos ayudarte?"
        lead={`Respuestas a las preguntas más habituales sobre ${spanishList(HELP_TOPICS.map((topic) => topic.about))}.`}
      >
        <nav aria-label="Temas de ayuda" style={{ marginTop: 24 }}>
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}>
            {HELP_TOPICS.map((topic) => (
              <li key={topic.id}>
                <a
                  href={`#${topic.id}`}
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
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>
      {HELP_TOPICS.map((topic, index) => (
        <Section key={topic.id} id={topic.id} title={topic.title} muted={index % 2 === 1}>
          <FaqList items={topic.items} idPrefix={topic.id} />
        </Section>
      ))}
      <Section id="mas-ayuda" title="¿No encuentras la respuesta?">
        <Row gutter={[24, 16]}>
          <Col xs={24} md={12}>
            <p style={{ margin: 0, lineHeight: 1.6 }}>
              Escríbenos a{' '}
              <a href={mailtoHref(CONTACT_CHANNELS.supportEmail, 'Consulta de soporte')}>
                {CONTACT_CHANNELS.supportEmail}
              </a>{' '}
              indicando el email de tu cuenta y, si puedes, una captura de pantalla. Te respondemos en horario
              de atención: {CONTACT_CHANNELS.hours.toLowerCase()}.
            </p>
          </Col>
          <Col xs={24} md={12}>
            <p style={{ margin: 0, lineHeight: 1.6, color: token.colorTextSecondary }}>
              Si ya usas Cuadra, tienes los mismos canales en «Ayuda y soporte», dentro de la aplicación. Más
              formas de contacto en la página de <Link to={paths.contact}>contacto</Link>.
            </p>
          </Col>
        </Row>
      </Section>
    </PublicLayout>
  );
}
