import { isAvailable } from '@shared/capabilities';
import { addons, type PlanCategory, planList } from '@shared/schemas/billing';
import { ButtonLink } from '@web/features/marketing/components/button-link';
import { FaqList } from '@web/features/marketing/components/faq-list';
import { FeatureCard, PageHero, Section } from '@web/features/marketing/components/page-sections';
import { PlanCard } from '@web/features/marketing/components/plan-card';
import { PlanComparison } from '@web/features/marketing/components/plan-comparison';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { PRICING_FAQ } from '@web/features/marketing/content/pricing-faq';
import { checkoutPath } from '@web/features/marketing/utils/checkout-path';
import { formatCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Col, Row } from 'antd';

const CATEGORY_SECTIONS: { category: PlanCategory; title: string; intro: string }[] = [
  {
    category: 'STANDARD',
    title: 'Autónomos y empresas',
    intro: 'Para llevar tu propia actividad o tu sociedad, con o sin gestoría.',
  },
  {
    category: 'GESTORIA',
    title: 'Gestorías y asesorías',
    intro: 'Para despachos que llevan la facturación de sus clientes.',
  },
  {
    category: 'ENTERPRISE',
    title: 'Grupos de empresas y grandes despachos',
    intro: 'Sin límites de empresas ni usuarios, con gestión de clientes.',
  },
];

const categoryNames: Record<PlanCategory, string> = {
  STANDARD: 'autónomos y empresas',
  GESTORIA: 'gestorías',
  ENTERPRISE: 'Enterprise',
};

export default function PricingRoute() {
  return (
    <PublicLayout>
      <title>Precios · Cuadra</title>
      <PageHero
        eyebrow="Precios"
        title="Un plan para cada forma de trabajar"
        lead="Precios mensuales por suscripción, con el IVA indicado aparte. Crea tu cuenta gratis y elige el plan cuando lo necesites."
      />
      {CATEGORY_SECTIONS.map((section, index) => {
        const plans = planList.filter((plan) => plan.planCategory === section.category);
        if (plans.length === 0) return null;
        return (
          <Section
            key={section.category}
            id={`planes-${section.category.toLowerCase()}`}
            title={section.title}
            intro={section.intro}
            muted={index % 2 === 1}
          >
            <Row gutter={[24, 24]}>
              {plans.map((plan) => (
                <Col key={plan.planCode} xs={24} md={12} lg={8}>
                  <PlanCard
                    plan={plan}
                    action={
                      <ButtonLink
                        to={checkoutPath(plan.planCode)}
                        type={plan.highlighted ? 'primary' : 'default'}
                        block
                        size="large"
                        aria-label={`Elegir el plan ${plan.planName}`}
                      >
                        Elegir plan
                      </ButtonLink>
                    }
                  />
                </Col>
              ))}
            </Row>
          </Section>
        );
      })}
      {isAvailable('payroll') ? (
        <Section
          id="modulos"
          muted
          title="Módulos de nóminas"
          intro="Si tu plan no incluye las nóminas, puedes añadirlas con uno de estos módulos mensuales (IVA no incluido)."
        >
          <Row gutter={[24, 24]}>
            {Object.values(addons).map((addon) => (
              <Col key={addon.addonType} xs={24} md={8}>
                <FeatureCard
                  title={addon.name}
                  text={
                    <>
                      <strong style={{ fontSize: 20, color: '#111827' }}>
                        {formatCents(addon.monthlyPriceCents)}
                      </strong>{' '}
                      / mes
                      <br />
                      {addon.description}
                    </>
                  }
                >
                  <p style={{ margin: '12px 0 0', fontSize: 13 }}>
                    Disponible para los planes de{' '}
                    {addon.availableFor.map((category) => categoryNames[category]).join(' y ')}.
                  </p>
                </FeatureCard>
              </Col>
            ))}
          </Row>
        </Section>
      ) : null}
      <Section id="comparativa" title="Compara los planes">
        <PlanComparison plans={planList} />
      </Section>
      <Section id="preguntas" muted title="Preguntas frecuentes sobre precios">
        <FaqList items={PRICING_FAQ} idPrefix="precios" />
      </Section>
      <Section title="¿Aún no sabes qué plan elegir?">
        <p style={{ margin: '0 0 24px', lineHeight: 1.6, maxWidth: 720 }}>
          Crea tu cuenta gratis y explora Cuadra con tu primera empresa. Si llevas muchas empresas o necesitas
          algo a medida, nuestro equipo de ventas te ayuda a elegir.
        </p>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <ButtonLink to={paths.auth.register} type="primary" size="large">
            Empezar gratis
          </ButtonLink>
          <ButtonLink to={paths.contact} size="large">
            Hablar con ventas
          </ButtonLink>
        </div>
      </Section>
    </PublicLayout>
  );
}
