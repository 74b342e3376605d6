import { isApiError } from '@web/lib/api-error';

/**
 * The API's refusal of an e-mailed link (400 with `field: 'token'`): unknown, used, expired or, for
 * an invitation, already turned into an account. The pages show it as a dead link, not as an error
 * to retry.
 */
export const isLinkRefusal = (error: unknown): boolean =>
  isApiError(error) && error.status === 400 && error.field === 'token';
