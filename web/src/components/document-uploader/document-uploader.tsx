/**
 * The document uploader of /app/documents/upload and the client's /app/document-upload (issue 17
 * items 1 and 7; spec part 2 §5, part 3 §4 "Upload item: pending, uploading, completed, error"):
 * files dropped or picked, checked here with the spec's messages, each shown pending (removable),
 * uploading (a progress bar from the bytes sent), completed or error; then what the server does
 * with it (read, draft, refused), asked every 2 s (`documents.statusBatch`) until final.
 * The page gives the upload itself (multipart or presigned, with its options) and the options form.
 */
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import {
  DOCUMENT_STATUS_LABELS,
  type DocumentUploadStatus,
  FINAL_DOCUMENT_STATUSES,
} from '@shared/schemas/documents';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api-error';
import { formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Alert, Button, Flex, Progress, Tag, Typography, theme, Upload } from 'antd';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { acceptAttribute, checkFile, NO_FILES_MESSAGE, type UploadPurpose } from './validate';

export type UploadItemState = 'pending' | 'uploading' | 'completed' | 'error';

export interface UploadItem {
  key: string;
  file: File;
  state: UploadItemState;
  /** 0..100 of the bytes sent. */
  progress: number;
  error: string | null;
  uploadId: string;
}

/** What the page's upload answers: the ids the server follows the document by. */
export interface UploadedDocument {
  uploadId: string;
  documentId: string;
}

export type UploadFn = (
  file: File,
  uploadId: string,
  onProgress: (percent: number) => void,
) => Promise<UploadedDocument>;

/** The server's progress is asked every 2 s while a document is not final. */
export const STATUS_POLL_MS = 2_000;

const newUploadId = (): string =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`)
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 64)
    .padEnd(8, '0');

/** 1.234 KB / 12,3 MB: sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatInteger(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

const STATE_LABELS: Record<UploadItemState, string> = {
  pending: 'Pendiente',
  uploading: 'Subiendo',
  completed: 'Subido',
  error: 'Error',
};

/** The uploader's list and its transitions (pending → uploading → completed | error). */
export function useUploadQueue(upload: UploadFn) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const counter = useRef(0);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback((files: File[], purpose: UploadPurpose) => {
    const refused: string[] = [];
    const accepted: UploadItem[] = [];
    for (const file of files) {
      const problem = checkFile(file, purpose);
      if (problem) refused.push(problem);
      else {
        counter.current += 1;
        accepted.push({
          key: `f${counter.current}`,
          file,
          state: 'pending',
          progress: 0,
          error: null,
          uploadId: newUploadId(),
        });
      }
    }
    setProblems(refused);
    setItems((current) => [...current, ...accepted]);
  }, []);

  const remove = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key || item.state === 'uploading'));
  }, []);

  /** Uploads every pending item, one after another (a slow line is not shared by ten uploads). */
  const start = useCallback(async () => {
    const pending = items.filter((item) => item.state === 'pending' || item.state === 'error');
    if (pending.length === 0) {
      setProblems([NO_FILES_MESSAGE]);
      return;
    }
    setProblems([]);
    for (const item of pending) {
      patch(item.key, { state: 'uploading', progress: 0, error: null });
      try {
        const answer = await upload(item.file, item.uploadId, (progress) => patch(item.key, { progress }));
        patch(item.key, { state: 'completed', progress: 100, uploadId: answer.uploadId || item.uploadId });
      } catch (error) {
        patch(item.key, { state: 'error', error: errorMessage(error) });
      }
    }
  }, [items, patch, upload]);

  const clear = useCallback(() => {
    setItems((current) => current.filter((item) => item.state === 'uploading'));
    setProblems([]);
  }, []);

  return { items, problems, add, remove, start, clear };
}

function statusesOf(answer: unknown): DocumentUploadStatus[] {
  if (Array.isArray(answer)) return answer as DocumentUploadStatus[];
  if (answer && typeof answer === 'object') {
    const box = answer as { statuses?: unknown; items?: unknown; content?: unknown };
    const list = box.statuses ?? box.items ?? box.content;
    if (Array.isArray(list)) return list as DocumentUploadStatus[];
  }
  return [];
}

/** The server's statuses of the uploaded items, asked again every 2 s until every one is final. */
export function useServerStatuses(uploadIds: string[], companyId: string | null) {
  return useQuery({
    queryKey: ['documents', companyId, 'status-batch', uploadIds],
    queryFn: ({ signal }) =>
      apiRequest<unknown>('documents.statusBatch', { body: { uploadIds }, companyId, signal }).then(
        statusesOf,
      ),
    enabled: uploadIds.length > 0 && companyId !== null,
    refetchInterval: (query) => {
      const statuses = query.state.data ?? [];
      const allFinal =
        statuses.length === uploadIds.length &&
        statuses.every((status) => FINAL_DOCUMENT_STATUSES.includes(status.status));
      return allFinal ? false : STATUS_POLL_MS;
    },
  });
}

export interface DocumentUploaderProps {
  companyId: string | null;
  purpose?: UploadPurpose;
  upload: UploadFn;
  /** The options form (document type, automatic reading...), shown above the button. */
  children?: ReactNode;
  /** Whether the caller may upload (useCan); without it the picker is disabled. */
  allowed?: boolean;
}

export function DocumentUploader({
  companyId,
  purpose = 'READ',
  upload,
  children,
  allowed = true,
}: DocumentUploaderProps) {
  const queue = useUploadQueue(upload);
  const [busy, setBusy] = useState(false);
  const uploaded = useMemo(
    () => queue.items.filter((item) => item.state === 'completed').map((item) => item.uploadId),
    [queue.items],
  );
  const statuses = useServerStatuses(uploaded, companyId);
  const byUploadId = new Map((statuses.data ?? []).map((status) => [status.uploadId, status]));
  const extensions = acceptAttribute(purpose);

  const send = async () => {
    setBusy(true);
    try {
      await queue.start();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Upload.Dragger
        multiple
        accept={extensions}
        disabled={!allowed}
        showUploadList={false}
        // Nothing is sent by antd: the files join the list and go when 'Subir archivos' is pressed.
        beforeUpload={(file, fileList) => {
          if (file === fileList[0]) queue.add(fileList as unknown as File[], purpose);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Arrastra aquí tus archivos o haz clic para seleccionarlos</p>
        <p className="ant-upload-hint">
          {extensions.replaceAll(',', ', ').replaceAll('.', '').toUpperCase()} · máximo 50 MB por archivo
        </p>
      </Upload.Dragger>

      {queue.problems.map((problem) => (
        <Alert key={problem} type="error" showIcon title={problem} />
      ))}

      {children}

      <Flex gap={8}>
        <Button type="primary" onClick={send} loading={busy} disabled={!allowed}>
          Subir archivos
        </Button>
        <Button onClick={queue.clear} disabled={busy || queue.items.length === 0}>
          Limpiar lista
        </Button>
      </Flex>

      {queue.items.length > 0 ? (
        <ul aria-label="Archivos" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {queue.items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              server={byUploadId.get(item.uploadId)}
              onRemove={() => queue.remove(item.key)}
            />
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}

function UploadRow({
  item,
  server,
  onRemove,
}: {
  item: UploadItem;
  server: DocumentUploadStatus | undefined;
  onRemove: () => void;
}) {
  const refused = server?.rejection ?? null;
  const failed = server?.error ?? null;
  const { token } = theme.useToken();
  return (
    <li
      data-testid={`upload-${item.file.name}`}
      style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex vertical gap={4} style={{ width: '100%' }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{item.file.name}</Typography.Text>
          <Typography.Text type="secondary">{formatBytes(item.file.size)}</Typography.Text>
          <Tag color={item.state === 'error' ? 'red' : item.state === 'completed' ? 'green' : 'default'}>
            {STATE_LABELS[item.state]}
          </Tag>
          {server ? <Tag color="blue">{DOCUMENT_STATUS_LABELS[server.status]}</Tag> : null}
          {item.state === 'pending' || item.state === 'error' ? (
            <Button size="small" type="link" onClick={onRemove}>
              Quitar
            </Button>
          ) : null}
          {server?.receivedInvoiceId ? (
            <Link to={paths.app.invoicing.receivedInvoice(server.receivedInvoiceId)}>
              Ver factura recibida
            </Link>
          ) : null}
        </Flex>
        {item.state === 'uploading' ? (
          <Progress percent={item.progress} size="small" aria-label={`Subida de ${item.file.name}`} />
        ) : null}
        {item.state === 'completed' && server && !refused ? (
          <Progress percent={server.progress} size="small" aria-label={`Proceso de ${item.file.name}`} />
        ) : null}
        {item.error ? <Typography.Text type="danger">{item.error}</Typography.Text> : null}
        {refused ? <Typography.Text type="danger">{refused.reason}</Typography.Text> : null}
        {failed && !refused ? <Typography.Text type="danger">{failed.message}</Typography.Text> : null}
      </Flex>
    </li>
  );
}
