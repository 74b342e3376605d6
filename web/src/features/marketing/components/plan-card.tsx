import type { Plan } from '@shared/schemas/billing';
import { formatCents } from '@web/lib/format';
import { Card, theme } from 'antd';
import type { ReactNode } from 'react';
import { priceBreakdown } from '../utils/price-breakdown';
import { CheckList } from './page-sections';

/** One plan of the catalogue: price without and with IVA, trial, what it includes, one action. */
export function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  const { token } = theme.useToken();
  const { totalCents } = priceBreakdown(plan.monthlyPriceCents);
  const titleId = `plan-${plan.planCode}`;
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      style={{
        height: '100%',
        borderColor: plan.highlighted ? token.colorPrimary : undefined,
        borderWidth: plan.highlighted ? 2 : 1,
      }}
      styles={{ body: { padding: 24, display: 'flex', flexDirection: 'column', height: '100%' } }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
        <h3 id={titleId} style={{ margin: 0, fontSize: 20 }}>
          {plan.planName}
        </h3>
        {plan.highlighted ? (
          <span
            style={{
              padding: '2px 8px',
              borderRadius: 4,
              fontSize: 12,
              fontWeight: 600,
              color: token.colorPrimary,
              background: '#eff4ff',
            }}
          >
            Recomendado
          </span>
        ) : null}
      </div>
      <p style={{ margin: '8px 0 16px', color: token.colorTextSecondary, lineHeight: 1.5, minHeight: 48 }}>
        {plan.audience}
      </p>
      <p style={{ margin: 0 }}>
        <span data-testid={`price-${plan.planCode}`} style={{ fontSize: 34, fontWeight: 700 }}>
          {formatCents(plan.monthlyPriceCents)}
        </span>{' '}
        <span style={{ color: token.colorTextSecondary }}>/ mes</span>
      </p>
      <p style={{ margin: '4px 0 0', color: token.colorTextSecondary, fontSize: 13 }}>
        IVA no incluido ({formatCents(totalCents)} / mes con IVA)
      </p>
      <p style={{ margin: '8px 0 16px', fontSize: 13, fontWeight: 500, minHeight: 20 }}>
        {plan.trialDays > 0 ? `${plan.trialDays} días de prueba gratis` : 'Alta con nuestro equipo de ventas'}
      </p>
      <div style={{ flex: 1 }}>
        <CheckList items={plan.features} />
      </div>
      <div style={{ marginTop: 24 }}>{action}</div>
    </Card>
  );
}
