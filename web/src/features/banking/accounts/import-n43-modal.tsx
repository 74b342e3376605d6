/**
 * 'Importar Norma 43': the statement file (AEB Cuaderno 43) read in the browser and sent as base64;
 * the answer per account: new movements and the ones already imported (a file imported twice adds
 * nothing). A malformed file is told with its line and reason.
 */
import {
  bankingMessages,
  MAX_N43_BYTES,
  type N43ImportAccount,
  type N43ImportResult,
} from '@shared/schemas/banking';
import { errorMessage } from '@web/lib/api-error';
import { formatCents, formatDate } from '@web/lib/format';
import { Alert, Flex, Modal, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useImportN43 } from '../api/accounts';
import { accountDetailPath, formatIban } from './ui';

const columns: TableColumnsType<N43ImportAccount> = [
  {
    title: 'Cuenta',
    key: 'account',
    render: (_, a) => (
      <Flex vertical>
        <Link to={accountDetailPath(a.accountId)}>{a.alias}</Link>
        <Typography.Text type="secondary">{formatIban(a.iban)}</Typography.Text>
        {a.accountCreated ? <Typography.Text type="success">Cuenta nueva</Typography.Text> : null}
      </Flex>
    ),
  },
  {
    title: 'Periodo',
    key: 'period',
    render: (_, a) => `${formatDate(a.fromDate)} – ${formatDate(a.toDate)}`,
  },
  { title: 'Saldo final', key: 'closing', align: 'right', render: (_, a) => formatCents(a.closingCents) },
  { title: 'Nuevos', dataIndex: 'created', align: 'right' },
  { title: 'Duplicados', dataIndex: 'duplicates', align: 'right' },
];

export function ImportResult({ result }: { result: N43ImportResult }) {
  return (
    <Flex vertical gap={12}>
      <Alert
        type={result.created > 0 ? 'success' : 'info'}
        showIcon
        title={`${result.fileName}: ${result.created} movimientos nuevos, ${result.duplicates} duplicados`}
      />
      <Table<N43ImportAccount>
        rowKey="accountId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={result.accounts}
      />
      {result.warnings.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Avisos del fichero"
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {result.warnings.map((w) => (
                <li key={`${w.line}-${w.reason}`}>
                  Línea {w.line}: {w.reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Flex>
  );
}

export function ImportN43Modal({
  companyId,
  open,
  onClose,
}: {
  companyId: string;
  open: boolean;
  onClose: () => void;
}) {
  const importFile = useImportN43(companyId);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (file: File) => {
    setProblem(null);
    importFile.reset();
    if (file.size > MAX_N43_BYTES) {
      setProblem(bankingMessages.fileTooLarge);
      return;
    }
    importFile.mutate(file);
  };

  const close = () => {
    importFile.reset();
    setProblem(null);
    onClose();
  };

  return (
    <Modal title="Importar Norma 43" open={open} onCancel={close} footer={null} width={760} destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          El extracto en formato AEB Norma 43 (Cuaderno 43) que descargas de la banca online. Las cuentas que
          aún no existen se crean; los movimientos ya importados no se repiten.
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".n43,.txt,.c43,.aeb,.q43,.dat"
          maxCount={1}
          showUploadList={false}
          disabled={importFile.isPending}
          beforeUpload={(file) => {
            send(file);
            // The upload is the JSON POST of banking.importN43, never antd's own request.
            return false;
          }}
        >
          <p style={{ margin: 0 }}>
            {importFile.isPending ? 'Importando…' : 'Arrastra el fichero aquí o haz clic para elegirlo'}
          </p>
        </Upload.Dragger>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {importFile.isError ? (
          <Alert
            type="error"
            showIcon
            title="No se ha podido importar el fichero"
            description={errorMessage(importFile.error)}
          />
        ) : null}
        {importFile.data ? <ImportResult result={importFile.data} /> : null}
      </Flex>
    </Modal>
  );
}
