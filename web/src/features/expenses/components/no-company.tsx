import { EmptyState } from '@web/components/load-states';

/** The expenses pages work on the selected company; without one there is nothing to show. */
export function NoCompany() {
  return <EmptyState description="Selecciona una empresa para ver sus gastos y proveedores." />;
}
