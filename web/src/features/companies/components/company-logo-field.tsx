import type { CompanyLogo } from '@shared/schemas/companies';
import { isApiError } from '@web/lib/api-error';
import { toast } from '@web/lib/toast';
import { Alert, Button, Flex, Popconfirm, Spin, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useDeleteCompanyLogo } from '../api/delete-company-logo';
import { useCompanyLogoUrl } from '../api/get-company-logo';
import { useUploadCompanyLogo } from '../api/upload-company-logo';
import { bytesToBase64, logoBytesProblem, logoFileProblem, readFileBytes } from '../utils/logo-file';

const READ_FAILED = 'No se ha podido leer el archivo.';

/** The current invoice logo, or 'Sin logotipo'. */
export function CompanyLogoPreview({ companyId, logo }: { companyId: string; logo: CompanyLogo | null }) {
  const { url, isLoading, isError } = useCompanyLogoUrl(companyId, logo);
  if (!logo) return <Typography.Text type="secondary">Sin logotipo</Typography.Text>;
  if (isError) return <Typography.Text type="secondary">No se ha podido cargar el logotipo.</Typography.Text>;
  if (isLoading || !url) return <Spin size="small" aria-label="Cargando logotipo" />;
  return (
    <img
      src={url}
      alt={`Logotipo de la empresa (${logo.fileName})`}
      style={{ display: 'block', maxWidth: 240, maxHeight: 96, objectFit: 'contain' }}
    />
  );
}

/**
 * 'Logotipo para las facturas': preview, upload (PNG or JPEG ≤ 5 MB, 100-2000 px, sent as base64 through
 * `companies.putLogo`, never through antd's own request) and 'Quitar logotipo'. For who manages.
 */
export function CompanyLogoField({ companyId, logo }: { companyId: string; logo: CompanyLogo | null }) {
  const upload = useUploadCompanyLogo(companyId);
  const remove = useDeleteCompanyLogo(companyId);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const send = async (file: File) => {
    setProblem(null);
    const refusal = logoFileProblem(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    try {
      const bytes = await readFileBytes(file);
      // The same header rules as the server (dimensions, ratio, type by content) before sending.
      const headerRefusal = logoBytesProblem(bytes);
      if (headerRefusal) {
        setProblem(headerRefusal);
        return;
      }
      await upload.mutateAsync({ fileName: file.name, contentBase64: bytesToBase64(bytes) });
      toast.success('Logotipo guardado');
    } catch (error) {
      setProblem(isApiError(error) ? error.message : READ_FAILED);
    }
  };

  const onRemove = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast.success('Logotipo quitado');
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'No se ha podido quitar el logotipo.');
    }
  };

  return (
    <Flex vertical gap={12}>
      <CompanyLogoPreview companyId={companyId} logo={logo} />
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      <Flex gap={8} wrap>
        <Upload
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          maxCount={1}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void send(file);
            // Never let antd post the file itself: the upload is the JSON PUT above.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button loading={upload.isPending} disabled={busy}>
            {logo ? 'Cambiar logotipo' : 'Subir logotipo'}
          </Button>
        </Upload>
        {logo ? (
          <Popconfirm
            title="¿Quitar el logotipo?"
            description="Las facturas que se generen a partir de ahora no lo llevarán."
            okText="Quitar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => void onRemove()}
          >
            <Button danger loading={remove.isPending} disabled={busy}>
              Quitar logotipo
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
      <Typography.Text type="secondary">
        PNG o JPEG, como máximo 5 MB, de 100 a 2000 px por lado.
      </Typography.Text>
    </Flex>
  );
}
