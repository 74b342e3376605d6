/**
 * /app/banking/reconciliation/sessions/:sessionId (issue 19 items 3 and 6): side by side, the bank
 * movements with the matcher's proposals (accepted one by one, or all from 80 up with one key) and
 * the open items. Selecting movements and documents shows the difference and 'Conciliar'; a gap asks
 * its reason and account; a movement with no document is assigned to an account, optionally learning
 * a rule. Matches are undone with 'Deshacer' while the session is in progress.
 */
import type {
  AcceptProposalsResult,
  CreateMatchBody,
  MatchDifferenceInput,
  OpenItemCandidate,
  SessionDetail,
} from '@shared/schemas/reconciliation';
import { reconciliationMessages } from '@shared/schemas/reconciliation';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCanCall } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { formatCents, formatDateTime, formatInteger } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Card, Col, Collapse, Flex, Row } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAcceptProposals, useCreateMatch, useDeleteMatch, useSession } from '../api/reconciliation';
import { type AssignAccountInput, AssignAccountModal, DifferenceModal } from './match-dialogs';
import { itemAmountCents, selectionTotals } from './match-math';
import { isOpenMovement, MovementsPanel } from './movements-panel';
import { type DirectionFilter, OpenItemsPanel } from './open-items-panel';
import { SessionHeader } from './session-header';
import { toastFailure } from './ui';

export function ReconciliationSessionPage() {
  const companyId = useCompanyId();
  const { sessionId = '' } = useParams();
  if (!companyId) {
    return (
      <>
        <PageHeader title="Conciliación" />
        <NoCompanySelected description="Selecciona una empresa para conciliar sus cuentas bancarias." />
      </>
    );
  }
  return <SessionContent companyId={companyId} sessionId={sessionId} />;
}

function SessionContent({ companyId, sessionId }: { companyId: string; sessionId: string }) {
  const detail = useSession(sessionId, companyId);
  if (detail.isPending) return <LoadingBlock label="Cargando la sesión" />;
  if (detail.isError) {
    return (
      <>
        <PageHeader
          title="Conciliación"
          back={{ to: paths.app.banking.reconciliation, label: 'Conciliación bancaria' }}
        />
        <LoadError
          title="Error obteniendo la sesión"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }
  return <SessionWorkspace companyId={companyId} detail={detail.data} />;
}

function SessionWorkspace({ companyId, detail }: { companyId: string; detail: SessionDetail }) {
  const { session, movements, matches } = detail;
  const sessionId = session.sessionId;
  const can = useCanCall();
  const accept = useAcceptProposals(sessionId, companyId);
  const createMatch = useCreateMatch(sessionId, companyId);
  const deleteMatch = useDeleteMatch(sessionId, companyId);
  const busy = accept.isPending || createMatch.isPending || deleteMatch.isPending;
  const editable = session.status === 'IN_PROGRESS';
  const canMatch = can('banking.createMatch');

  const [selectedMovementIds, setSelectedMovementIds] = useState<string[]>([]);
  const [selectedItems, setSelectedItems] = useState<OpenItemCandidate[]>([]);
  const [direction, setDirection] = useState<DirectionFilter>('ALL');
  const [askingDifference, setAskingDifference] = useState(false);
  const [assigning, setAssigning] = useState<string[]>([]);

  // A refreshed session may have matched (or released) a selected movement: keep only open ones.
  const byId = useMemo(() => new Map(movements.map((m) => [m.movementId, m])), [movements]);
  const selectedMovements = selectedMovementIds.flatMap((id) => {
    const m = byId.get(id);
    return m && isOpenMovement(m) ? [m] : [];
  });
  const totals = selectionTotals(selectedMovements, selectedItems);

  // The documents side follows the direction of the selected movements (money in: to collect).
  const selectionDirection = totals.direction;
  useEffect(() => {
    if (selectionDirection === 'IN') setDirection('RECEIVABLE');
    if (selectionDirection === 'OUT') setDirection('PAYABLE');
  }, [selectionDirection]);

  const clearSelection = () => {
    setSelectedMovementIds([]);
    setSelectedItems([]);
  };

  const onAccept = (movementIds: string[]) =>
    accept.mutate(movementIds, {
      onSuccess: (result) => reportAccepted(result),
      onError: (e) => toastFailure(e, 'Error aceptando las propuestas'),
    });

  const submitMatch = (body: CreateMatchBody, done: string, after?: () => void) =>
    createMatch.mutate(body, {
      onSuccess: () => {
        showToast('success', done);
        clearSelection();
        after?.();
      },
      onError: (e) => toastFailure(e, 'Error conciliando'),
    });

  const documentsBody = (difference?: MatchDifferenceInput): CreateMatchBody => ({
    movementIds: selectedMovements.map((m) => m.movementId),
    items: selectedItems.map((item) => ({
      kind: item.kind,
      documentId: item.documentId,
      amountCents: itemAmountCents(item),
    })),
    ...(difference ? { difference } : {}),
  });

  const reconcile = () => {
    if (totals.differenceCents === 0) submitMatch(documentsBody(), 'Movimiento conciliado');
    else setAskingDifference(true);
  };

  const assignMovements = assigning.flatMap((id) => byId.get(id) ?? []);
  const assignTotal = selectionTotals(assignMovements, []).movementsCents;
  const assign = ({ accountCode, remember }: AssignAccountInput) =>
    submitMatch(
      {
        movementIds: assigning,
        items: [{ kind: 'ACCOUNT', accountCode, amountCents: assignTotal }],
        ...(remember ? { remember: true } : {}),
      },
      remember ? 'Asignado a la cuenta; la regla queda aprendida' : 'Asignado a la cuenta',
      () => setAssigning([]),
    );

  const selecting = editable && canMatch;
  return (
    <>
      <SessionHeader companyId={companyId} session={session} />
      {selecting && (selectedMovements.length > 0 || selectedItems.length > 0) ? (
        <SelectionBar
          movementCount={selectedMovements.length}
          itemCount={selectedItems.length}
          totals={totals}
          busy={busy}
          onReconcile={reconcile}
          onAssign={() => setAssigning(selectedMovements.map((m) => m.movementId))}
          onClear={clearSelection}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={editable ? 14 : 24}>
          <MovementsPanel
            movements={movements}
            matches={matches}
            editable={editable}
            canAccept={can('banking.acceptProposals')}
            canUndo={can('banking.deleteMatch')}
            canMatch={canMatch}
            selected={selectedMovements.map((m) => m.movementId)}
            onSelectedChange={setSelectedMovementIds}
            onAccept={onAccept}
            onUndo={(matchId) =>
              deleteMatch.mutate(matchId, {
                onSuccess: () => showToast('success', 'Conciliación deshecha'),
                onError: (e) => toastFailure(e, 'Error deshaciendo la conciliación'),
              })
            }
            onAssign={(movementId) => setAssigning([movementId])}
            busy={busy}
          />
        </Col>
        {editable ? (
          <Col xs={24} xl={10}>
            <OpenItemsPanel
              companyId={companyId}
              sessionId={sessionId}
              rankFor={selectedMovements.length === 1 ? (selectedMovements[0]?.movementId ?? null) : null}
              direction={direction}
              onDirectionChange={setDirection}
              selectable={selecting}
              selected={selectedItems}
              onSelectedChange={setSelectedItems}
            />
          </Col>
        ) : null}
      </Row>
      <AuditCard detail={detail} />
      {totals.direction === 'IN' || totals.direction === 'OUT' ? (
        <DifferenceModal
          open={askingDifference}
          totals={totals}
          direction={totals.direction}
          busy={createMatch.isPending}
          onCancel={() => setAskingDifference(false)}
          onConfirm={(difference) =>
            submitMatch(documentsBody(difference), 'Movimiento conciliado con diferencia', () =>
              setAskingDifference(false),
            )
          }
        />
      ) : null}
      <AssignAccountModal
        movements={assignMovements}
        totalCents={assignTotal}
        busy={createMatch.isPending}
        onCancel={() => setAssigning([])}
        onConfirm={assign}
      />
    </>
  );
}

function reportAccepted(result: AcceptProposalsResult) {
  const accepted = result.matches.length;
  if (accepted > 0) {
    showToast(
      'success',
      accepted === 1 ? '1 propuesta aceptada' : `${formatInteger(accepted)} propuestas aceptadas`,
    );
  }
  if (result.skipped.length > 0) {
    const first = result.skipped[0]?.reason ?? '';
    showToast(
      'warning',
      result.skipped.length === 1
        ? `No se aceptó 1 propuesta: ${first}`
        : `No se aceptaron ${formatInteger(result.skipped.length)} propuestas: ${first}`,
    );
  }
}

/** The selection's sums, its difference and what can be done with it. */
function SelectionBar({
  movementCount,
  itemCount,
  totals,
  busy,
  onReconcile,
  onAssign,
  onClear,
}: {
  movementCount: number;
  itemCount: number;
  totals: ReturnType<typeof selectionTotals>;
  busy: boolean;
  onReconcile: () => void;
  onAssign: () => void;
  onClear: () => void;
}) {
  const mixed = totals.direction === 'MIXED';
  return (
    <Card
      size="small"
      style={{ marginBottom: 16, position: 'sticky', top: 0, zIndex: 3 }}
      aria-label="Selección"
    >
      <Flex gap={24} align="center" wrap justify="space-between">
        <Flex gap={24} wrap>
          <span>
            {movementCount === 1 ? '1 movimiento' : `${formatInteger(movementCount)} movimientos`}:{' '}
            <strong>{formatCents(totals.movementsCents)}</strong>
          </span>
          <span>
            {itemCount === 1 ? '1 documento' : `${formatInteger(itemCount)} documentos`}:{' '}
            <strong>{formatCents(totals.itemsCents)}</strong>
          </span>
          {itemCount > 0 ? (
            <span>
              Diferencia:{' '}
              <strong data-testid="selection-difference">{formatCents(totals.differenceCents)}</strong>
            </span>
          ) : null}
        </Flex>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            disabled={busy || mixed || movementCount === 0 || itemCount === 0}
            onClick={onReconcile}
          >
            Conciliar
          </Button>
          <Button disabled={busy || mixed || movementCount === 0 || itemCount > 0} onClick={onAssign}>
            Asignar a cuenta
          </Button>
          <Button type="text" onClick={onClear}>
            Limpiar selección
          </Button>
        </Flex>
      </Flex>
      {mixed ? (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          title={reconciliationMessages.mixedDirections}
        />
      ) : null}
    </Card>
  );
}

/** Who did what in the session (starts, accepts, manual matches, undos, approval). */
function AuditCard({ detail }: { detail: SessionDetail }) {
  if (detail.audit.length === 0) return null;
  return (
    <Collapse
      style={{ marginTop: 16 }}
      items={[
        {
          key: 'audit',
          label: `Historial (${formatInteger(detail.audit.length)})`,
          children: (
            <Flex vertical gap={6}>
              {detail.audit.map((entry) => (
                <span key={entry.eventId}>
                  <strong>{formatDateTime(entry.at)}</strong> · {entry.actor.name ?? 'Usuario'} ·{' '}
                  {entry.actionLabel}: {entry.detail}
                </span>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}
