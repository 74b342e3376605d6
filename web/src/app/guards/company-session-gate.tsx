import { MessageScreen } from '@web/components/message-screen';
import { PageLoader } from '@web/components/page-loader';
import { errorMessage } from '@web/lib/api-error';
import { useCompanySession } from '@web/lib/company';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/** Waits until the user's companies are loaded and one is selected (spec part 1 §4). */
export function CompanySessionGate({ children }: { children: ReactNode }) {
  const { status, error, retry } = useCompanySession();
  if (status === 'loading') return <PageLoader fullScreen />;
  if (status === 'error') {
    return (
      <MessageScreen
        title="No se han podido cargar tus empresas"
        description={errorMessage(error)}
        action={
          <Button type="primary" onClick={retry}>
            Reintentar
          </Button>
        }
      />
    );
  }
  return children;
}
