import { errorMessage, isApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Button, Result } from 'antd';
import { LinkButton } from './link-button';

/** An invoice that could not load: missing (404) or another failure with 'Reintentar'. */
export function InvoiceLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && (error.status === 404 || error.status === 403)) {
    return (
      <Result
        status="warning"
        title={error.status === 404 ? 'La factura no existe.' : 'No tienes acceso a esta factura.'}
        extra={
          <LinkButton type="primary" to={paths.app.invoicing.income}>
            Volver a facturas emitidas
          </LinkButton>
        }
      />
    );
  }
  return (
    <Result
      status="error"
      title="No se ha podido cargar la factura"
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}
