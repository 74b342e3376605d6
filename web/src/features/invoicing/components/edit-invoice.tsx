import { CompanyFromUrlGate } from '@web/components/company-from-url-gate';
import { LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { Result } from 'antd';
import { useInvoice } from '../api/get-invoice';
import { InvoiceForm } from './invoice-form';
import { InvoiceLoadError } from './invoice-load-error';
import { LinkButton } from './link-button';

/** Edits a draft; a confirmed (or cancelled) invoice is never edited: it offers a rectificativa. */
/** A link naming the invoice's company (`?company=`) selects that company first. */
export function EditInvoice({ invoiceId }: { invoiceId: string }) {
  return (
    <CompanyFromUrlGate refusedTitle="Esta factura es de una empresa a la que no tienes acceso.">
      <EditInvoiceContent invoiceId={invoiceId} />
    </CompanyFromUrlGate>
  );
}

function EditInvoiceContent({ invoiceId }: { invoiceId: string }) {
  const companyId = useCompanyId();
  const query = useInvoice(invoiceId, companyId);
  if (query.isLoading) return <LoadingBlock label="Cargando la factura" />;
  if (query.isError || !query.data)
    return <InvoiceLoadError error={query.error} onRetry={() => query.refetch()} />;
  const invoice = query.data;
  if (invoice.status !== 'DRAFT') {
    return (
      <Result
        status="warning"
        title={`La factura ${invoice.invoiceNumber ?? ''} no se puede modificar`}
        subTitle={
          invoice.status === 'CANCELLED'
            ? 'Está anulada.'
            : 'Una factura confirmada es definitiva. Para corregirla, emite una factura rectificativa.'
        }
        extra={[
          <LinkButton key="back" to={paths.app.invoicing.invoice(invoiceId)}>
            Ver la factura
          </LinkButton>,
          ...(invoice.status === 'CONFIRMED'
            ? [
                <LinkButton
                  key="rectify"
                  type="primary"
                  to={`${paths.app.invoicing.invoice(invoiceId)}?rectify=1`}
                >
                  Emitir rectificativa
                </LinkButton>,
              ]
            : []),
        ]}
      />
    );
  }
  return (
    <>
      <PageHeader
        title="Editar borrador"
        back={{ to: paths.app.invoicing.invoice(invoiceId), label: 'Volver a la factura' }}
      />
      <InvoiceForm key={invoice.updatedAt} invoice={invoice} />
    </>
  );
}
