import { MAX_DOCUMENT_BYTES } from '@shared/schemas/documents';
import { fireEvent, screen, within } from '@testing-library/react';
import { type ApiRequestOptions, apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { publishPushMessage } from '@web/lib/push-messages';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../testing/api-mock';
import { renderRoutes } from '../../testing/render';
import {
  BATCH_FILE_MAX_BYTES,
  DocumentUploader,
  planUploads,
  type UploadBatchFn,
  type UploadFn,
} from './document-uploader';
import { checkFile, NO_FILES_MESSAGE } from './validate';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const fileOf = (name: string, size = 1024, type = 'application/pdf') => {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const renderUploader = (upload: UploadFn, purpose: 'READ' | 'SEND' = 'READ') =>
  renderRoutes([
    { path: '/', element: <DocumentUploader companyId="c-1" upload={upload} purpose={purpose} /> },
  ]);

const choose = (...files: File[]) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
};

const row = (name: string) => screen.getByTestId(`upload-${name}`);

describe('the uploader checks files with the spec messages (spec part 2 §5)', () => {
  it('refuses wrong types, files over 50 MB and empty files; Office only for sending', () => {
    expect(checkFile({ name: 'factura.pdf', size: 10 }, 'READ')).toBeNull();
    expect(checkFile({ name: 'FOTO.JPG', size: 10 }, 'READ')).toBeNull();
    expect(checkFile({ name: 'virus.exe', size: 10 }, 'READ')).toBe('"virus.exe" no es un tipo válido');
    expect(checkFile({ name: 'hoja.xlsx', size: 10 }, 'READ')).toBe('"hoja.xlsx" no es un tipo válido');
    expect(checkFile({ name: 'hoja.xlsx', size: 10 }, 'SEND')).toBeNull();
    expect(checkFile({ name: 'grande.pdf', size: MAX_DOCUMENT_BYTES + 1 }, 'READ')).toBe(
      'El archivo "grande.pdf" es demasiado grande. Máximo: 50 MB',
    );
    expect(checkFile({ name: 'grande.pdf', size: MAX_DOCUMENT_BYTES }, 'READ')).toBeNull();
    expect(checkFile({ name: 'vacio.pdf', size: 0 }, 'READ')).toBe('El archivo "vacio.pdf" está vacío');
  });

  it("asks for a file when nothing was chosen, and shows each refused file's message", async () => {
    const upload = vi.fn<UploadFn>();
    renderUploader(upload);
    fireEvent.click(await screen.findByRole('button', { name: 'Subir archivos' }));
    expect(await screen.findByText(NO_FILES_MESSAGE)).toBeTruthy();

    choose(fileOf('virus.exe'), fileOf('enorme.pdf', MAX_DOCUMENT_BYTES + 1), fileOf('bien.pdf'));
    expect(await screen.findByText('"virus.exe" no es un tipo válido')).toBeTruthy();
    expect(screen.getByText('El archivo "enorme.pdf" es demasiado grande. Máximo: 50 MB')).toBeTruthy();
    expect(screen.queryByText(NO_FILES_MESSAGE)).toBeNull();
    // Only the valid one joins the list, pending and removable.
    expect(within(row('bien.pdf')).getByText('Pendiente')).toBeTruthy();
    expect(screen.queryByTestId('upload-virus.exe')).toBeNull();
    fireEvent.click(within(row('bien.pdf')).getByRole('button', { name: 'Quitar' }));
    expect(screen.queryByTestId('upload-bien.pdf')).toBeNull();
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('the states of an upload item: pending, uploading, completed, error (spec part 3 §4)', () => {
  it('shows the bytes sent, then the server progress until the invoice is created', async () => {
    let finish: (value: { uploadId: string; documentId: string }) => void = () => {};
    const upload = vi.fn<UploadFn>(
      (_file, uploadId, onProgress) =>
        new Promise((resolve) => {
          onProgress(40);
          finish = () => resolve({ uploadId, documentId: 'd-1' });
        }),
    );
    let reads = 0;
    answerApi(apiRequest, {
      'documents.statusBatch': (options: ApiRequestOptions) => {
        reads += 1;
        const [uploadId] = (options.body as { uploadIds: string[] }).uploadIds;
        return [
          {
            uploadId,
            documentId: 'd-1',
            fileName: 'factura.pdf',
            status: reads === 1 ? 'OCR_PROCESSING' : 'INVOICE_CREATED',
            progress: reads === 1 ? 50 : 100,
            receivedInvoiceId: reads === 1 ? null : 'ri-9',
            rejection: null,
            error: null,
          },
        ];
      },
    });
    renderUploader(upload);
    choose(fileOf('factura.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: 'Subir archivos' }));

    expect(await within(row('factura.pdf')).findByText('Subiendo')).toBeTruthy();
    const bar = within(row('factura.pdf')).getByRole('progressbar', { name: 'Subida de factura.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(within(row('factura.pdf')).queryByRole('button', { name: 'Quitar' })).toBeNull();

    finish({ uploadId: '', documentId: 'd-1' });
    expect(await within(row('factura.pdf')).findByText('Subido')).toBeTruthy();
    expect(await within(row('factura.pdf')).findByText('Leyendo')).toBeTruthy();
    // Asked again every 2 s until the status is final.
    expect(
      await within(row('factura.pdf')).findByText('Factura creada', {}, { timeout: 6_000 }),
    ).toBeTruthy();
    const link = within(row('factura.pdf')).getByRole('link', { name: 'Ver factura recibida' });
    expect(link.getAttribute('href')).toBe('/app/admin/invoicing/expenses/ri-9');
    const asked = callsTo(apiRequest, 'documents.statusBatch');
    expect(asked[0]).toMatchObject({ companyId: 'c-1' });
    expect(asked[0]?.body).toEqual({ uploadIds: [upload.mock.calls[0]?.[1]] });
    const count = asked.length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(callsTo(apiRequest, 'documents.statusBatch')).toHaveLength(count);
  }, 20_000);

  it("shows the server's refusal of an upload and of a file's content, and lets it be retried or removed", async () => {
    const upload = vi.fn<UploadFn>(async (file, uploadId) => {
      if (file.name === 'malo.pdf')
        throw new ApiError({ code: 'DOC_041', message: 'El archivo no es un PDF válido.', status: 415 });
      return { uploadId, documentId: 'd-2' };
    });
    answerApi(apiRequest, {
      'documents.statusBatch': (options: ApiRequestOptions) =>
        (options.body as { uploadIds: string[] }).uploadIds.map((uploadId) => ({
          uploadId,
          documentId: 'd-2',
          fileName: 'script.pdf',
          status: 'FAILED',
          progress: 20,
          receivedInvoiceId: null,
          rejection: { code: 'DOC_041', reason: 'El PDF contiene JavaScript.' },
          error: null,
        })),
    });
    renderUploader(upload);
    choose(fileOf('malo.pdf'), fileOf('script.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: 'Subir archivos' }));

    expect(await within(row('malo.pdf')).findByText('El archivo no es un PDF válido.')).toBeTruthy();
    expect(within(row('malo.pdf')).getByText('Error')).toBeTruthy();
    expect(within(row('malo.pdf')).getByRole('button', { name: 'Quitar' })).toBeTruthy();
    expect(await within(row('script.pdf')).findByText('El PDF contiene JavaScript.')).toBeTruthy();
    expect(within(row('script.pdf')).getByText('Rechazado')).toBeTruthy();
  }, 20_000);
});

describe('the progress pushed on the WebSocket, and several small files in one request', () => {
  const status = (uploadId: string, over: Record<string, unknown>) => ({
    uploadId,
    documentId: 'd-7',
    fileName: 'factura.pdf',
    status: 'OCR_PENDING',
    progress: 20,
    receivedInvoiceId: null,
    rejection: null,
    error: null,
    ...over,
  });

  it("shows a pushed 'document_progress' of its own uploads at once, not others' nor older ones", async () => {
    const upload = vi.fn<UploadFn>(async (_file, uploadId) => ({ uploadId, documentId: 'd-7' }));
    // The poll stays behind (queued): only the socket can say it is read.
    answerApi(apiRequest, {
      'documents.statusBatch': (options: ApiRequestOptions) =>
        (options.body as { uploadIds: string[] }).uploadIds.map((id) => status(id, {})),
    });
    renderUploader(upload);
    choose(fileOf('factura.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: 'Subir archivos' }));
    expect(await within(row('factura.pdf')).findByText('En cola de lectura')).toBeTruthy();
    const uploadId = upload.mock.calls[0]?.[1] ?? '';

    const push = (over: Record<string, unknown>) =>
      act(() =>
        publishPushMessage({ type: 'document_progress', companyId: 'c-1', ...status(uploadId, over) }),
      );
    push({ companyId: 'c-2', status: 'INVOICE_ERROR', progress: 100 });
    push({ uploadId: 'someone-else', status: 'INVOICE_ERROR', progress: 100 });
    expect(within(row('factura.pdf')).getByText('En cola de lectura')).toBeTruthy();

    push({ status: 'INVOICE_CREATED', progress: 100, receivedInvoiceId: 'ri-7' });
    expect(within(row('factura.pdf')).getByText('Factura creada')).toBeTruthy();
    expect(within(row('factura.pdf')).getByRole('link', { name: 'Ver factura recibida' })).toBeTruthy();
    // A late, older push does not move it back.
    push({ status: 'OCR_PROCESSING', progress: 50 });
    expect(within(row('factura.pdf')).getByText('Factura creada')).toBeTruthy();
  }, 20_000);

  it('sends small files together through the batch upload and a big one alone; a refused one shows why', async () => {
    const upload = vi.fn<UploadFn>(async (_file, uploadId) => ({ uploadId, documentId: 'd-big' }));
    const uploadBatch = vi.fn<UploadBatchFn>(async (files) =>
      files.map((_f, i) =>
        i === 1
          ? { error: 'El PDF contiene JavaScript.' }
          : { uploadId: `srv-${i}0000000`, documentId: `d-${i}` },
      ),
    );
    answerApi(apiRequest, { 'documents.statusBatch': () => [] });
    renderRoutes([
      { path: '/', element: <DocumentUploader companyId="c-1" upload={upload} uploadBatch={uploadBatch} /> },
    ]);
    choose(fileOf('a.pdf'), fileOf('b.pdf'), fileOf('grande.pdf', BATCH_FILE_MAX_BYTES + 1), fileOf('c.pdf'));
    fireEvent.click(await screen.findByRole('button', { name: 'Subir archivos' }));

    expect(await within(row('c.pdf')).findByText('Subido')).toBeTruthy();
    expect(await within(row('grande.pdf')).findByText('Subido')).toBeTruthy();
    expect(within(row('a.pdf')).getByText('Subido')).toBeTruthy();
    expect(within(row('b.pdf')).getByText('El PDF contiene JavaScript.')).toBeTruthy();
    expect(uploadBatch).toHaveBeenCalledTimes(1);
    expect(uploadBatch.mock.calls[0]?.[0].map((f) => f.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(upload.mock.calls.map((c) => c[0].name)).toEqual(['grande.pdf']);
  }, 20_000);

  it('plans batches of at most 20 files and 4 MB; a lone small file goes alone', () => {
    const items = (n: number, size: number) =>
      Array.from({ length: n }, (_, i) => ({ file: fileOf(`f${i}.pdf`, size) }));
    expect(planUploads(items(3, 10), false).map((g) => g.length)).toEqual([1, 1, 1]);
    expect(planUploads(items(45, 10), true).map((g) => g.length)).toEqual([20, 20, 5]);
    expect(planUploads(items(5, 900 * 1024), true).map((g) => g.length)).toEqual([4, 1]);
    expect(planUploads(items(1, 10), true).map((g) => g.length)).toEqual([1]);
  });
});
