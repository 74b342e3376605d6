/**
 * Toasts (spec part 3 §3, §8): success 3 s, error 5 s, warning 4 s, info 3 s; critical errors stay
 * until closed; retryable errors offer "Reintentar"; authentication errors are never toasted (the
 * session coordinator handles them) and a repeated one is suppressed for 30 s; some codes are
 * skipped on purpose (missing configuration is shown in the page, not as an error).
 */

import { notification } from 'antd';
import { createElement } from 'react';
import { type ApiError, isApiError } from './api-error';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export const TOAST_SECONDS: Record<ToastType, number> = { success: 3, error: 5, warning: 4, info: 3 };
const AUTH_DEDUPE_MS = 30_000;

/** Codes and situations the spec lists as never toasted. */
const SILENT_CODES = new Set([
  'TAX_021',
  'TAX_001',
  'GOCARDLESS_CONFIG_NOT_FOUND',
  'PAYPAL_CONFIG_NOT_FOUND',
  'NO_COMPANY_SELECTED',
]);
const AUTH_CODES = new Set([
  'CORE_001',
  'AUTH_001',
  'AUTH_002',
  'AUTH_003',
  'USER_NOT_FOUND',
  'SESSION_EXPIRED',
]);
const RETRYABLE = new Set(['CORE_005', 'TAX_024', 'TAX_026', 'DOC_043', 'NETWORK_ERROR']);

export interface ToastOptions {
  title?: string;
  /** Stays until closed (critical errors). */
  persistent?: boolean;
  action?: { label: string; onClick: () => void };
}

const lastAuthToast = new Map<string, number>();

export function showToast(type: ToastType, message: string, options: ToastOptions = {}): void {
  notification[type]({
    title: options.title ?? message,
    description: options.title ? message : undefined,
    duration: options.persistent ? 0 : TOAST_SECONDS[type],
    placement: 'top',
    actions: options.action
      ? createElement(
          'button',
          { type: 'button', className: 'ant-btn ant-btn-link', onClick: options.action.onClick },
          options.action.label,
        )
      : undefined,
  });
}

export const isAuthError = (e: ApiError): boolean =>
  AUTH_CODES.has(e.code) || ((e.status === 401 || e.status === 403) && !e.code.startsWith('CORE_00'));

/** True when the spec says this error is not shown as a toast. */
export function isSilentError(e: ApiError): boolean {
  if (SILENT_CODES.has(e.code)) return true;
  if (e.status === 400 && /no configurad/i.test(e.message)) return true;
  return false;
}

/**
 * Shows an error the way the spec asks. Returns false when it was not shown (silent, auth or a
 * repeated auth error within 30 s), so callers can render the error in place instead.
 */
export function toastError(error: unknown, options: ToastOptions & { retry?: () => void } = {}): boolean {
  if (!isApiError(error)) {
    showToast('error', 'Error desconocido', options);
    return true;
  }
  if (isSilentError(error)) return false;
  // Authentication errors belong to the session coordinator (which uses `toastAuthOnce`).
  if (isAuthError(error)) return false;
  const action =
    options.action ??
    (options.retry && RETRYABLE.has(error.code)
      ? { label: 'Reintentar', onClick: options.retry }
      : undefined);
  showToast('error', error.message, { ...options, ...(action ? { action } : {}) });
  return true;
}

/** The session coordinator's one toast per auth message; the same one again within 30 s is dropped. */
export function toastAuthOnce(message: string, now = Date.now()): boolean {
  const last = lastAuthToast.get(message);
  if (last !== undefined && now - last < AUTH_DEDUPE_MS) return false;
  lastAuthToast.set(message, now);
  showToast('warning', message);
  return true;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => showToast('success', message, options),
  error: (message: string, options?: ToastOptions) => showToast('error', message, options),
  warning: (message: string, options?: ToastOptions) => showToast('warning', message, options),
  info: (message: string, options?: ToastOptions) => showToast('info', message, options),
  fromError: toastError,
};
