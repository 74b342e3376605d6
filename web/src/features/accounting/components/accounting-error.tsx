/**
 * Errors of the accounting pages. A 403 ACC_PLAN_REQUIRED (the plan covering the company lacks
 * accounting, spec part 2 §6) is not an error to retry: the page gives way to the 'Funcionalidad
 * Premium' page, which the route module provides through `AccountingPremiumContext` (features do
 * not import the app's guards). Other failures show the server's message, else the spec's fallback
 * (part 2 §8: 'Error obteniendo cuentas', 'Error creando asiento contable'...).
 */
import { accountingMessages } from '@shared/schemas/accounting';
import { LoadError } from '@web/components/load-states';
import { isApiError } from '@web/lib/api-error';
import { showToast } from '@web/lib/toast';
import { Alert } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';

/** What the pages render instead of themselves when the plan lacks accounting. */
export const AccountingPremiumContext = createContext<ReactNode>(null);

export const isPlanRequired = (error: unknown): boolean =>
  isApiError(error) && error.code === 'ACC_PLAN_REQUIRED';

/** The server's message, else the spec's fallback for that call. */
export function messageOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** A failed write: its message (or the fallback) as an error toast. */
export function toastFailure(error: unknown, fallback: string): void {
  showToast('error', isPlanRequired(error) ? accountingMessages.upgrade : messageOr(error, fallback));
}

/** The premium page on a plan error; the load error with 'Reintentar' otherwise. */
export function AccountingLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const premium = useContext(AccountingPremiumContext);
  if (isPlanRequired(error)) {
    return premium ?? <Alert type="info" showIcon title={accountingMessages.upgrade} />;
  }
  return <LoadError title={title} error={error} onRetry={onRetry} />;
}
