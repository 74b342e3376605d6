/**
 * 'Nuevo mandato': the customer, the debtor's name and IBAN (checked: SEPA country, check digits,
 * Spanish CCC), BIC (optional), the signature date (not in the future), the scheme (CORE for
 * consumers and businesses, B2B only for businesses that registered it with their bank) and the type
 * (recurrent or one collection). The reference is generated when left empty.
 */
import type { Customer } from '@shared/schemas/customers';
import { CreateMandateBody, type MandateType, type SepaScheme } from '@shared/schemas/sepa';
import { DATE_FORMAT } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useCreateMandate, useMandateCustomerSearch } from '../api/payments';
import { toastFailure } from './ui';

interface Draft {
  mandateId: string;
  customerId: string | null;
  debtorName: string;
  iban: string;
  bic: string;
  signatureDate: string;
  scheme: SepaScheme;
  type: MandateType;
}

export function MandateModal({
  open,
  companyId,
  defaultType,
  onClose,
}: {
  open: boolean;
  companyId: string;
  defaultType: MandateType;
  onClose: () => void;
}) {
  const create = useCreateMandate(companyId);
  const [search, setSearch] = useState('');
  const customers = useMandateCustomerSearch(search, companyId, open);
  const blank = (): Draft => ({
    mandateId: '',
    customerId: null,
    debtorName: '',
    iban: '',
    bic: '',
    signatureDate: spanishToday(),
    scheme: 'CORE',
    type: defaultType,
  });
  const [draft, setDraft] = useState<Draft>(blank);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form on every opening
  useEffect(() => {
    if (open) {
      setDraft(blank());
      setProblem(null);
      setSearch('');
    }
  }, [open]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const options: Customer[] = customers.data?.content ?? [];

  const pickCustomer = (customerId: string) => {
    const c = options.find((o) => o.customerId === customerId);
    set({
      customerId,
      debtorName: draft.debtorName || c?.name || '',
      iban: draft.iban || c?.iban || '',
    });
  };

  const submit = () => {
    const parsed = CreateMandateBody.safeParse({
      mandateId: draft.mandateId.trim() || undefined,
      customerId: draft.customerId ?? '',
      debtorName: draft.debtorName,
      iban: draft.iban,
      bic: draft.bic.trim() || undefined,
      signatureDate: draft.signatureDate,
      scheme: draft.scheme,
      type: draft.type,
    });
    if (!draft.customerId) {
      setProblem('Elige el cliente.');
      return;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      const label = typeof field === 'string' ? FIELD_LABELS[field] : undefined;
      setProblem(`${label ? `${label}: ` : ''}${issue?.message ?? 'Revisa los datos del mandato'}`);
      return;
    }
    if (parsed.data.signatureDate > spanishToday()) {
      setProblem('La fecha de firma no puede ser futura.');
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: (m) => {
        showToast('success', `Mandato ${m.mandateId} registrado`);
        onClose();
      },
      onError: (error) => toastFailure(error, 'Error registrando el mandato'),
    });
  };

  return (
    <Modal
      open={open}
      title="Nuevo mandato"
      okText="Guardar mandato"
      cancelText="Cancelar"
      confirmLoading={create.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Cliente" required>
          <Select
            aria-label="Cliente"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={draft.customerId ?? undefined}
            onChange={pickCustomer}
            placeholder="Busca el cliente"
            loading={customers.isFetching}
            options={options.map((c) => ({ value: c.customerId, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label="Titular de la cuenta (deudor)" required>
          <Input
            aria-label="Titular de la cuenta"
            value={draft.debtorName}
            onChange={(e) => set({ debtorName: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="IBAN" required>
          <Input
            aria-label="IBAN"
            value={draft.iban}
            onChange={(e) => set({ iban: e.target.value })}
            placeholder="ES91 2100 0418 4502 0005 1332"
          />
        </Form.Item>
        <Form.Item label="BIC (opcional)">
          <Input aria-label="BIC" value={draft.bic} onChange={(e) => set({ bic: e.target.value })} />
        </Form.Item>
        <Form.Item
          label="Referencia del mandato"
          extra="Hasta 35 caracteres; si la dejas vacía se genera una."
        >
          <Input
            aria-label="Referencia del mandato"
            value={draft.mandateId}
            maxLength={35}
            onChange={(e) => set({ mandateId: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="Fecha de firma" required>
          <DatePicker
            aria-label="Fecha de firma"
            format={DATE_FORMAT}
            allowClear={false}
            value={dayjs(draft.signatureDate)}
            onChange={(v) => v && set({ signatureDate: v.format('YYYY-MM-DD') })}
          />
        </Form.Item>
        <Form.Item label="Esquema">
          <Select
            aria-label="Esquema"
            value={draft.scheme}
            onChange={(scheme) => set({ scheme })}
            options={[
              { value: 'CORE', label: 'Básico (CORE)' },
              { value: 'B2B', label: 'Empresa a empresa (B2B)' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Tipo">
          <Select
            aria-label="Tipo de mandato"
            value={draft.type}
            onChange={(type) => set({ type })}
            options={[
              { value: 'RCUR', label: 'Recurrente (primer cobro FRST, después RCUR)' },
              { value: 'OOFF', label: 'Un solo cobro (OOFF)' },
            ]}
          />
        </Form.Item>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
      </Form>
    </Modal>
  );
}

const FIELD_LABELS: Record<string, string> = {
  mandateId: 'Referencia',
  debtorName: 'Titular',
  iban: 'IBAN',
  bic: 'BIC',
  signatureDate: 'Fecha de firma',
};
