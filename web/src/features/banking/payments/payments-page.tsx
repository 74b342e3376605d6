/**
 * /app/banking/payments: 'Pagos y cobros' (issue 19 item 5). SEPA files for the bank: credit transfers
 * to suppliers (pain.001.001.03), direct-debit remittances to customers with a mandate
 * (pain.008.001.02), the orders generated, the mandates, and the creditor identifier. Payments are
 * recorded when the bank movement is reconciled, not when the file is generated.
 */
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { Flex, Tabs } from 'antd';
import { useBankingSettings, usePaymentAccounts } from '../api/payments';
import { CandidatesTab } from './candidates-tab';
import { MandatesTab } from './mandates-tab';
import { OrdersTab } from './orders-tab';
import { SettingsCard } from './settings-card';

const TITLE = 'Pagos y cobros';

export function PaymentsPage() {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title={TITLE} />
        <NoCompanySelected description="Selecciona una empresa para preparar sus pagos y cobros SEPA." />
      </>
    );
  }
  return <PaymentsContent companyId={companyId} />;
}

function PaymentsContent({ companyId }: { companyId: string }) {
  const settings = useBankingSettings(companyId);
  const accounts = usePaymentAccounts(companyId);
  const header = (
    <PageHeader
      title={TITLE}
      back={{ to: paths.app.banking.root, label: 'Bancos' }}
      meta={<span>Ficheros SEPA de transferencias a proveedores y remesas de recibos para tu banco</span>}
    />
  );
  if (settings.isPending || accounts.isPending)
    return (
      <>
        {header}
        <LoadingBlock label="Cargando pagos y cobros" />
      </>
    );
  if (settings.isError || accounts.isError)
    return (
      <>
        {header}
        <LoadError
          title="Error obteniendo la configuración de pagos"
          error={settings.error ?? accounts.error}
          onRetry={() => {
            void settings.refetch();
            void accounts.refetch();
          }}
        />
      </>
    );
  const sepaAccounts = accounts.data.filter((a) => a.active && a.currency === 'EUR');
  return (
    <>
      {header}
      <Flex vertical gap={16}>
        <SettingsCard companyId={companyId} settings={settings.data} accounts={sepaAccounts} />
        {sepaAccounts.length === 0 ? (
          <EmptyState description="Añade una cuenta bancaria en euros para generar ficheros SEPA." />
        ) : null}
        <Tabs
          items={[
            {
              key: 'transfers',
              label: 'Transferencias a proveedores',
              children: (
                <CandidatesTab
                  companyId={companyId}
                  kind="TRANSFER"
                  accounts={sepaAccounts}
                  defaultAccountId={settings.data.defaultAccountId}
                />
              ),
            },
            {
              key: 'debits',
              label: 'Remesas de recibos',
              children: (
                <CandidatesTab
                  companyId={companyId}
                  kind="DIRECT_DEBIT"
                  accounts={sepaAccounts}
                  defaultAccountId={settings.data.defaultAccountId}
                />
              ),
            },
            { key: 'orders', label: 'Órdenes generadas', children: <OrdersTab companyId={companyId} /> },
            {
              key: 'mandates',
              label: 'Mandatos',
              children: <MandatesTab companyId={companyId} defaultType={settings.data.defaultSequenceType} />,
            },
          ]}
        />
      </Flex>
    </>
  );
}
