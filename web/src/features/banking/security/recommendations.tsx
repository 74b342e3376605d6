/** /app/banking/security/recommendations: what to do, highest severity first, from the consents and syncs. */
import { EmptyState } from '@web/components/load-states';
import { List, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { PSD2_PATH } from '../accounts/ui';
import { useSecurityRecommendations } from '../api/psd2';
import { SeverityTag } from '../psd2/ui';
import { Loaded, SecurityFrame } from './ui';

export function SecurityRecommendationsPage() {
  return (
    <SecurityFrame
      title="Recomendaciones"
      meta={<span>Calculadas a partir de tus conexiones, sincronizaciones y miembros.</span>}
    >
      {(companyId) => <RecommendationsContent companyId={companyId} />}
    </SecurityFrame>
  );
}

function RecommendationsContent({ companyId }: { companyId: string }) {
  const recs = useSecurityRecommendations(companyId);
  return (
    <Loaded
      query={recs}
      label="Cargando las recomendaciones"
      errorTitle="Error obteniendo las recomendaciones"
    >
      {(r) =>
        r.items.length === 0 ? (
          <EmptyState description="No hay recomendaciones: todo está en orden." />
        ) : (
          <List
            bordered
            dataSource={r.items}
            renderItem={(item) => (
              <List.Item
                key={item.id}
                extra={item.connectionId ? <Link to={PSD2_PATH}>Ir a conexiones</Link> : undefined}
              >
                <List.Item.Meta
                  avatar={<SeverityTag severity={item.severity} />}
                  title={item.title}
                  description={<Typography.Text type="secondary">{item.detail}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        )
      }
    </Loaded>
  );
}
