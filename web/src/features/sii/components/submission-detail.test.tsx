import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { submission } from '../testing/fixtures';
import { SubmissionDetail } from './submission-detail';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/company', async (original) => ({
  ...(await original<typeof import('@web/lib/company')>()),
  useCompanyId: () => 'c-1',
}));

afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));
afterEach(() => vi.resetAllMocks());

const REQUEST = '<soapenv:Envelope><siiLR:SuministroLRFacturasEmitidas/></soapenv:Envelope>';
const RESPONSE =
  '<env:Envelope><siiR:RespuestaLRFEmitidas><siiR:CSV>CSV-SII-0001</siiR:CSV></siiR:RespuestaLRFEmitidas></env:Envelope>';

const renderPage = () =>
  renderRoutes([{ path: '/app/tax/sii/:submissionId', element: <SubmissionDetail submissionId="sub-1" /> }], {
    path: '/app/tax/sii/sub-1',
  });

describe('SubmissionDetail (/app/tax/sii/:submissionId)', { timeout: 20_000 }, () => {
  it('shows the exchange, its records with the AEAT codes, and reads the archived XML only when asked', async () => {
    answerApi(apiRequest, {
      'sii.getSubmission': submission(),
      // The API's shape (ArchivedMessage of functions/domains/sii/actions/get-submission-details.ts).
      'sii.submissionDetails': {
        submission: submission(),
        request: {
          key: 'c-1/2027/03/sub-1-request.xml',
          contentType: 'text/xml',
          content: REQUEST,
          truncated: false,
        },
        response: {
          key: 'c-1/2027/03/sub-1-response.xml',
          contentType: 'text/xml',
          content: RESPONSE,
          truncated: false,
        },
      },
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Envío al SII · FE · Alta (A0)' })).toBeTruthy();
    expect(screen.getByText('CSV-SII-0001')).toBeTruthy();
    expect(screen.getByText('ParcialmenteCorrecto')).toBeTruthy();
    expect(screen.getByText('Pruebas')).toBeTruthy();
    const rejected = screen.getByRole('link', { name: 'F-2027-0007' });
    expect(rejected.getAttribute('href')).toBe('/app/invoices/inv-7?company=c-1');
    expect(rejected.getAttribute('target')).toBe('_blank');
    const row = rejected.closest('tr') as HTMLElement;
    expect(within(row).getByText('1117')).toBeTruthy();
    expect(within(row).getByText('El NIF no está identificado en el censo de la AEAT')).toBeTruthy();
    expect(within(row).getByText('Rechazada')).toBeTruthy();
    expect(callsTo(apiRequest, 'sii.submissionDetails')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Ver petición XML' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('archived-xml').textContent).toBe(REQUEST));
    expect(callsTo(apiRequest, 'sii.submissionDetails')[0]).toMatchObject({
      params: { submissionId: 'sub-1' },
      companyId: 'c-1',
    });
  });

  it('without an answer archived, the response cannot be opened', async () => {
    answerApi(apiRequest, {
      'sii.getSubmission': submission({
        status: 'SENT',
        aeatState: null,
        answeredAt: null,
        archive: { request: 'sii/c-1/req.xml', response: null },
      }),
    });
    renderPage();
    expect(await screen.findByText('Sin respuesta')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver respuesta XML' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Sin respuesta archivada de la AEAT.')).toBeTruthy();
  });

  it('a failure to load shows the error with Reintentar', async () => {
    answerApi(apiRequest, {
      'sii.getSubmission': () => {
        throw new Error('boom');
      },
    });
    renderPage();
    expect(await screen.findByText('No se ha podido cargar el envío')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
