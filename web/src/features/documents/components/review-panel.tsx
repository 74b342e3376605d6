/**
 * One document under review (issue 17 item 5; spec part 3 §7 advisor reviews): the document beside
 * its reading, every field editable (bases one row per rate), 'Aprobar' with notes and only the
 * corrected fields (accuracy is measured by them), 'Rechazar' with a required reason, the category,
 * confidentiality and reprocess.
 */
import type { DocumentDetails } from '@shared/schemas/documents';
import { DOCUMENT_STATUS_LABELS } from '@shared/schemas/documents';
import { useCanCall } from '@web/lib/access';
import { errorMessage } from '@web/lib/api-error';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Col, Flex, Form, Input, Modal, Row, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCategories } from '../api/get-categories';
import { REVIEW_DONE, type ReviewCommand, useReviewCommand } from '../api/review-actions';
import { correctionsOf, draftOf, type ExtractionDraft } from '../utils/corrections';
import { confidenceColor, FIELD_LABELS, percent, SOURCE_LABELS, statusColor } from '../utils/labels';
import { DocumentPreview } from './document-preview';

type TextField =
  | 'supplierName'
  | 'supplierNif'
  | 'customerName'
  | 'customerNif'
  | 'invoiceNumber'
  | 'issueDate';
const TEXT_FIELDS: readonly TextField[] = [
  'supplierName',
  'supplierNif',
  'customerName',
  'customerNif',
  'invoiceNumber',
  'issueDate',
];

export function ReviewPanel({ doc, onDone }: { doc: DocumentDetails; onDone: () => void }) {
  const companyId = doc.companyId;
  const [draft, setDraft] = useState<ExtractionDraft>(() => draftOf(doc.extraction));
  const [notes, setNotes] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const command = useReviewCommand(companyId);
  const categories = useCategories({ active: 'true' }, companyId);
  const can = useCanCall();
  const diff = correctionsOf(doc.extraction, draft);
  const confidence = doc.extraction?.confidence ?? {};

  const run = (c: ReviewCommand, after?: () => void) =>
    command.mutate(c, {
      onSuccess: () => {
        showToast('success', REVIEW_DONE[c.kind]);
        after?.();
      },
      onError: (e) => showToast('error', errorMessage(e)),
    });

  const approve = () => {
    if (!diff.ok) return;
    const hasCorrections = diff.changed.length > 0;
    run(
      {
        kind: 'approve',
        documentId: doc.documentId,
        body: {
          ...(notes.trim() ? { notes: notes.trim() } : {}),
          ...(hasCorrections ? { corrections: diff.corrections } : {}),
        },
      },
      onDone,
    );
  };

  const set = <K extends keyof ExtractionDraft>(key: K, value: ExtractionDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <DocumentPreview
          documentId={doc.documentId}
          companyId={companyId}
          fileName={doc.fileName}
          contentType={doc.contentType}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Flex vertical gap={12}>
          <Flex gap={8} wrap>
            <Tag color={statusColor(doc.status)}>{DOCUMENT_STATUS_LABELS[doc.status]}</Tag>
            {doc.extraction ? (
              <Tag color="geekblue">Fuente: {SOURCE_LABELS[doc.extraction.source]}</Tag>
            ) : null}
            {doc.review.urgent ? <Tag color="red">Urgente</Tag> : null}
          </Flex>
          {doc.notes?.warnings.length ? (
            <Alert
              type="warning"
              showIcon
              title="Avisos de la lectura"
              description={doc.notes.warnings.join(' · ')}
            />
          ) : null}
          <Form layout="vertical" component="div">
            <Row gutter={8}>
              {TEXT_FIELDS.map((field) => (
                <Col key={field} xs={24} md={12}>
                  <Form.Item
                    label={
                      <Flex gap={6} align="center">
                        {FIELD_LABELS[field]}
                        <Tag color={confidenceColor(confidence[field])}>{percent(confidence[field])}</Tag>
                      </Flex>
                    }
                  >
                    <Input
                      aria-label={FIELD_LABELS[field]}
                      value={draft[field]}
                      placeholder={field === 'issueDate' ? 'AAAA-MM-DD' : undefined}
                      onChange={(e) => set(field, e.target.value)}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Typography.Text strong>Bases e IVA</Typography.Text>
            {draft.bases.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <Flex key={i} gap={8} style={{ marginTop: 8 }}>
                <Input
                  aria-label={`Tipo base ${i + 1}`}
                  inputMode="decimal"
                  suffix="%"
                  value={row.rate}
                  onChange={(e) =>
                    set(
                      'bases',
                      draft.bases.map((r, j) => (j === i ? { ...r, rate: e.target.value } : r)),
                    )
                  }
                />
                <Input
                  aria-label={`Base ${i + 1}`}
                  inputMode="decimal"
                  suffix="€"
                  value={row.base}
                  onChange={(e) =>
                    set(
                      'bases',
                      draft.bases.map((r, j) => (j === i ? { ...r, base: e.target.value } : r)),
                    )
                  }
                />
                <Input
                  aria-label={`Cuota base ${i + 1}`}
                  inputMode="decimal"
                  suffix="€"
                  value={row.quota}
                  onChange={(e) =>
                    set(
                      'bases',
                      draft.bases.map((r, j) => (j === i ? { ...r, quota: e.target.value } : r)),
                    )
                  }
                />
                <Button
                  aria-label={`Quitar base ${i + 1}`}
                  onClick={() =>
                    set(
                      'bases',
                      draft.bases.filter((_, j) => j !== i),
                    )
                  }
                >
                  ×
                </Button>
              </Flex>
            ))}
            <Button
              size="small"
              type="dashed"
              style={{ marginTop: 8 }}
              onClick={() => set('bases', [...draft.bases, { rate: '21', base: '0,00', quota: '0,00' }])}
            >
              Añadir base
            </Button>
            <Row gutter={8} style={{ marginTop: 12 }}>
              <Col span={8}>
                <Form.Item label="Retención IRPF (%)">
                  <Input
                    aria-label="Tipo IRPF"
                    value={draft.irpfRate}
                    onChange={(e) => set('irpfRate', e.target.value)}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="Importe IRPF (€)">
                  <Input
                    aria-label="Importe IRPF"
                    value={draft.irpfAmount}
                    onChange={(e) => set('irpfAmount', e.target.value)}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label={
                    <Flex gap={6} align="center">
                      Total (€)
                      <Tag color={confidenceColor(confidence.totalCents)}>
                        {percent(confidence.totalCents)}
                      </Tag>
                    </Flex>
                  }
                >
                  <Input
                    aria-label="Total"
                    value={draft.total}
                    onChange={(e) => set('total', e.target.value)}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label="Notas de la revisión">
              <Input.TextArea
                aria-label="Notas"
                rows={2}
                maxLength={2000}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
              />
            </Form.Item>
          </Form>
          {diff.ok ? (
            <Typography.Text type="secondary" data-testid="corrections-summary">
              {diff.changed.length === 0
                ? 'Sin correcciones'
                : `Campos corregidos: ${diff.changed.map((f) => FIELD_LABELS[f]).join(', ')}`}
            </Typography.Text>
          ) : (
            <Alert type="error" showIcon title="Revisa los datos" description={diff.errors.join(' · ')} />
          )}
          <Flex gap={8} wrap align="center">
            {can('documentReviews.approve') ? (
              <Button type="primary" disabled={!diff.ok} loading={command.isPending} onClick={approve}>
                Aprobar
              </Button>
            ) : null}
            {can('documentReviews.reject') ? (
              <Button danger onClick={() => setRejecting(true)}>
                Rechazar
              </Button>
            ) : null}
            {can('documentReviews.reprocess') ? (
              <Button onClick={() => run({ kind: 'reprocess', documentId: doc.documentId }, onDone)}>
                Reprocesar
              </Button>
            ) : null}
          </Flex>
          <Flex gap={16} wrap align="center">
            {can('documentReviews.setCategory') ? (
              <Select
                allowClear
                aria-label="Categoría"
                placeholder="Sin categoría"
                style={{ minWidth: 220 }}
                loading={categories.isPending}
                value={doc.categoryId ?? undefined}
                options={(categories.data ?? []).map((c) => ({ value: c.categoryId, label: c.name }))}
                onChange={(categoryId?: string) =>
                  run({
                    kind: 'category',
                    documentId: doc.documentId,
                    body: { categoryId: categoryId ?? null },
                  })
                }
              />
            ) : null}
            {can('documentReviews.setConfidential') ? (
              <Flex gap={8} align="center">
                <Switch
                  aria-label="Confidencial"
                  checked={doc.isConfidential}
                  onChange={(isConfidential) =>
                    run({ kind: 'confidential', documentId: doc.documentId, body: { isConfidential } })
                  }
                />
                <Typography.Text>Confidencial</Typography.Text>
              </Flex>
            ) : null}
          </Flex>
        </Flex>
      </Col>
      <Modal
        open={rejecting}
        title="Rechazar documento"
        okText="Rechazar"
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: command.isPending }}
        cancelText="Cancelar"
        onCancel={() => setRejecting(false)}
        onOk={() =>
          run({ kind: 'reject', documentId: doc.documentId, body: { reason: reason.trim() } }, () => {
            setRejecting(false);
            onDone();
          })
        }
      >
        <Form layout="vertical" component="div">
          <Form.Item label="Motivo del rechazo" required>
            <Input.TextArea
              aria-label="Motivo del rechazo"
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
