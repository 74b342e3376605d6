/**
 * The left side of a session: the bank movements, each with its status and either the matcher's
 * proposal (score tag, reasons in a popover, 'Aceptar') or what it was matched to ('Deshacer').
 * Keyboard (issue 19 item 6, "proposals to accept with one key"), with the focus on the list:
 * ↑/↓ move, Espacio selects for a manual match, Intro accepts the row's proposal, A accepts every
 * proposal from AUTO_ACCEPT_MIN_SCORE up.
 */
import {
  AUTO_ACCEPT_MIN_SCORE,
  differenceReasonLabels,
  type ReconciliationMatch,
  type SessionMovement,
} from '@shared/schemas/reconciliation';
import { EmptyState } from '@web/components/load-states';
import { formatCents, formatDate, formatInteger } from '@web/lib/format';
import { Button, Card, Flex, Segmented, Table, type TableColumnsType, Tag, theme } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Amount, MovementStatusTag, ScoreTag } from './ui';

export type MovementFilter = 'ALL' | 'PROPOSED' | 'UNMATCHED' | 'MATCHED';

const FILTERS: { value: MovementFilter; label: string }[] = [
  { value: 'ALL', label: 'Todos' },
  { value: 'PROPOSED', label: 'Propuestos' },
  { value: 'UNMATCHED', label: 'Sin conciliar' },
  { value: 'MATCHED', label: 'Conciliados' },
];

const matchesFilter = (m: SessionMovement, filter: MovementFilter) =>
  filter === 'ALL' ||
  (filter === 'UNMATCHED' ? m.status === 'UNMATCHED' || m.status === 'LEFT' : m.status === filter);

/** A movement that can still be matched (accepted, matched by hand or assigned). */
export const isOpenMovement = (m: SessionMovement) => m.status === 'UNMATCHED' || m.status === 'PROPOSED';

/** The movements the one-key accept takes: a proposal from AUTO_ACCEPT_MIN_SCORE up. */
export const autoAcceptable = (movements: readonly SessionMovement[]) =>
  movements.filter(
    (m) => m.status === 'PROPOSED' && m.proposal !== null && m.proposal.score >= AUTO_ACCEPT_MIN_SCORE,
  );

export interface MovementsPanelProps {
  movements: readonly SessionMovement[];
  matches: readonly ReconciliationMatch[];
  /** The session is IN_PROGRESS and the person may write: buttons and selection are live. */
  editable: boolean;
  canAccept: boolean;
  canUndo: boolean;
  canMatch: boolean;
  selected: readonly string[];
  onSelectedChange: (movementIds: string[]) => void;
  onAccept: (movementIds: string[]) => void;
  onUndo: (matchId: string) => void;
  onAssign: (movementId: string) => void;
  busy: boolean;
}

export function MovementsPanel(props: MovementsPanelProps) {
  const { movements, matches, editable, canAccept, canUndo, canMatch, selected, onSelectedChange, busy } =
    props;
  const { token } = theme.useToken();
  const [filter, setFilter] = useState<MovementFilter>('ALL');
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => movements.filter((m) => matchesFilter(m, filter)), [movements, filter]);
  const matchById = useMemo(() => new Map(matches.map((m) => [m.matchId, m])), [matches]);
  const bulk = autoAcceptable(movements);
  const canBulk = editable && canAccept && bulk.length > 0;
  const activeRow = rows[Math.min(active, rows.length - 1)];

  // Keep the active row in sight as the arrows move it.
  useEffect(() => {
    if (!activeRow) return;
    const tr = [...(container.current?.querySelectorAll('tr[data-row-key]') ?? [])].find(
      (row) => row.getAttribute('data-row-key') === activeRow.movementId,
    );
    tr?.scrollIntoView?.({ block: 'nearest' });
  }, [activeRow]);

  const toggle = (movementId: string) =>
    onSelectedChange(
      selected.includes(movementId) ? selected.filter((id) => id !== movementId) : [...selected, movementId],
    );

  const acceptBulk = () => {
    if (canBulk && !busy) props.onAccept(bulk.map((m) => m.movementId));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // Typing in a field (none today, but a future filter) keeps its keys.
    if (target.tagName === 'INPUT' && (target as HTMLInputElement).type === 'text') return;
    const onList = target === event.currentTarget;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(0, Math.min(rows.length - 1, Math.min(i, rows.length - 1) + step)));
    } else if (
      (event.key === 'a' || event.key === 'A') &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      acceptBulk();
    } else if (event.key === 'Enter' && onList && activeRow) {
      event.preventDefault();
      if (editable && canAccept && !busy && activeRow.status === 'PROPOSED' && activeRow.proposal) {
        props.onAccept([activeRow.proposal.movementId]);
      }
    } else if (event.key === ' ' && onList && activeRow) {
      event.preventDefault();
      if (editable && canMatch && isOpenMovement(activeRow)) toggle(activeRow.movementId);
    }
  };

  const columns: TableColumnsType<SessionMovement> = [
    {
      title: 'Fecha',
      key: 'date',
      width: 96,
      render: (_, m) => formatDate(m.bookingDate),
    },
    {
      title: 'Concepto',
      key: 'concept',
      render: (_, m) => (
        <Flex vertical>
          <span>{m.description}</span>
          {m.counterpartyName ? <span style={{ opacity: 0.65 }}>{m.counterpartyName}</span> : null}
        </Flex>
      ),
    },
    {
      title: 'Importe',
      key: 'amount',
      align: 'right',
      width: 120,
      render: (_, m) => <Amount cents={m.amountCents} />,
    },
    { title: 'Estado', key: 'status', width: 110, render: (_, m) => <MovementStatusTag status={m.status} /> },
    {
      title: 'Propuesta / conciliación',
      key: 'proposal',
      render: (_, m) => {
        const match = m.matchId ? matchById.get(m.matchId) : undefined;
        if (m.status === 'MATCHED' && match) {
          return (
            <MatchedTo
              match={match}
              onUndo={editable && canUndo ? () => props.onUndo(match.matchId) : undefined}
              busy={busy}
            />
          );
        }
        return (
          <Flex vertical gap={4} align="flex-start">
            {m.proposal ? (
              <Flex gap={8} align="center" wrap>
                <ScoreTag score={m.proposal.score} reasons={m.proposal.reasons} />
                <span>{m.proposal.items.map((item) => item.label).join(' + ')}</span>
                {m.proposal.differenceCents !== 0 ? (
                  <span style={{ opacity: 0.65 }}>
                    Diferencia {formatCents(m.proposal.differenceCents)}
                    {m.proposal.difference
                      ? ` (${differenceReasonLabels[m.proposal.difference.reason]})`
                      : ''}
                  </span>
                ) : null}
              </Flex>
            ) : null}
            {editable && isOpenMovement(m) ? (
              <Flex gap={8} wrap>
                {m.proposal && m.status === 'PROPOSED' && canAccept ? (
                  <Button
                    size="small"
                    type="primary"
                    disabled={busy}
                    onClick={() => m.proposal && props.onAccept([m.proposal.movementId])}
                  >
                    Aceptar
                  </Button>
                ) : null}
                {canMatch ? (
                  <Button size="small" disabled={busy} onClick={() => props.onAssign(m.movementId)}>
                    Asignar a cuenta
                  </Button>
                ) : null}
              </Flex>
            ) : null}
          </Flex>
        );
      },
    },
  ];

  return (
    <Card
      title="Movimientos del banco"
      styles={{ body: { padding: 12 } }}
      extra={
        canBulk ? (
          <Button type="primary" disabled={busy} onClick={acceptBulk} aria-keyshortcuts="A">
            Aceptar propuestas ≥ {AUTO_ACCEPT_MIN_SCORE} ({formatInteger(bulk.length)}) <Kbd>A</Kbd>
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={8}>
        <Segmented<MovementFilter>
          aria-label="Filtrar movimientos"
          options={FILTERS}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setActive(0);
          }}
        />
        {rows.length === 0 ? (
          <EmptyState description="No hay movimientos con este filtro." />
        ) : (
          // One focus stop whose keys the page handles (arrows, Intro, Espacio, A), as in a
          // spreadsheet: the 'application' role tells screen readers to pass them through.
          <div
            ref={container}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard-driven list described above
            tabIndex={0}
            role="application"
            aria-label="Movimientos del banco"
            aria-keyshortcuts="ArrowUp ArrowDown Enter Space A"
            onKeyDown={onKeyDown}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            style={{
              outline: focused ? `2px solid ${token.colorPrimaryBorder}` : 'none',
              outlineOffset: 2,
              borderRadius: token.borderRadius,
            }}
          >
            <Table<SessionMovement>
              size="small"
              rowKey="movementId"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ y: 560 }}
              rowSelection={
                editable && canMatch
                  ? {
                      selectedRowKeys: [...selected],
                      // A filter hides rows, not the selection.
                      preserveSelectedRowKeys: true,
                      onChange: (keys) => onSelectedChange(keys.map(String)),
                      getCheckboxProps: (m) => ({
                        disabled: !isOpenMovement(m),
                        'aria-label': `Seleccionar movimiento ${formatDate(m.bookingDate)} ${m.description}`,
                      }),
                    }
                  : undefined
              }
              onRow={(m, index) => ({
                onClick: () => setActive(index ?? 0),
                'aria-current': activeRow?.movementId === m.movementId ? 'true' : undefined,
                style:
                  activeRow?.movementId === m.movementId
                    ? { outline: `2px solid ${token.colorPrimaryBorder}`, outlineOffset: -2 }
                    : undefined,
              })}
            />
          </div>
        )}
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          Atajos con el foco en la lista: <Kbd>↑</Kbd> <Kbd>↓</Kbd> moverse · <Kbd>Espacio</Kbd> seleccionar ·{' '}
          <Kbd>Intro</Kbd> aceptar la propuesta · <Kbd>A</Kbd> aceptar las propuestas ≥{' '}
          {AUTO_ACCEPT_MIN_SCORE}
        </span>
      </Flex>
    </Card>
  );
}

function Kbd({ children }: { children: string }) {
  const { token } = theme.useToken();
  return (
    <kbd
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: 4,
        padding: '0 4px',
        fontSize: '0.85em',
        fontFamily: 'inherit',
      }}
    >
      {children}
    </kbd>
  );
}

/** What a matched movement was matched to, with 'Deshacer' while the session is in progress. */
function MatchedTo({
  match,
  onUndo,
  busy,
}: {
  match: ReconciliationMatch;
  onUndo: (() => void) | undefined;
  busy: boolean;
}) {
  return (
    <Flex vertical gap={4} align="flex-start">
      {match.items.map((item, index) => (
        // Items have no id of their own: their order is the match's.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed order within one match
        <span key={index}>{`${item.label} · ${formatCents(item.amountCents)}`}</span>
      ))}
      {match.difference ? (
        <span style={{ opacity: 0.65 }}>
          Diferencia {formatCents(match.differenceCents)}: {differenceReasonLabels[match.difference.reason]}
          {match.difference.accountCode ? ` (${match.difference.accountCode})` : ''}
        </span>
      ) : null}
      <Flex gap={8} align="center" wrap>
        <Tag>{match.source === 'PROPOSAL' ? `Propuesta aceptada (${match.score ?? '—'})` : 'Manual'}</Tag>
        {match.movementIds.length > 1 ? <Tag>{match.movementIds.length} movimientos</Tag> : null}
        {onUndo ? (
          <Button size="small" disabled={busy} onClick={onUndo}>
            Deshacer
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
