import { errorMessage } from '@web/lib/api-error';
import { Alert, Button, Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

/** A list or widget that could not load: what failed, why, and 'Reintentar'. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorMessage(error)}
      action={
        <Button size="small" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}

/** Nothing to show yet, with an optional way forward. */
export function EmptyState({ description, children }: { description: string; children?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}

/** A section that is loading. */
export function LoadingBlock({ label = 'Cargando' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 120 }}>
      <Spin aria-label={label} />
    </Flex>
  );
}
