/**
 * 'Corregir y reintentar' a rejected SII record: what the AEAT usually refuses can be corrected in
 * the record before it goes back to the queue (SiiRetryBody): the counterparty's name and NIF, the
 * counterparty as IDOtro (type 07 'no censado' after error 1117, NIF not in the AEAT census), the
 * description. The invoice itself is not changed (art. 6 RD 1619/2012: corrections of an issued
 * invoice are rectificativas); only the record sent to the SII.
 */
import type { SiiBook, SiiEntry, SiiRetryBody } from '@shared/schemas/sii';
import { errorMessage } from '@web/lib/api-error';
import { showMappedApiErrors } from '@web/lib/api-field-errors';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Modal, Row, Select, Spin } from 'antd';
import { useState } from 'react';
import { useSiiEntry } from '../api/get-entry';
import { RETRY_STARTED, useRetrySiiEntry } from '../api/retry-entry';

/** AEAT code 1117: the NIF is not identified in the census; sent then as IDOtro 07. */
export const NOT_IN_CENSUS_CODE = '1117';

export const OTHER_ID_TYPE_LABELS: Record<string, string> = {
  '02': '02 · NIF-IVA',
  '03': '03 · Pasaporte',
  '04': '04 · Documento oficial del país de residencia',
  '05': '05 · Certificado de residencia',
  '06': '06 · Otro documento probatorio',
  '07': '07 · No censado',
};

export interface RetryTarget {
  book: SiiBook;
  documentId: string;
  invoiceNumber: string;
  /** What the list knows of the last refusal (the entry's lastError is read too). */
  errorMessage?: string | null;
  errorCode?: string | null;
}

export interface RetryFormValues {
  counterpartyName?: string;
  counterpartyNif?: string;
  useOtherId?: boolean;
  otherCountry?: string;
  otherIdType?: string;
  otherId?: string;
  description?: string;
}

type OtherIdType = NonNullable<NonNullable<SiiRetryBody['corrections']>['counterpartyOtherId']>['idType'];

const descriptionOf = (entry: SiiEntry | undefined): string =>
  entry && 'description' in entry.record ? entry.record.description : '';

/** What the form starts with: the record as it was sent. */
export function retryInitialValues(entry: SiiEntry | undefined, notInCensus: boolean): RetryFormValues {
  const nif = entry?.counterpartyTaxId ?? '';
  return {
    counterpartyName: entry?.counterpartyName ?? '',
    counterpartyNif: nif,
    useOtherId: notInCensus,
    otherCountry: 'ES',
    otherIdType: '07',
    otherId: nif,
    description: descriptionOf(entry),
  };
}

/** The request body: only what differs from the record; the IDOtro when asked for. */
export function toRetryBody(values: RetryFormValues, initial: RetryFormValues): SiiRetryBody {
  const text = (v: string | undefined) => v?.trim() || undefined;
  const changed = (key: 'counterpartyName' | 'counterpartyNif' | 'description') => {
    const value = text(values[key]);
    return value !== undefined && value !== text(initial[key]) ? value : undefined;
  };
  const counterpartyName = changed('counterpartyName');
  const counterpartyNif = values.useOtherId ? undefined : changed('counterpartyNif')?.toUpperCase();
  const description = changed('description');
  const otherId = values.useOtherId ? text(values.otherId) : undefined;
  const corrections: NonNullable<SiiRetryBody['corrections']> = {
    ...(counterpartyName ? { counterpartyName } : {}),
    ...(counterpartyNif ? { counterpartyNif } : {}),
    ...(otherId
      ? {
          counterpartyOtherId: {
            countryCode: (text(values.otherCountry) ?? 'ES').toUpperCase(),
            idType: (values.otherIdType ?? '07') as OtherIdType,
            id: otherId.toUpperCase(),
          },
        }
      : {}),
    ...(description ? { description } : {}),
  };
  return Object.keys(corrections).length > 0 ? { corrections } : {};
}

const FIELD_MAP: Record<string, string> = {
  'corrections.counterpartyName': 'counterpartyName',
  'corrections.counterpartyNif': 'counterpartyNif',
  'corrections.counterpartyOtherId.countryCode': 'otherCountry',
  'corrections.counterpartyOtherId.idType': 'otherIdType',
  'corrections.counterpartyOtherId.id': 'otherId',
  'corrections.description': 'description',
};

export function RetryDialog({
  target,
  companyId,
  onClose,
}: {
  target: RetryTarget;
  companyId: string | null;
  onClose: () => void;
}) {
  const entry = useSiiEntry(target.book, target.documentId, companyId);
  const lastError = entry.data?.entry.lastError ?? null;
  const code = lastError?.code ?? target.errorCode ?? null;
  const message = lastError?.message ?? target.errorMessage ?? null;
  const notInCensus =
    code === NOT_IN_CENSUS_CODE || new RegExp(`\\b${NOT_IN_CENSUS_CODE}\\b`).test(message ?? '');

  return (
    <Modal
      open
      title={`Corregir y reintentar ${target.invoiceNumber}`}
      // The form carries its own buttons: it is rendered once the record is known.
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {message ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`AEAT${code ? ` ${code}` : ''}: ${message}`}
        />
      ) : null}
      {entry.isPending ? (
        <Spin aria-label="Cargando el registro" />
      ) : (
        <RetryForm
          // One form per record: the retry's own refresh refetches the record (its updatedAt moves),
          // and a form remounted then would lose the mutation's onSuccess (no 'Reintento iniciado',
          // the dialog left open).
          key={entry.data?.entry.entryId ?? 'none'}
          target={target}
          companyId={companyId}
          initial={retryInitialValues(entry.data?.entry, notInCensus)}
          notInCensus={notInCensus}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RetryForm({
  target,
  companyId,
  initial,
  notInCensus,
  onClose,
}: {
  target: RetryTarget;
  companyId: string | null;
  initial: RetryFormValues;
  notInCensus: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RetryFormValues>();
  const retry = useRetrySiiEntry(companyId);
  const [error, setError] = useState<string | null>(null);
  const useOtherId = Form.useWatch('useOtherId', form) ?? initial.useOtherId;

  const onFinish = (values: RetryFormValues) => {
    setError(null);
    retry.mutate(
      { book: target.book, documentId: target.documentId, body: toRetryBody(values, initial) },
      {
        onSuccess: () => {
          showToast('success', RETRY_STARTED);
          onClose();
        },
        onError: (e) => {
          if (!showMappedApiErrors(form, e, (field) => FIELD_MAP[field])) setError(errorMessage(e));
        },
      },
    );
  };

  return (
    <Form<RetryFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      aria-label="Correcciones del registro"
    >
      {notInCensus ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="El NIF de la contraparte no está censado en la AEAT: envíala identificada con IDOtro tipo 07 (no censado)."
        />
      ) : null}
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="counterpartyName"
        label="Contraparte: nombre o razón social"
        rules={[{ max: 120, message: 'Como máximo 120 caracteres.' }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="useOtherId" valuePropName="checked">
        <Checkbox>Identificar la contraparte con IDOtro (sin NIF español válido)</Checkbox>
      </Form.Item>
      {useOtherId ? (
        <Row gutter={12}>
          <Col xs={24} sm={6}>
            <Form.Item
              name="otherCountry"
              label="País"
              rules={[
                { required: true, message: 'Indica el país.' },
                { pattern: /^\s*[A-Za-z]{2}\s*$/, message: 'Código de dos letras (ES, FR…).' },
              ]}
            >
              <Input maxLength={2} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="otherIdType" label="Tipo de identificación">
              <Select
                options={Object.entries(OTHER_ID_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="otherId"
              label="Identificación"
              rules={[
                { required: true, whitespace: true, message: 'Indica la identificación.' },
                { max: 20, message: 'Como máximo 20 caracteres.' },
              ]}
            >
              <Input style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Form.Item
          name="counterpartyNif"
          label="Contraparte: NIF"
          rules={[{ max: 20, message: 'Como máximo 20 caracteres.' }]}
        >
          <Input style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      )}
      <Form.Item
        name="description"
        label="Descripción de la operación"
        rules={[{ max: 500, message: 'Como máximo 500 caracteres.' }]}
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="La factura no cambia: solo el registro que se envía al SII."
      />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={retry.isPending}>
          Corregir y reintentar
        </Button>
      </Flex>
    </Form>
  );
}
