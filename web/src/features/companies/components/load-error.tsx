import { errorMessage, isApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { Button, Result } from 'antd';
import { LinkButton } from './link-button';

/** A list or page that could not load: the server's message and 'Reintentar'. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}

/**
 * A company that could not load. The API answers 403 both for a company the user does not belong
 * to and for one that does not exist (so ids cannot be probed), 404 when it is gone.
 */
export function CompanyLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = isApiError(error) ? error.status : 0;
  if (status === 403 || status === 404) {
    return (
      <Result
        status="warning"
        title={status === 403 ? 'No tienes acceso a esta empresa.' : 'La empresa no existe.'}
        extra={
          <LinkButton type="primary" to={paths.app.companies}>
            Volver a empresas
          </LinkButton>
        }
      />
    );
  }
  return <LoadError title="No se ha podido cargar la empresa" error={error} onRetry={onRetry} />;
}
