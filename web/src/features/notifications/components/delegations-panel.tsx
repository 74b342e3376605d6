import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import type { CreateDelegationBody, NotificationDelegation } from '@shared/schemas/notification-analytics';
import { type NotificationCategory, notificationCategoryLabels } from '@shared/schemas/notifications';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { useOptionalAuthUser } from '@web/lib/auth';
import { formatDate } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import { toast } from '@web/lib/toast';
import { Alert, Button, Checkbox, Flex, Input, Popconfirm, Select, Tag } from 'antd';
import { useId, useState } from 'react';
import { useCreateDelegation } from '../api/create-delegation';
import { useDeleteDelegation } from '../api/delete-delegation';
import { useDelegateCandidates } from '../api/get-company-staff';
import { useDelegations } from '../api/list-delegations';
import { offeredCategories } from './notification-preferences';

function delegationState(d: NotificationDelegation, today: string): { label: string; color: string } {
  if (d.active) return { label: 'Activa', color: 'green' };
  if (d.endsOn < today) return { label: 'Finalizada', color: 'default' };
  return { label: 'Programada', color: 'blue' };
}

/**
 * Delegations (issue 20): while the caller is away, the notifications of the chosen families that
 * reach it in this company are copied to another active staff member for a range of dates.
 */
export function DelegationsPanel({ companyId }: { companyId: string }) {
  const me = useOptionalAuthUser()?.userId ?? null;
  const delegations = useDelegations(companyId);
  const remove = useDeleteDelegation(companyId);
  const today = spanishToday();

  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        message="Mientras dure la delegación, la persona elegida recibe una copia de tus avisos de las familias indicadas."
      />
      {delegations.isPending ? (
        <LoadingBlock label="Cargando delegaciones" />
      ) : delegations.isError ? (
        <LoadError
          title="No se han podido cargar las delegaciones"
          error={delegations.error}
          onRetry={() => void delegations.refetch()}
        />
      ) : delegations.data.length === 0 ? (
        <EmptyState description="No hay delegaciones" />
      ) : (
        <ul aria-label="Delegaciones" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {delegations.data.map((d) => {
            const state = delegationState(d, today);
            const mine = d.fromUserId === me;
            return (
              <li key={d.delegationId} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
                <Flex justify="space-between" align="start" gap={8}>
                  <Flex vertical gap={2}>
                    <span>
                      {mine
                        ? `Tus avisos → ${d.toName}`
                        : `${d.fromName} → ${d.toUserId === me ? 'ti' : d.toName}`}{' '}
                      <Tag color={state.color}>{state.label}</Tag>
                    </span>
                    <span style={{ opacity: 0.75 }}>
                      Del {formatDate(d.startsOn)} al {formatDate(d.endsOn)}
                    </span>
                    <span style={{ opacity: 0.75 }}>
                      {d.categories.map((c) => notificationCategoryLabels[c]).join(', ')}
                    </span>
                  </Flex>
                  {mine ? (
                    <Popconfirm
                      title="¿Eliminar esta delegación?"
                      okText="Eliminar"
                      cancelText="Cancelar"
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove.mutateAsync(d.delegationId).then(
                          () => toast.success('Delegación eliminada'),
                          (error) => toast.fromError(error, { title: 'Error al eliminar la delegación' }),
                        )
                      }
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Eliminar la delegación a ${d.toName}`}
                      />
                    </Popconfirm>
                  ) : null}
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
      <NewDelegationForm companyId={companyId} callerId={me} />
    </Flex>
  );
}

function NewDelegationForm({ companyId, callerId }: { companyId: string; callerId: string | null }) {
  const id = useId();
  const today = spanishToday();
  const candidates = useDelegateCandidates(companyId, callerId);
  const create = useCreateDelegation(companyId);
  const families = offeredCategories();
  const [toUserId, setToUserId] = useState<string | undefined>();
  const [categories, setCategories] = useState<NotificationCategory[]>(families);
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState(today);

  const problem = !toUserId
    ? 'Elige a quién delegas.'
    : categories.length === 0
      ? 'Elige al menos un tipo de aviso.'
      : !startsOn || !endsOn
        ? 'Indica las fechas.'
        : endsOn < startsOn
          ? 'La fecha de fin debe ser igual o posterior a la de inicio.'
          : null;

  const submit = () => {
    if (problem || !toUserId) return;
    const body: CreateDelegationBody = { toUserId, categories, startsOn, endsOn };
    create.mutate(body, {
      onSuccess: (d) => {
        toast.success(`Delegación creada para ${d.toName}`);
        setToUserId(undefined);
      },
      onError: (error) => toast.fromError(error, { title: 'Error al crear la delegación' }),
    });
  };

  return (
    <Flex vertical gap={10} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
      <strong>Nueva delegación</strong>
      <label htmlFor={`${id}-to`}>Delegar en</label>
      <Select
        id={`${id}-to`}
        aria-label="Delegar en"
        placeholder="Elige a un miembro de la empresa"
        value={toUserId}
        onChange={setToUserId}
        loading={candidates.isPending}
        status={candidates.isError ? 'error' : undefined}
        notFoundContent={
          candidates.isError ? 'No se han podido cargar los miembros' : 'No hay otros miembros del equipo'
        }
        options={(candidates.data ?? []).map((m) => ({
          value: m.userId as string,
          label: `${`${m.firstName} ${m.lastName}`.trim() || m.email} (${m.email})`,
        }))}
      />
      <span id={`${id}-families`}>Tipos de aviso</span>
      <Checkbox.Group
        aria-labelledby={`${id}-families`}
        value={categories}
        onChange={(values) => setCategories(values as NotificationCategory[])}
        options={families.map((c) => ({ value: c, label: notificationCategoryLabels[c] }))}
      />
      <Flex gap={12} wrap>
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-from`}>Desde</label>
          <Input
            id={`${id}-from`}
            type="date"
            value={startsOn}
            min={today}
            onChange={(e) => setStartsOn(e.target.value)}
          />
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-until`}>Hasta</label>
          <Input
            id={`${id}-until`}
            type="date"
            value={endsOn}
            min={startsOn || today}
            onChange={(e) => setEndsOn(e.target.value)}
          />
        </Flex>
      </Flex>
      {problem && toUserId ? <Alert type="warning" showIcon message={problem} /> : null}
      <Flex justify="end">
        <Button type="primary" disabled={problem !== null} loading={create.isPending} onClick={submit}>
          Crear delegación
        </Button>
      </Flex>
    </Flex>
  );
}
