/**
 * The company's certificates (spec part 1 §7): upload of a .p12/.pfx with its password (extension
 * and ≤ 50 KB checked here, the content by the server; the password is forgotten after every
 * attempt), list (holder, NIF, issuer, valid until, state, in use), delete, usage history.
 */
import type { CertificateView } from '@shared/schemas/verifactu';
import { errorMessage } from '@web/lib/api-error';
import { formatDate, formatDateTime } from '@web/lib/format';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Flex, Input, Modal, Popconfirm, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useDeleteCertificate } from '../api/delete-certificate';
import { CERTIFICATE_USAGE_LIMIT, useCertificateUsage } from '../api/get-certificate-usage';
import { useUploadCertificate } from '../api/upload-certificate';
import { certificateFileProblem, expiryLevel, expiryMessage } from '../utils/certificate-file';
import { CERTIFICATE_STATUS_LABELS, CERTIFICATE_USE_LABELS } from '../utils/labels';

export function CertificateUploadForm({ companyId }: { companyId: string }) {
  const upload = useUploadCertificate(companyId);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (chosen: File) => {
    const refusal = certificateFileProblem(chosen);
    setProblem(refusal);
    setFile(refusal ? null : chosen);
  };

  const send = () => {
    if (!file) return;
    if (!password) {
      setProblem('La contraseña del certificado es obligatoria.');
      return;
    }
    setProblem(null);
    const attempt = { file, password };
    // The password is never kept: the field is emptied as soon as it is sent, whatever the outcome.
    setPassword('');
    upload.mutate(attempt, {
      onSuccess: (certificate) => {
        setFile(null);
        showToast('success', `Certificado de ${certificate?.subject ?? file.name} subido.`);
      },
      onError: (e) => setProblem(errorMessage(e)),
    });
  };

  return (
    <Flex vertical gap={12} aria-label="Subir certificado" role="group">
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      <Flex gap={8} wrap align="center">
        <Upload
          accept=".p12,.pfx,application/x-pkcs12"
          maxCount={1}
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(chosen) => {
            choose(chosen);
            // antd never posts the file itself: the upload is the multipart POST below.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button disabled={upload.isPending}>
            {file ? 'Cambiar archivo' : 'Elegir certificado (.p12 / .pfx)'}
          </Button>
        </Upload>
        {file ? <Typography.Text>{file.name}</Typography.Text> : null}
      </Flex>
      <Flex gap={8} wrap>
        <Input.Password
          aria-label="Contraseña del certificado"
          placeholder="Contraseña del certificado"
          autoComplete="off"
          style={{ maxWidth: 280 }}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={send}
        />
        <Button type="primary" onClick={send} loading={upload.isPending} disabled={!file}>
          Subir certificado
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        Archivo .p12 o .pfx de como máximo 50 KB. Se guarda cifrado; ni el archivo ni la contraseña se vuelven
        a mostrar.
      </Typography.Text>
    </Flex>
  );
}

export function CertificatesTable({
  companyId,
  certificates,
  canManage,
}: {
  companyId: string;
  certificates: CertificateView[];
  canManage: boolean;
}) {
  const remove = useDeleteCertificate(companyId);
  const [usageOf, setUsageOf] = useState<CertificateView | null>(null);
  return (
    <>
      <Table<CertificateView>
        rowKey="certificateId"
        size="small"
        pagination={false}
        dataSource={certificates}
        scroll={{ x: true }}
        locale={{ emptyText: 'Todavía no hay certificados.' }}
        columns={[
          {
            title: 'Titular',
            key: 'subject',
            render: (_, c) => (
              <Flex vertical>
                <span>{c.subject}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {c.fileName}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'NIF', dataIndex: 'holderNif', render: (v: string | null) => v ?? '—' },
          { title: 'Emisor', dataIndex: 'issuer' },
          {
            title: 'Válido hasta',
            key: 'validTo',
            render: (_, c) => {
              const warning = expiryMessage(c.daysToExpiry);
              return (
                <Flex vertical>
                  <span>{formatDate(c.validTo)}</span>
                  {warning ? (
                    <Typography.Text type={expiryLevel(c.daysToExpiry) === 'expired' ? 'danger' : 'warning'}>
                      {warning}
                    </Typography.Text>
                  ) : null}
                </Flex>
              );
            },
          },
          {
            title: 'Estado',
            dataIndex: 'status',
            render: (s: CertificateView['status']) => (
              <Tag color={s === 'VALID' ? 'green' : s === 'EXPIRED' ? 'red' : 'orange'}>
                {CERTIFICATE_STATUS_LABELS[s] ?? s}
              </Tag>
            ),
          },
          {
            title: 'En uso',
            dataIndex: 'inUse',
            render: (v: boolean) => (v ? <Tag color="blue">En uso</Tag> : 'No'),
          },
          {
            title: 'Acciones',
            key: 'actions',
            render: (_, c) => (
              <Flex gap={4} wrap>
                <Button size="small" onClick={() => setUsageOf(c)}>
                  Historial de uso
                </Button>
                {canManage ? (
                  <Popconfirm
                    title="¿Eliminar el certificado?"
                    description={
                      c.inUse
                        ? 'La configuración VeriFacTu lo usa: los envíos se detendrán hasta que elijas otro.'
                        : 'Se borra el archivo cifrado y su contraseña.'
                    }
                    okText="Eliminar"
                    cancelText="Cancelar"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove.mutateAsync(c.certificateId).then(
                        () => showToast('success', 'Certificado eliminado.'),
                        (e) => showToast('error', errorMessage(e)),
                      )
                    }
                  >
                    <Button
                      size="small"
                      danger
                      loading={remove.isPending && remove.variables === c.certificateId}
                    >
                      Eliminar
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      {usageOf ? (
        <CertificateUsageModal companyId={companyId} certificate={usageOf} onClose={() => setUsageOf(null)} />
      ) : null}
    </>
  );
}

function CertificateUsageModal({
  companyId,
  certificate,
  onClose,
}: {
  companyId: string;
  certificate: CertificateView;
  onClose: () => void;
}) {
  const usage = useCertificateUsage(companyId, certificate.certificateId);
  return (
    <Modal
      open
      title={`Historial de uso de ${certificate.subject}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Cerrar</Button>}
      width={720}
    >
      {usage.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(usage.error)}
          action={
            <Button size="small" onClick={() => void usage.refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : (
        <Table
          rowKey={(u) => `${u.at}-${u.operation}`}
          size="small"
          loading={usage.isPending}
          pagination={false}
          dataSource={usage.data ?? []}
          locale={{ emptyText: 'Este certificado no se ha usado todavía.' }}
          footer={() => `Últimos ${CERTIFICATE_USAGE_LIMIT} usos como máximo.`}
          columns={[
            { title: 'Fecha', dataIndex: 'at', render: (v: string) => formatDateTime(v) },
            {
              title: 'Operación',
              dataIndex: 'operation',
              render: (v: string) => CERTIFICATE_USE_LABELS[v] ?? v,
            },
            {
              title: 'Resultado',
              dataIndex: 'ok',
              render: (ok: boolean) =>
                ok ? <Tag color="green">Correcto</Tag> : <Tag color="red">Error</Tag>,
            },
            { title: 'Detalle', dataIndex: 'detail', render: (v: string | null) => v ?? '—' },
          ]}
        />
      )}
    </Modal>
  );
}
