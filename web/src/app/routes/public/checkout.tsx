import { isPlanCode, plans } from '@shared/schemas/billing';
import { ButtonLink } from '@web/features/marketing/components/button-link';
import { CheckoutSummary } from '@web/features/marketing/components/checkout-summary';
import { PageHero, Section } from '@web/features/marketing/components/page-sections';
import { PublicLayout } from '@web/features/marketing/components/public-layout';
import { CHECKOUT_PLAN_PARAM } from '@web/features/marketing/utils/checkout-path';
import { useAuth } from '@web/lib/auth';
import { paths } from '@web/lib/paths';
import { useSearchParams } from 'react-router-dom';

/** /checkout?plan=<planCode> (behind the authentication guard): the chosen plan and how to subscribe. */
export default function CheckoutRoute() {
  const [searchParams] = useSearchParams();
  const { state } = useAuth();
  const code = searchParams.get(CHECKOUT_PLAN_PARAM)?.trim().toUpperCase() ?? '';
  const plan = isPlanCode(code) ? plans[code] : null;

  if (!plan) {
    return (
      <PublicLayout>
        <title>Plan no encontrado · Cuadra</title>
        <PageHero
          eyebrow="Contratar"
          title="El plan seleccionado no existe"
          lead={
            code
              ? 'El enlace que has seguido apunta a un plan que no está en nuestro catálogo. Elige uno de los planes disponibles en la página de precios.'
              : 'No has elegido ningún plan. Elige uno de los planes disponibles en la página de precios.'
          }
          actions={
            <ButtonLink to={paths.pricing} type="primary" size="large">
              Ver planes y precios
            </ButtonLink>
          }
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <title>{`Contratar ${plan.planName} · Cuadra`}</title>
      <PageHero
        eyebrow="Contratar"
        title={`Plan ${plan.planName}`}
        lead="Revisa el plan y el precio mensual. Los importes se muestran sin IVA y con el IVA que se añadirá en la factura."
      />
      <Section>
        <CheckoutSummary
          plan={plan}
          accountEmail={state.status === 'authenticated' ? state.user.email : null}
        />
      </Section>
    </PublicLayout>
  );
}
