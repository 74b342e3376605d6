/** The document itself beside its reading: `documents.view` as a blob URL, in an iframe (PDF) or an image. */

import { useQuery } from '@tanstack/react-query';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { getDocumentFile } from '../api/get-document-file';
import { documentKeys } from '../api/keys';

export function DocumentPreview({
  documentId,
  companyId,
  fileName,
  contentType,
}: {
  documentId: string;
  companyId: string | null;
  fileName: string;
  contentType: string | null;
}) {
  const file = useQuery({
    queryKey: [...documentKeys.detail(companyId, documentId), 'view'],
    queryFn: ({ signal }) => getDocumentFile('view', documentId, companyId, fileName, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const url = useMemo(
    () =>
      file.data ? (file.data.kind === 'blob' ? URL.createObjectURL(file.data.blob) : file.data.url) : null,
    [file.data],
  );
  useEffect(() => () => (url?.startsWith('blob:') ? URL.revokeObjectURL(url) : undefined), [url]);

  if (file.isPending) return <LoadingBlock label="Cargando la vista previa" />;
  if (file.isError)
    return (
      <LoadError
        title="Error cargando la vista previa"
        error={file.error}
        onRetry={() => void file.refetch()}
      />
    );
  const type = contentType ?? (file.data.kind === 'blob' ? file.data.blob.type : '');
  if (url && type.startsWith('image/'))
    return <img src={url} alt={fileName} style={{ maxWidth: '100%', border: '1px solid #f0f0f0' }} />;
  // Not sandboxed: the browser's PDF viewer does not run in a sandboxed frame; the bytes were
  // checked on arrival (no JavaScript, no embedded executables: DOC_041).
  // A browser without a PDF viewer (or one that blocks it) still gets the file: the link opens it.
  return (
    <Flex vertical gap={8}>
      <iframe
        title={`Vista previa de ${fileName}`}
        src={url ?? undefined}
        style={{ width: '100%', minHeight: 640, border: '1px solid #f0f0f0' }}
      />
      {url ? (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
          Abrir el documento en una pestaña nueva
        </Typography.Link>
      ) : null}
    </Flex>
  );
}
