import { LinkButton } from '@web/components/link-button';
import { EmptyState } from '@web/components/load-states';
import { paths } from '@web/lib/paths';

/**
 * A company outside the SII (art. 62.6 RIVA: large companies, REDEME, VAT groups, or by option):
 * what the SII is, and where its configuration is, instead of empty books.
 */
export function SiiNotEnabled({ companyId }: { companyId: string }) {
  return (
    <EmptyState description="Esta empresa no lleva sus libros de IVA por el SII. El Suministro Inmediato de Información es obligatorio para grandes empresas, inscritas en el REDEME y grupos de IVA, y voluntario para las demás.">
      <LinkButton type="primary" to={paths.app.companySection(companyId, 'sii')}>
        Configuración SII
      </LinkButton>
    </EmptyState>
  );
}
