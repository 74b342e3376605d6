import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { Card } from 'antd';
import type { ReactNode } from 'react';

/** What a widget needs of its query (a react-query result). */
export interface WidgetQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * One dashboard widget (spec part 3 "Other widgets"): loading, the error with its exact text and
 * 'Reintentar', 'No hay datos disponibles' when there is nothing, else its content.
 */
export function WidgetCard<T>({
  title,
  extra,
  query,
  errorTitle,
  isEmpty,
  children,
}: {
  title: string;
  extra?: ReactNode;
  query: WidgetQuery<T>;
  errorTitle: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  return (
    <Card title={title} extra={extra} aria-label={title} style={{ height: '100%' }}>
      {query.isPending ? (
        <LoadingBlock label={`Cargando ${title.toLowerCase()}`} />
      ) : query.isError || data === undefined ? (
        <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : isEmpty(data) ? (
        <EmptyState description="No hay datos disponibles" />
      ) : (
        children(data)
      )}
    </Card>
  );
}
