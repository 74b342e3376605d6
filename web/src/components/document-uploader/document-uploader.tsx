/**
 * The document uploader of /app/documents/upload and the client's /app/document-upload (issue 17
 * items 1 and 7; spec part 2 §5, part 3 §4 "Upload item: pending, uploading, completed, error"):
 * files dropped or picked, checked here with the spec's messages, each shown pending (removable),
 * uploading (a progress bar from the bytes sent), completed or error; then what the server does
 * with it (read, draft, refused): pushed on the notifications WebSocket (`document_progress`) as
 * it happens, and asked every 2 s (`documents.statusBatch`) until final in case the socket is down.
 * The page gives the upload itself (multipart or presigned, with its options), optionally a batch
 * upload for several small files in one request, and the options form.
 */
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import {
  DOCUMENT_STATUS_LABELS,
  type DocumentProgressMessage,
  type DocumentUploadStatus,
  FINAL_DOCUMENT_STATUSES,
  MAX_BATCH_FILES,
} from '@shared/schemas/documents';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api-error';
import { formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { usePushMessages } from '@web/lib/push-messages';
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

/** What a batch upload answers per file, in the order sent: the ids, or why that file was refused. */
export type BatchUploadOutcome = UploadedDocument | { error: string };

export type UploadBatchFn = (
  files: { file: File; uploadId: string }[],
  onProgress: (percent: number) => void,
) => Promise<BatchUploadOutcome[]>;

/** The server's progress is asked every 2 s while a document is not final. */
export const STATUS_POLL_MS = 2_000;

/**
 * Files up to 1 MB go together, up to 4 MB per request: a batch travels as one API request, whose
 * body (base64 in the Lambda event) must stay under the 6 MB payload limit.
 */
export const BATCH_FILE_MAX_BYTES = 1024 * 1024;
export const BATCH_REQUEST_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The pending items, split into batches (two or more small files each) and single uploads; without
 * a batch upload every item goes alone.
 */
export function planUploads<T extends { file: File }>(items: T[], batching: boolean): T[][] {
  if (!batching) return items.map((item) => [item]);
  const small = items.filter((item) => item.file.size <= BATCH_FILE_MAX_BYTES);
  const plan: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of small) {
    if (current.length === MAX_BATCH_FILES || bytes + item.file.size > BATCH_REQUEST_MAX_BYTES) {
      plan.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += item.file.size;
  }
  if (current.length > 0) plan.push(current);
  // A batch of one is a plain upload (its own uploadId, the multipart route).
  const batches = plan.flatMap((group) => (group.length > 1 ? [group] : group.map((item) => [item])));
  return [...batches, ...items.filter((item) => item.file.size > BATCH_FILE_MAX_BYTES).map((item) => [item])];
}

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
export function useUploadQueue(upload: UploadFn, uploadBatch?: UploadBatchFn) {
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
    for (const group of planUploads(pending, uploadBatch !== undefined)) {
      for (const item of group) patch(item.key, { state: 'uploading', progress: 0, error: null });
      const [only] = group;
      if (group.length === 1 && only) {
        try {
          const answer = await upload(only.file, only.uploadId, (progress) => patch(only.key, { progress }));
          patch(only.key, { state: 'completed', progress: 100, uploadId: answer.uploadId || only.uploadId });
        } catch (error) {
          patch(only.key, { state: 'error', error: errorMessage(error) });
        }
        continue;
      }
      if (!uploadBatch) continue;
      try {
        const outcomes = await uploadBatch(
          group.map(({ file, uploadId }) => ({ file, uploadId })),
          (progress) => {
            for (const item of group) patch(item.key, { progress });
          },
        );
        group.forEach((item, i) => {
          const outcome = outcomes[i];
          if (!outcome)
            patch(item.key, { state: 'error', error: 'El servidor no respondió por este archivo.' });
          else if ('error' in outcome) patch(item.key, { state: 'error', error: outcome.error });
          else
            patch(item.key, {
              state: 'completed',
              progress: 100,
              uploadId: outcome.uploadId || item.uploadId,
            });
        });
      } catch (error) {
        for (const item of group) patch(item.key, { state: 'error', error: errorMessage(error) });
      }
    }
  }, [items, patch, upload, uploadBatch]);

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

/**
 * What the WebSocket pushed for these uploads (`document_progress`), by upload id. Only messages of
 * this company and of the uploads on the list are kept; the poll stays the source of truth.
 */
export function usePushedStatuses(uploadIds: string[], companyId: string | null) {
  const [pushed, setPushed] = useState<ReadonlyMap<string, DocumentUploadStatus>>(new Map());
  const wanted = useRef(new Set<string>());
  wanted.current = new Set(uploadIds);
  usePushMessages<DocumentProgressMessage>('document_progress', (message) => {
    if (message.companyId !== companyId || typeof message.uploadId !== 'string') return;
    if (!wanted.current.has(message.uploadId)) return;
    const { type: _type, companyId: _company, ...status } = message;
    // Pushes may arrive out of order: a later one never moves an upload back.
    setPushed((current) => {
      const previous = current.get(status.uploadId);
      if (previous && statusRank(status) < statusRank(previous)) return current;
      return new Map(current).set(status.uploadId, status);
    });
  });
  return pushed;
}

/**
 * The newer of what was polled and what was pushed: the one further along (a final status, then the
 * higher progress); the polled one when they are level.
 */
export function newerStatus(
  polled: DocumentUploadStatus | undefined,
  pushed: DocumentUploadStatus | undefined,
): DocumentUploadStatus | undefined {
  if (!pushed) return polled;
  if (!polled) return pushed;
  return statusRank(pushed) > statusRank(polled) ? pushed : polled;
}

/** How far along an upload is: any final status beyond any other, then by progress. */
const statusRank = (s: DocumentUploadStatus) =>
  (FINAL_DOCUMENT_STATUSES.includes(s.status) ? 1000 : 0) + s.progress;

export interface DocumentUploaderProps {
  companyId: string | null;
  purpose?: UploadPurpose;
  upload: UploadFn;
  /** Several small files in one request (`documents.batchUpload`); without it each goes alone. */
  uploadBatch?: UploadBatchFn;
  /** The options form (document type, automatic reading...), shown above the button. */
  children?: ReactNode;
  /** Whether the caller may upload (useCan); without it the picker is disabled. */
  allowed?: boolean;
  /** Called once 'Subir archivos' has sent every pending file (whatever each one's outcome). */
  onSent?: () => void | Promise<void>;
}

export function DocumentUploader({
  companyId,
  purpose = 'READ',
  upload,
  uploadBatch,
  children,
  allowed = true,
  onSent,
}: DocumentUploaderProps) {
  const queue = useUploadQueue(upload, uploadBatch);
  const [busy, setBusy] = useState(false);
  const uploaded = useMemo(
    () => queue.items.filter((item) => item.state === 'completed').map((item) => item.uploadId),
    [queue.items],
  );
  const statuses = useServerStatuses(uploaded, companyId);
  const pushed = usePushedStatuses(
    queue.items.map((item) => item.uploadId),
    companyId,
  );
  const byUploadId = new Map((statuses.data ?? []).map((status) => [status.uploadId, status]));
  const serverStatus = (uploadId: string) => newerStatus(byUploadId.get(uploadId), pushed.get(uploadId));
  const extensions = acceptAttribute(purpose);

  const send = async () => {
    setBusy(true);
    try {
      await queue.start();
      await onSent?.();
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
              server={serverStatus(item.uploadId)}
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
