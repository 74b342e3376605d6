import CheckOutlined from '@ant-design/icons/CheckOutlined';
import MinusOutlined from '@ant-design/icons/MinusOutlined';
import { availableClaims, type Capability } from '@shared/capabilities';
import { hasAccounting, hasPayroll, isEnterprise, isStarter, type Plan } from '@shared/schemas/billing';
import { formatCents } from '@web/lib/format';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { priceBreakdown } from '../utils/price-breakdown';

interface Row {
  label: string;
  value: (plan: Plan) => ReactNode;
  /** The areas the row speaks of (shared/capabilities.ts): shown only when they work. */
  needs: readonly Capability[];
}

const included = (yes: boolean) =>
  yes ? (
    <>
      <CheckOutlined aria-hidden style={{ color: '#15803d' }} />
      <span className="cq-visually-hidden">Incluido</span>
    </>
  ) : (
    <>
      <MinusOutlined aria-hidden style={{ color: '#9ca3af' }} />
      <span className="cq-visually-hidden">No incluido</span>
    </>
  );

const limit = (value: number | null) => (value === null ? 'Ilimitados' : String(value));

// Every cell is derived from the catalogue and the plan gates of @shared/schemas/billing, so the
// table cannot promise what the application does not unlock.
const ROWS: Row[] = [
  { label: 'Precio al mes (IVA no incluido)', value: (p) => formatCents(p.monthlyPriceCents), needs: [] },
  {
    label: 'Precio al mes con IVA (21 %)',
    value: (p) => formatCents(priceBreakdown(p.monthlyPriceCents).totalCents),
    needs: [],
  },
  { label: 'Prueba gratuita', value: (p) => (p.trialDays > 0 ? `${p.trialDays} días` : 'No'), needs: [] },
  { label: 'Empresas', value: (p) => limit(p.limits.maxCompanies), needs: [] },
  { label: 'Usuarios del equipo', value: (p) => limit(p.limits.maxUsers), needs: ['companyUsers'] },
  {
    label: 'Facturación emitida y recibida con VeriFacTu',
    value: () => included(true),
    needs: ['invoicing', 'expenses', 'verifactu'],
  },
  { label: 'Modelos de la AEAT', value: () => included(true), needs: ['taxModels'] },
  {
    label: 'Contabilidad (Plan General de Contabilidad)',
    value: (p) => included(hasAccounting(p)),
    needs: ['accounting'],
  },
  { label: 'Nóminas', value: (p) => included(hasPayroll(p)), needs: ['payroll'] },
  {
    label: 'Compartir con clientes y revisión de documentos',
    value: (p) => included(!isStarter(p)),
    needs: ['clientPortalDocuments'],
  },
  {
    label: 'Gestión de clientes y análisis de rentabilidad',
    value: (p) => included(isEnterprise(p)),
    needs: ['advisorAnalytics'],
  },
];

/** The catalogue side by side; scrolls sideways on a phone instead of squeezing the columns. */
export function PlanComparison({ plans }: { plans: readonly Plan[] }) {
  const { token } = theme.useToken();
  const cell = { padding: '10px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` } as const;
  return (
    <section style={{ overflowX: 'auto' }} aria-label="Comparativa de planes">
      <table style={{ width: '100%', minWidth: 760, borderCollapse: 'collapse', fontSize: 14 }}>
        <caption className="cq-visually-hidden">Comparativa de los planes de Cuadra</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, textAlign: 'left' }}>
              <span className="cq-visually-hidden">Característica</span>
            </th>
            {plans.map((plan) => (
              <th key={plan.planCode} scope="col" style={{ ...cell, textAlign: 'center' }}>
                {plan.planName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {availableClaims(ROWS).map((row) => (
            <tr key={row.label}>
              <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 500 }}>
                {row.label}
              </th>
              {plans.map((plan) => (
                <td key={plan.planCode} style={{ ...cell, textAlign: 'center' }}>
                  {row.value(plan)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
