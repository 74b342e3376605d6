/** Every response of the API is wrapped in this envelope (spec part 1 §3). */

import type { ErrorCode } from './errors';

export interface ApiErrorBody {
  code: ErrorCode | 'NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'RATE_LIMITED';
  message: string;
  field: string | null;
  details: Record<string, unknown> | null;
}

export type ApiEnvelope<T> =
  | { success: true; data: T; error: null }
  | { success: false; data: null; error: ApiErrorBody };

export const ok = <T>(data: T): ApiEnvelope<T> => ({ success: true, data, error: null });

export const fail = (error: ApiErrorBody): ApiEnvelope<never> => ({ success: false, data: null, error });

/** A page of a list, as returned by every paged list endpoint (page numbers are zero-based). */
export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}
