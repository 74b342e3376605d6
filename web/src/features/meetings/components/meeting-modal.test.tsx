import type { Meeting } from '@shared/schemas/meetings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiRequest } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, callsTo } from '../../../testing/api-mock';
import { renderRoutes } from '../../../testing/render';
import { MEETING_FAILURE_MESSAGE, MeetingModal } from './meeting-modal';

vi.mock('@web/lib/api-client', () => ({ apiRequest: vi.fn() }));

afterEach(() => vi.resetAllMocks());

// Friday 27 November 2026: the options start on Monday 30 November.
const TODAY = '2026-11-27';

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

const stored = { meetingId: 'm-1', status: 'REQUESTED' } as Meeting;

function renderModal(onClose = vi.fn()) {
  renderRoutes([
    {
      path: '/',
      element: <MeetingModal open onClose={onClose} companyId="c-1" advisorName="Ana García" today={TODAY} />,
    },
  ]);
  return onClose;
}

async function fillValidForm() {
  await pick('Fecha', 'lunes, 30 de noviembre de 2026');
  await pick('Hora', '10:30');
  fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), {
    target: { value: '  Cierre del trimestre ' },
  });
}

describe('MeetingModal (spec part 3 §2, §5, §9)', { timeout: 30_000 }, () => {
  it('offers weekdays of the next 30 days (at most 20) and the 30-minute grid from 09:00 to 18:00', async () => {
    renderModal();
    expect(await screen.findByText('Agendar reunión con Ana García')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Fecha' }));
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0),
    );
    const dates = [...document.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    // antd renders a virtual list: the first options are enough to see weekdays only, from tomorrow's Monday.
    expect(dates[0]).toBe('lunes, 30 de noviembre de 2026');
    expect(dates.some((d) => d?.startsWith('sábado') || d?.startsWith('domingo'))).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Hora' }));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option')].some(
          (o) => o.getAttribute('title') === '09:00',
        ),
      ).toBe(true),
    );
  });

  it("refuses to send without date, time and subject with the spec's messages", async () => {
    renderModal();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Asunto' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar reunión' }));
    expect(await screen.findByText('Fecha requerida')).toBeTruthy();
    expect(screen.getByText('Hora requerida')).toBeTruthy();
    expect(screen.getByText('Asunto requerido')).toBeTruthy();
    expect(callsTo(apiRequest, 'meetings.request')).toHaveLength(0);
  });

  it('sends the request with an idempotency key and closes on success', async () => {
    answerApi(apiRequest, { 'meetings.request': stored });
    const onClose = renderModal();
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar reunión' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(apiRequest, 'meetings.request');
    expect(call).toMatchObject({
      companyId: 'c-1',
      body: {
        date: '2026-11-30',
        time: '10:30',
        duration: 30,
        type: 'VIDEO',
        subject: 'Cierre del trimestre',
        priority: 'NORMAL',
      },
    });
    expect(call?.idempotencyKey).toMatch(/.{8,}/);
  });

  it('shows the failure message and sends the same request again with the same key', async () => {
    let attempts = 0;
    answerApi(apiRequest, {
      'meetings.request': () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError({ code: 'NETWORK_ERROR', message: 'Sin conexión', status: 0 });
        return stored;
      },
    });
    const onClose = renderModal();
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar reunión' }));
    expect(await screen.findByText(MEETING_FAILURE_MESSAGE)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar reunión' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = callsTo(apiRequest, 'meetings.request');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
  });

  it('asks for confirmation when cancelled while sending', async () => {
    let finish: (value: Meeting) => void = () => {};
    answerApi(apiRequest, {
      'meetings.request': () => new Promise<Meeting>((resolve) => (finish = resolve)),
    });
    const onClose = renderModal();
    await fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar reunión' }));
    await waitFor(() => expect(callsTo(apiRequest, 'meetings.request')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('La solicitud se está enviando')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // 'Seguir esperando' keeps the modal open...
    fireEvent.click(screen.getByRole('button', { name: 'Seguir esperando' }));
    expect(onClose).not.toHaveBeenCalled();
    // ...'Cerrar igualmente' closes it.
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar igualmente' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    finish(stored);
  });

  it('closes at once when cancelled while idle', async () => {
    const onClose = renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('La solicitud se está enviando')).toBeNull();
  });
});
