import { NoCompanySelected } from '@web/components/no-company';

/** The expenses pages work on the selected company; without one there is nothing to show. */
export function NoCompany() {
  return <NoCompanySelected description="Selecciona o crea una empresa para ver sus gastos y proveedores." />;
}
