import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { uploadClientDocument } from '../api/upload-client-document';
import { SendDocumentsModal } from './send-documents-modal';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('../api/upload-client-document', () => ({ uploadClientDocument: vi.fn() }));

afterEach(() => vi.resetAllMocks());

const pdf = (name: string) => new File([new Uint8Array(8)], name, { type: 'application/pdf' });

function choose(...files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

describe('the Send Documents modal tells the gestoría what was sent (issue 21 item 3)', () => {
  it('uploads each file, then sends one notice with the message, the count, the priority and the documents', async () => {
    let n = 0;
    vi.mocked(uploadClientDocument).mockImplementation(async (_file, uploadId) => ({
      uploadId,
      documentId: `doc-${++n}`,
    }));
    answerApi(apiRequest, { 'documents.statusBatch': [], 'messages.notifyUpload': { id: 'm-1' } });
    renderRoutes([{ path: '/', element: <SendDocumentsModal open onClose={() => {}} companyId="c-1" /> }]);

    choose(pdf('marzo.pdf'), pdf('abril.pdf'));
    fireEvent.change(await screen.findByLabelText('Mensaje para tu gestoría'), {
      target: { value: '  Los extractos del trimestre  ' },
    });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Prioridad' })).getByLabelText('Alta'));
    fireEvent.click(screen.getByRole('button', { name: 'Subir archivos' }));

    await waitFor(() => expect(callsTo(apiRequest, 'messages.notifyUpload')).toHaveLength(1));
    expect(uploadClientDocument).toHaveBeenCalledTimes(2);
    expect(callsTo(apiRequest, 'messages.notifyUpload')[0]).toMatchObject({
      companyId: 'c-1',
      body: {
        message: 'Los extractos del trimestre',
        count: 2,
        priority: 'HIGH',
        documentIds: ['doc-1', 'doc-2'],
      },
    });
  });

  it('sends no notice when no file arrived', { timeout: 20_000 }, async () => {
    vi.mocked(uploadClientDocument).mockRejectedValue(new Error('sin conexión'));
    answerApi(apiRequest, { 'documents.statusBatch': [] });
    renderRoutes([{ path: '/', element: <SendDocumentsModal open onClose={() => {}} companyId="c-1" /> }]);
    const send = await screen.findByRole('button', { name: 'Subir archivos' });
    choose(pdf('marzo.pdf'));
    fireEvent.click(send);
    await waitFor(() => expect(uploadClientDocument).toHaveBeenCalledTimes(1));
    // The failed file shows its error: the round is over, without a notice.
    await waitFor(() =>
      expect(screen.getByTestId('upload-marzo.pdf').textContent).toMatch(/error|conexión/i),
    );
    expect(callsTo(apiRequest, 'messages.notifyUpload')).toHaveLength(0);
  });
});
