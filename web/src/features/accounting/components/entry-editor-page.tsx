/**
 * /app/accounting/entries/create and /app/accounting/entries/:entryId/edit: a manual entry (spec
 * part 2 §5; issue 18 item 6). Date, description and lines (an account that accepts entries, Debe
 * or Haber, concept) with the live balance: total Debe, total Haber and the difference, red while
 * they differ. The spec's rules are checked here with its messages before the server checks them
 * again; a failure shows the server's message, else 'Error creando asiento contable'.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { accountingMessages, type JournalEntry, MAX_ENTRY_LINES } from '@shared/schemas/accounting';
import { EmptyState, LoadingBlock } from '@web/components/load-states';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { DATE_FORMAT, formatCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { spanishToday } from '@web/lib/spanish-today';
import { showToast } from '@web/lib/toast';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useEntryCommand } from '../api/entry-actions';
import { useEntry } from '../api/get-entry';
import {
  amountOf,
  draftProblem,
  emptyLine,
  entryBalance,
  entryBody,
  type LineDraft,
  linesOf,
} from '../utils/entry-draft';
import { AccountSelect } from './account-select';
import { AccountingLoadError, toastFailure } from './accounting-error';
import { isEditable } from './journal-page';

const UNBALANCED_COLOR = '#cf1322';

export function EntryEditorPage({ entryId }: { entryId?: string }) {
  const companyId = useCompanyId();
  const title = entryId ? 'Editar asiento' : 'Nuevo asiento';
  if (!companyId) {
    return (
      <>
        <PageHeader title={title} back={{ to: paths.app.accounting.journal, label: 'Libro diario' }} />
        <Alert type="error" showIcon title={accountingMessages.noCompany} />
      </>
    );
  }
  if (entryId) return <EditEntry companyId={companyId} entryId={entryId} />;
  return <EntryEditor companyId={companyId} entry={null} />;
}

function EditEntry({ companyId, entryId }: { companyId: string; entryId: string }) {
  const entry = useEntry(entryId, companyId);
  const back = { to: paths.app.accounting.journal, label: 'Libro diario' };
  if (entry.isPending) return <LoadingBlock label="Cargando el asiento" />;
  if (entry.isError)
    return (
      <>
        <PageHeader title="Editar asiento" back={back} />
        <AccountingLoadError
          title="Error obteniendo el asiento"
          error={entry.error}
          onRetry={() => void entry.refetch()}
        />
      </>
    );
  if (!entry.data)
    return (
      <>
        <PageHeader title="Editar asiento" back={back} />
        <EmptyState description="El asiento no existe." />
      </>
    );
  if (!isEditable(entry.data)) {
    const why = entry.data.periodClosed
      ? accountingMessages.periodClosed
      : entry.data.locked
        ? accountingMessages.locked
        : accountingMessages.automaticEntry;
    return (
      <>
        <PageHeader title={`Asiento ${entry.data.entryNumber}`} back={back} />
        <Alert type="warning" showIcon title={why} />
      </>
    );
  }
  return <EntryEditor companyId={companyId} entry={entry.data} />;
}

function EntryEditor({ companyId, entry }: { companyId: string; entry: JournalEntry | null }) {
  const navigate = useNavigate();
  const command = useEntryCommand(companyId);
  const [entryDate, setEntryDate] = useState(entry?.entryDate ?? spanishToday());
  const [description, setDescription] = useState(entry?.description ?? '');
  const [lines, setLines] = useState<LineDraft[]>(() =>
    entry ? linesOf(entry) : [emptyLine(), emptyLine()],
  );
  const balance = entryBalance(lines);
  const problem = draftProblem(lines, companyId);

  const setLine = (key: string, change: Partial<LineDraft>) =>
    setLines((previous) => previous.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const save = () => {
    if (problem) return showToast('error', problem.message);
    if (!description.trim()) return showToast('error', 'La descripción es obligatoria.');
    const body = entryBody({ entryDate, description, lines }, companyId);
    const onError = (e: unknown) =>
      toastFailure(e, entry ? 'Error actualizando asiento contable' : 'Error creando asiento contable');
    const onSuccess = () => {
      showToast('success', entry ? 'Asiento actualizado' : 'Asiento creado');
      navigate(paths.app.accounting.journal);
    };
    if (entry) command.mutate({ kind: 'update', entryId: entry.entryId, body }, { onSuccess, onError });
    else command.mutate({ kind: 'create', body }, { onSuccess, onError });
  };

  const columns: TableColumnsType<LineDraft> = [
    {
      title: 'Cuenta',
      key: 'account',
      render: (_, l, index) => (
        <AccountSelect
          companyId={companyId}
          ariaLabel={`Cuenta de la línea ${index + 1}`}
          value={l.accountId}
          selectedLabel={l.accountLabel}
          status={problem?.index === index ? 'error' : undefined}
          onChange={(accountId, accountLabel) => setLine(l.key, { accountId, accountLabel })}
        />
      ),
    },
    {
      title: 'Debe',
      key: 'debit',
      width: 150,
      render: (_, l, index) => (
        <Input
          aria-label={`Debe de la línea ${index + 1}`}
          inputMode="decimal"
          value={l.debit}
          status={amountOf(l.debit) === null ? 'error' : undefined}
          onChange={(e) => setLine(l.key, { debit: e.target.value })}
        />
      ),
    },
    {
      title: 'Haber',
      key: 'credit',
      width: 150,
      render: (_, l, index) => (
        <Input
          aria-label={`Haber de la línea ${index + 1}`}
          inputMode="decimal"
          value={l.credit}
          status={amountOf(l.credit) === null ? 'error' : undefined}
          onChange={(e) => setLine(l.key, { credit: e.target.value })}
        />
      ),
    },
    {
      title: 'Concepto',
      key: 'description',
      render: (_, l, index) => (
        <Input
          aria-label={`Concepto de la línea ${index + 1}`}
          value={l.description}
          maxLength={200}
          onChange={(e) => setLine(l.key, { description: e.target.value })}
        />
      ),
    },
    {
      title: '',
      key: 'remove',
      width: 48,
      render: (_, l, index) => (
        <Button
          type="text"
          aria-label={`Quitar la línea ${index + 1}`}
          icon={<DeleteOutlined />}
          disabled={lines.length <= 2}
          onClick={() => setLines((previous) => previous.filter((x) => x.key !== l.key))}
        />
      ),
    },
  ];

  const differenceColor = balance.differenceCents !== 0 ? UNBALANCED_COLOR : undefined;
  return (
    <>
      <PageHeader
        title={entry ? `Editar asiento ${entry.entryNumber}` : 'Nuevo asiento'}
        back={{ to: paths.app.accounting.journal, label: 'Libro diario' }}
        actions={
          <Button type="primary" loading={command.isPending} onClick={save}>
            Guardar asiento
          </Button>
        }
      />
      <Flex vertical gap={16}>
        <Card>
          <Form layout="vertical" component="div">
            <Flex gap={16} wrap>
              <Form.Item label="Fecha" required>
                <DatePicker
                  aria-label="Fecha"
                  format={DATE_FORMAT}
                  allowClear={false}
                  value={dayjs(entryDate)}
                  onChange={(value) => value && setEntryDate(value.format('YYYY-MM-DD'))}
                />
              </Form.Item>
              <Form.Item label="Descripción" required style={{ flex: 1, minWidth: 260 }}>
                <Input
                  aria-label="Descripción"
                  value={description}
                  maxLength={300}
                  onChange={(e) => setDescription(e.target.value)}
                />
              </Form.Item>
            </Flex>
          </Form>
        </Card>
        <Card title="Líneas">
          <Flex vertical gap={12}>
            <Table<LineDraft>
              aria-label="Líneas del asiento"
              size="small"
              rowKey="key"
              columns={columns}
              dataSource={lines}
              pagination={false}
            />
            <Button
              icon={<PlusOutlined />}
              disabled={lines.length >= MAX_ENTRY_LINES}
              onClick={() => setLines((previous) => [...previous, emptyLine()])}
              style={{ width: 'fit-content' }}
            >
              Añadir línea
            </Button>
            <Flex gap={32} wrap align="center" aria-label="Cuadre del asiento" role="group">
              <Statistic title="Total Debe" value={formatCents(balance.debitCents)} />
              <Statistic title="Total Haber" value={formatCents(balance.creditCents)} />
              <Statistic
                title="Diferencia"
                value={formatCents(balance.differenceCents)}
                styles={{ content: { color: differenceColor } }}
              />
              {balance.balanced ? <Tag color="success">Cuadrado</Tag> : <Tag color="error">Descuadrado</Tag>}
            </Flex>
            {problem ? <Alert type="warning" showIcon title={problem.message} /> : null}
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
