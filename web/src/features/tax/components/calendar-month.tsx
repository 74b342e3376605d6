/**
 * The calendar as a month (antd Calendar): each day lists the obligations due that day, coloured
 * by status; a click opens the obligation. On a phone the cells only mark the days, and the
 * month's obligations are listed below. The day cells are drawn here (`fullCellRender`): antd
 * would paint the month's first day as selected, which reads as a date the person chose; only
 * today is marked.
 */
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import type { ObligationView } from '@shared/schemas/tax';
import { formatDate } from '@web/lib/format';
import { spanishToday } from '@web/lib/spanish-today';
import { OBLIGATION_STATUS_COLORS, OBLIGATION_STATUS_LABELS } from '@web/lib/tax-labels';
import { Badge, Button, Calendar, Flex, Grid, Select, Tag, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { byDueDate } from '../utils/calendar';
import './calendar-month.css';
import { ObligationStatusTag } from './obligation-status-tag';

const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const name = dayjs().month(i).format('MMMM');
  return { value: i + 1, label: name.charAt(0).toUpperCase() + name.slice(1) };
});

const BADGE_STATUS: Record<
  ObligationView['status'],
  'processing' | 'error' | 'success' | 'warning' | 'default'
> = {
  PENDING: 'processing',
  OVERDUE: 'error',
  SUBMITTED: 'success',
  MODEL_GENERATED: 'warning',
  OBLIGATION_GENERATED: 'default',
};

const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    event.stopPropagation();
    action();
  }
};

export function CalendarMonth({
  year,
  month,
  obligations,
  onMonthChange,
  onOpen,
}: {
  year: number;
  /** 1-12. */
  month: number;
  obligations: ObligationView[];
  onMonthChange: (year: number, month: number) => void;
  onOpen: (o: ObligationView) => void;
}) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const fullscreen = screens.md !== false;
  const today = spanishToday();
  // The legend's colours (antd Badge statuses) for the phone's dots.
  const dotColor = (status: ObligationView['status']) =>
    ({
      processing: token.colorPrimary,
      error: token.colorError,
      success: token.colorSuccess,
      warning: token.colorWarning,
      default: token.colorTextQuaternary,
    })[BADGE_STATUS[status]];
  const value = dayjs(`${year}-${String(month).padStart(2, '0')}-01`);
  const days = byDueDate(obligations);
  const monthKey = value.format('YYYY-MM');
  const ofMonth = obligations.filter((o) => o.dueDate.startsWith(monthKey));

  const step = (delta: number) => {
    const next = value.add(delta, 'month');
    onMonthChange(next.year(), next.month() + 1);
  };

  /** The obligations of one day of the month shown (none for the other months' days). */
  const cell = (date: Dayjs) => {
    if (date.format('YYYY-MM') !== monthKey) return null;
    const due = days.get(date.format('YYYY-MM-DD')) ?? [];
    if (due.length === 0) return null;
    if (!fullscreen) {
      return (
        // Plain dots (a Badge is a line high): every day of the week keeps the same height.
        <Flex justify="center" gap={2} style={{ height: 6 }} aria-hidden>
          {due.slice(0, 3).map((o) => (
            <span
              key={o.obligationId}
              style={{
                width: 6,
                height: 6,
                borderRadius: '50%',
                background: dotColor(o.status),
              }}
            />
          ))}
        </Flex>
      );
    }
    return (
      <Flex vertical gap={2} style={{ alignItems: 'flex-start' }}>
        {due.map((o) => (
          <Tag
            key={o.obligationId}
            role="button"
            tabIndex={0}
            color={OBLIGATION_STATUS_COLORS[o.status]}
            aria-label={`Modelo ${o.modelType} · ${o.periodLabel} · ${OBLIGATION_STATUS_LABELS[o.status]}`}
            title={`Modelo ${o.modelType} · ${o.periodLabel} · ${OBLIGATION_STATUS_LABELS[o.status]}`}
            style={{
              cursor: 'pointer',
              marginInlineEnd: 0,
              maxWidth: '100%',
              whiteSpace: 'normal',
            }}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(o);
            }}
            onKeyDown={onEnter(() => onOpen(o))}
          >
            {o.modelType} · {o.periodLabel}
          </Tag>
        ))}
      </Flex>
    );
  };

  /** One day: its number (today marked as antd marks it) and its obligations. */
  const dateCell = (date: Dayjs) => {
    const isToday = date.format('YYYY-MM-DD') === today;
    const day = date.format('DD');
    if (!fullscreen) {
      return (
        <Flex vertical align="center" gap={2} style={{ height: 34 }}>
          <span
            style={{
              minWidth: 24,
              height: 24,
              lineHeight: '22px',
              borderRadius: token.borderRadiusSM,
              border: `1px solid ${isToday ? token.colorPrimary : 'transparent'}`,
            }}
          >
            {day}
          </span>
          {cell(date)}
        </Flex>
      );
    }
    return (
      <div
        style={{
          margin: '0 4px',
          padding: '4px 8px 0',
          borderTop: `2px solid ${isToday ? token.colorPrimary : token.colorSplit}`,
          textAlign: 'end',
        }}
      >
        <div style={{ lineHeight: '24px', color: isToday ? token.colorPrimary : undefined }}>{day}</div>
        {/* Grows with its obligations: a busy day (the 20th) shows them all, nothing cut. */}
        <div style={{ minHeight: 86, textAlign: 'start', paddingBottom: 4 }}>{cell(date)}</div>
      </div>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Calendar
        className="cq-tax-month"
        value={value}
        fullscreen={fullscreen}
        mode="month"
        onSelect={(date, { source }) => {
          if (source === 'date' && date.format('YYYY-MM') !== monthKey)
            onMonthChange(date.year(), date.month() + 1);
        }}
        fullCellRender={(date, info) => (info.type === 'date' ? dateCell(date) : info.originNode)}
        headerRender={() => (
          <Flex align="center" justify="space-between" gap={8} style={{ padding: '8px 0' }} wrap>
            <Flex align="center" gap={8}>
              <Button aria-label="Mes anterior" icon={<LeftOutlined />} onClick={() => step(-1)} />
              <Select
                aria-label="Mes"
                value={month}
                style={{ width: 140 }}
                options={MONTHS}
                onChange={(next: number) => onMonthChange(year, next)}
              />
              <Typography.Text strong>{year}</Typography.Text>
              <Button aria-label="Mes siguiente" icon={<RightOutlined />} onClick={() => step(1)} />
            </Flex>
            <Flex gap={8} wrap>
              {(['PENDING', 'OVERDUE', 'SUBMITTED'] as const).map((s) => (
                <Badge key={s} status={BADGE_STATUS[s]} text={OBLIGATION_STATUS_LABELS[s]} />
              ))}
            </Flex>
          </Flex>
        )}
      />
      {fullscreen ? null : (
        <Flex vertical role="list" aria-label="Obligaciones del mes">
          {ofMonth.length === 0 ? (
            <Typography.Text type="secondary">Sin obligaciones este mes.</Typography.Text>
          ) : (
            ofMonth.map((o) => (
              <Flex
                key={o.obligationId}
                role="listitem"
                tabIndex={0}
                justify="space-between"
                align="center"
                gap={8}
                style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)', cursor: 'pointer' }}
                onClick={() => onOpen(o)}
                onKeyDown={onEnter(() => onOpen(o))}
              >
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong>
                    Modelo {o.modelType} · {o.periodLabel}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    Vence el {formatDate(o.dueDate)}
                  </Typography.Text>
                </Flex>
                <ObligationStatusTag status={o.status} />
              </Flex>
            ))
          )}
        </Flex>
      )}
    </Flex>
  );
}
