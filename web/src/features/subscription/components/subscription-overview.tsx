import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { availableClaims } from '@shared/capabilities';
import {
  addons,
  type Plan,
  planList,
  type Subscription,
  subscriptionStatusLabels,
} from '@shared/schemas/billing';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useSubscription } from '@web/lib/subscription';
import { Button, Card, Col, Descriptions, Flex, Row, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';

const limitText = (value: number | null, unit: string) =>
  value === null ? `${unit} ilimitados` : `${value} ${unit}`;

/** The current plan ('Sin suscripción' when there is none) and the catalogue to ask for a change. */
export function SubscriptionOverview() {
  const subscription = useSubscription();
  return (
    <Flex vertical gap={24}>
      {subscription.isPending ? (
        <LoadingBlock label="Cargando suscripción" />
      ) : subscription.isError ? (
        <LoadError
          title="No se ha podido cargar tu suscripción"
          error={subscription.error}
          onRetry={() => void subscription.refetch()}
        />
      ) : subscription.data ? (
        <CurrentPlan subscription={subscription.data} />
      ) : (
        <Card title="Tu plan">
          <EmptyState description="Sin suscripción">
            <p style={{ margin: 0 }}>
              Tu cuenta no tiene un plan contratado. Si trabajas con una gestoría, es ella quien lo contrata.
            </p>
          </EmptyState>
        </Card>
      )}
      <section aria-labelledby="plans-title">
        <h2 id="plans-title" style={{ fontSize: 18, margin: '0 0 12px' }}>
          Planes de Cuadra
        </h2>
        <p style={{ margin: '0 0 16px', opacity: 0.8 }}>
          Precios mensuales sin IVA (se añade el 21 % en la factura). Para contratar o cambiar de plan,
          escribe a nuestro equipo de soporte.
        </p>
        <Row gutter={[16, 16]}>
          {planList.map((plan) => (
            <Col key={plan.planCode} xs={24} md={12} xl={8}>
              <PlanCard plan={plan} current={subscription.data?.planCode === plan.planCode} />
            </Col>
          ))}
        </Row>
      </section>
    </Flex>
  );
}

function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const { limits } = subscription;
  return (
    <Card title="Tu plan" extra={<Tag color="blue">{subscriptionStatusLabels[subscription.status]}</Tag>}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'plan', label: 'Plan', children: <strong>{subscription.planName}</strong> },
          { key: 'since', label: 'Desde', children: formatDate(subscription.startedAt) },
          {
            key: 'period',
            label: subscription.status === 'TRIAL' ? 'Fin de la prueba' : 'Periodo pagado hasta',
            children: formatDate(subscription.trialEndsAt ?? subscription.currentPeriodEnd),
          },
          { key: 'companies', label: 'Empresas', children: limitText(limits.maxCompanies, 'empresas') },
          { key: 'users', label: 'Usuarios', children: limitText(limits.maxUsers, 'usuarios') },
          // What the plan unlocks in areas that do not work yet is not shown (shared/capabilities.ts).
          ...availableClaims([
            {
              key: 'accounting',
              label: 'Contabilidad',
              children: limits.accountingEnabled ? 'Incluida' : 'No incluida',
              needs: ['accounting'] as const,
            },
            {
              key: 'payroll',
              label: 'Nóminas',
              children: limits.payrollEnabled ? 'Incluidas' : 'No incluidas',
              needs: ['payroll'] as const,
            },
            {
              // Every add-on of the catalogue is a payroll module.
              key: 'addons',
              label: 'Complementos',
              children:
                subscription.addons.length > 0
                  ? subscription.addons.map((a) => (
                      <Tag key={a.addonType}>
                        {addons[a.addonType]?.name ?? a.addonType} ·{' '}
                        {subscriptionStatusLabels[a.status as Subscription['status']] ?? a.status}
                      </Tag>
                    ))
                  : 'Ninguno',
              needs: ['payroll'] as const,
            },
          ]).map(({ needs: _needs, ...item }) => item),
        ]}
      />
    </Card>
  );
}

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  const navigate = useNavigate();
  return (
    <Card
      title={plan.planName}
      extra={
        current ? (
          <Tag color="green">Tu plan</Tag>
        ) : plan.highlighted ? (
          <Tag color="gold">Recomendado</Tag>
        ) : null
      }
      style={{ height: '100%' }}
    >
      <Flex vertical gap={12}>
        <span style={{ opacity: 0.8 }}>{plan.audience}</span>
        <span>
          <strong style={{ fontSize: 24 }}>{formatCents(plan.monthlyPriceCents)}</strong> al mes + IVA
        </span>
        {plan.trialDays > 0 ? <span>{plan.trialDays} días de prueba</span> : null}
        <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
          {plan.features.map((feature) => (
            <li key={feature} style={{ display: 'flex', gap: 8, padding: '2px 0' }}>
              <CheckOutlined style={{ color: '#15803d', marginTop: 4 }} aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        {current ? null : (
          <Button onClick={() => navigate(paths.app.support)}>Solicitar cambio de plan</Button>
        )}
      </Flex>
    </Card>
  );
}
