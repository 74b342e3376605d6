import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

export interface WidgetCardProps {
  title: ReactNode;
  loading: boolean;
  /** True (or an error object) when the widget's data failed to load. */
  error: unknown;
  onRetry: () => void;
  /** True when the data loaded but there is nothing to show. */
  empty: boolean;
  /** Spec part 3 §8: the widget's own message; 'Error cargando métricas' by default. */
  errorMessage?: string;
  /** The Card's `extra` (a link, a refresh button). */
  extra?: ReactNode;
  children?: ReactNode;
}

export const DEFAULT_WIDGET_ERROR = 'Error cargando métricas';
export const EMPTY_WIDGET_TEXT = 'No hay datos disponibles';

/**
 * A dashboard widget with the three states every widget has (spec part 3 §2 Other widgets): a
 * skeleton while loading, the error with 'Reintentar', 'No hay datos disponibles' when empty, else
 * the content. Loading wins over error (a retry in flight), error over empty.
 */
export function WidgetCard({
  title,
  loading,
  error,
  onRetry,
  empty,
  errorMessage = DEFAULT_WIDGET_ERROR,
  extra,
  children,
}: WidgetCardProps) {
  let body: ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (error) {
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage}
        action={
          <Button size="small" onClick={onRetry}>
            Reintentar
          </Button>
        }
      />
    );
  } else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_WIDGET_TEXT} />;
  else body = children;
  return (
    <Card title={title} extra={extra}>
      {body}
    </Card>
  );
}
