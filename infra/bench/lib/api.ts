/**
 * Calling a domain's API handler in process, as the bench's gestor: the API Gateway event built
 * from the route table, the `x-company-id` header when a company is named, and any status >= 300
 * thrown as `<routeId>: <status> <error>`.
 */

import { apiEvent, readResponse } from '@functions/platform/testing/api-event';
import type { RouteId } from '@shared/api/routes';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

/** What `createApiHandler` returns, as the bench calls it. */
export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface ApiCall {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** `routeId` through `api` as `user` (group GESTOR), for `companyId` when given; the answer's `data`. */
export async function callApi<T = Record<string, unknown>>(
  api: ApiHandler,
  /** Called after the event is built (the counters of the test helpers keep their order). */
  context: () => Context,
  user: string,
  routeId: RouteId,
  o: ApiCall & { companyId?: string } = {},
): Promise<T> {
  const { companyId, ...rest } = o;
  const res = readResponse(
    await api(
      apiEvent({
        routeId,
        ...rest,
        claims: { sub: user, groups: ['GESTOR'] },
        ...(companyId === undefined ? {} : { headers: { 'x-company-id': companyId } }),
      }),
      context(),
    ),
  );
  if (res.status >= 300) throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
  return res.envelope.data as T;
}
