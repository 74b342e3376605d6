/**
 * A stand-in for `apiRequest` answering by route id. Test files mock the module themselves
 * (`vi.mock('@web/lib/api-client', …)`) and pass the mocked function here. A route without an
 * answer fails with a 404, like a missing item.
 */
import type { RouteId } from '@shared/api/routes';
import type { ApiRequestOptions } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import type { Mock } from 'vitest';

export type ApiAnswer = unknown | ((options: ApiRequestOptions) => unknown);
export type ApiAnswers = Partial<Record<RouteId, ApiAnswer>>;

export function answerApi(apiRequest: unknown, answers: ApiAnswers): void {
  (apiRequest as Mock).mockImplementation(async (routeId: RouteId, options: ApiRequestOptions = {}) => {
    if (!(routeId in answers)) {
      throw new ApiError({
        code: 'CORE_006',
        message: `Sin respuesta de prueba para ${routeId}`,
        status: 404,
      });
    }
    const answer = answers[routeId];
    const value =
      typeof answer === 'function' ? await (answer as (o: ApiRequestOptions) => unknown)(options) : answer;
    return value === undefined ? undefined : structuredClone(value);
  });
}

/** What `apiRequest` was called with, for one route. */
export function callsTo(apiRequest: unknown, routeId: RouteId): ApiRequestOptions[] {
  return (apiRequest as Mock).mock.calls
    .filter(([id]) => id === routeId)
    .map(([, options]) => (options ?? {}) as ApiRequestOptions);
}

export const notFound = (message = 'No encontrado') => {
  throw new ApiError({ code: 'CORE_006', message, status: 404 });
};
