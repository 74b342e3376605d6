import { CrashScreen, crashDetail } from '@web/components/crash-screen';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's errorElement: the crash screen, also shown when a route's code cannot be downloaded. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : crashDetail(error);
  return <CrashScreen detail={detail} />;
}
