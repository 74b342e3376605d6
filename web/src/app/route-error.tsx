import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MessageScreen } from './message-screen';

/** Crash screen (spec part 1 §8), also shown when a route's code cannot be downloaded. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <MessageScreen
      title="Algo salió mal"
      description="Ha ocurrido un error inesperado. Por favor, recarga la página."
      detail={detail}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          Recargar página
        </Button>
      }
    />
  );
}
