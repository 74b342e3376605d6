import { EmptyState } from '@web/components/load-states';

export function NoCompany() {
  return <EmptyState description="Selecciona una empresa para ver sus facturas recurrentes." />;
}
