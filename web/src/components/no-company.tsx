import { paths } from '@web/lib/paths';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from './load-states';

/**
 * A page that works on the selected company, opened with none selected (the invoicing pages live
 * under /app/admin/, which the company rule lets through): says so and leads to the companies,
 * where one is created or selected, instead of an empty list whose buttons lead nowhere.
 */
export function NoCompanySelected({ description }: { description: string }) {
  const navigate = useNavigate();
  return (
    <EmptyState description={description}>
      <Button type="primary" onClick={() => navigate(paths.app.companies)}>
        Ir a Empresas
      </Button>
    </EmptyState>
  );
}
