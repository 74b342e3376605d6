/**
 * The 'Agendar reunión' modal (spec part 3 §2 Meeting scheduling modal, §5, §8, §9 Meetings): date
 * (the next 30 days, weekdays only, at most 20), time (every 30 minutes from 09:00 to 18:00), duration,
 * type, subject, notes and priority. Where the spec's client only simulates it, Cuadra stores the
 * request (`meetings.request`) and the advisor answers it within 24 hours.
 *
 * The request is idempotent: sending the same fields again (a retry after a failure) reuses the same
 * Idempotency-Key, so a request that did reach the server is not stored twice. Closing while it is
 * being sent asks for confirmation; the request, once sent, still completes.
 */
import {
  MEETING_DURATIONS,
  MEETING_PRIORITIES,
  MEETING_TIMES,
  MEETING_TYPES,
  type MeetingType,
  meetingDateOptions,
} from '@shared/schemas/meetings';
import { isApiError } from '@web/lib/api-error';
import { spanishToday } from '@web/lib/spanish-today';
import { toast } from '@web/lib/toast';
import { Alert, Col, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { type MeetingRequestInput, useRequestMeeting } from '../api/request-meeting';
import { formatMeetingDate, MEETING_PRIORITY_LABELS, MEETING_TYPE_LABELS } from '../utils/labels';

export const MEETING_FAILURE_MESSAGE = 'No se pudo enviar la solicitud de reunión';
export const MEETING_SUCCESS_MESSAGE =
  'Solicitud de reunión enviada. Tu gestor la confirmará o te propondrá otra hora en 24 horas.';

export interface MeetingModalProps {
  open: boolean;
  onClose: () => void;
  companyId: string;
  /** Shown in the title when known ('Agendar reunión con Ana García'). */
  advisorName?: string | null;
  /** Today in Spain; the date options start tomorrow. Defaults to now. */
  today?: string;
}

interface MeetingFormValues {
  date?: string;
  time?: string;
  duration: (typeof MEETING_DURATIONS)[number];
  type: MeetingType;
  subject?: string;
  notes?: string;
  priority: (typeof MEETING_PRIORITIES)[number];
}

const INITIAL: MeetingFormValues = { duration: 30, type: 'VIDEO', priority: 'NORMAL' };

const newKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export function MeetingModal({ open, onClose, companyId, advisorName, today }: MeetingModalProps) {
  const [form] = Form.useForm<MeetingFormValues>();
  const request = useRequestMeeting(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  // One key per distinct request: the same fields sent again reuse it.
  const lastRequest = useRef<{ fingerprint: string; key: string } | null>(null);
  const abandoned = useRef(false);
  const dates = useMemo(() => meetingDateOptions(today ?? spanishToday()), [today]);
  const submitting = request.isPending;

  const close = () => {
    setConfirmingClose(false);
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const onCancel = () => {
    if (submitting) setConfirmingClose(true);
    else close();
  };

  /** Closed while sending: the request goes on; its outcome arrives as a message. */
  const abandon = () => {
    abandoned.current = true;
    close();
  };

  const onFinish = (values: MeetingFormValues) => {
    const notes = values.notes?.trim();
    const body: MeetingRequestInput = {
      date: values.date ?? '',
      time: values.time ?? '',
      duration: values.duration,
      type: values.type,
      subject: (values.subject ?? '').trim(),
      priority: values.priority,
      ...(notes ? { notes } : {}),
    };
    const fingerprint = JSON.stringify(body);
    if (lastRequest.current?.fingerprint !== fingerprint)
      lastRequest.current = { fingerprint, key: newKey() };
    setFailure(null);
    request.mutate(
      { body, idempotencyKey: lastRequest.current.key },
      {
        onSuccess: () => {
          lastRequest.current = null;
          toast.success(MEETING_SUCCESS_MESSAGE);
          if (abandoned.current) abandoned.current = false;
          else close();
        },
        onError: (error) => {
          // A refusal the server explains (no advisor, a date out of range) is shown with the message.
          const detail = isApiError(error) && error.status > 0 && error.status < 500 ? error.message : '';
          if (abandoned.current) {
            abandoned.current = false;
            toast.error(detail ? `${MEETING_FAILURE_MESSAGE}: ${detail}` : MEETING_FAILURE_MESSAGE);
          } else setFailure(detail);
        },
      },
    );
  };

  return (
    <>
      <Modal
        open={open}
        title={advisorName ? `Agendar reunión con ${advisorName}` : 'Agendar reunión'}
        okText="Solicitar reunión"
        cancelText="Cancelar"
        onOk={() => form.submit()}
        onCancel={onCancel}
        // Not `confirmLoading`: antd would ignore Cancel, Escape and the backdrop while sending, and the
        // spec wants cancelling then to ask for confirmation.
        okButtonProps={{ loading: submitting }}
        forceRender
      >
        <Form<MeetingFormValues>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onFinish={onFinish}
          disabled={submitting}
          aria-label="Solicitud de reunión"
        >
          <Row gutter={12}>
            <Col xs={24} sm={14}>
              <Form.Item name="date" label="Fecha" rules={[{ required: true, message: 'Fecha requerida' }]}>
                <Select
                  aria-label="Fecha"
                  placeholder="Elige un día"
                  options={dates.map((d) => ({ value: d, label: formatMeetingDate(d) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10}>
              <Form.Item name="time" label="Hora" rules={[{ required: true, message: 'Hora requerida' }]}>
                <Select
                  aria-label="Hora"
                  placeholder="Elige una hora"
                  options={MEETING_TIMES.map((t) => ({ value: t, label: t }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={24} sm={10}>
              <Form.Item name="duration" label="Duración">
                <Select
                  aria-label="Duración"
                  options={MEETING_DURATIONS.map((d) => ({ value: d, label: `${d} minutos` }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14}>
              <Form.Item name="type" label="Tipo">
                <Radio.Group
                  aria-label="Tipo"
                  optionType="button"
                  options={MEETING_TYPES.map((t) => ({ value: t, label: MEETING_TYPE_LABELS[t] }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="subject"
            label="Asunto"
            rules={[{ required: true, whitespace: true, message: 'Asunto requerido' }]}
          >
            <Input aria-label="Asunto" maxLength={200} placeholder="¿De qué quieres hablar?" />
          </Form.Item>
          <Form.Item name="notes" label="Notas">
            <Input.TextArea aria-label="Notas" rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="priority" label="Prioridad">
            <Radio.Group
              aria-label="Prioridad"
              options={MEETING_PRIORITIES.map((p) => ({ value: p, label: MEETING_PRIORITY_LABELS[p] }))}
            />
          </Form.Item>
        </Form>
        {failure !== null ? (
          <Alert type="error" showIcon title={MEETING_FAILURE_MESSAGE} description={failure || undefined} />
        ) : null}
        <Typography.Text type="secondary">
          Tu gestor confirmará la reunión o te propondrá otra hora en un máximo de 24 horas.
        </Typography.Text>
      </Modal>
      <Modal
        open={confirmingClose}
        title="La solicitud se está enviando"
        okText="Cerrar igualmente"
        cancelText="Seguir esperando"
        onOk={abandon}
        onCancel={() => setConfirmingClose(false)}
      >
        ¿Seguro que quieres cerrar? La solicitud de reunión se está enviando y puede llegar a tu gestor.
      </Modal>
    </>
  );
}
