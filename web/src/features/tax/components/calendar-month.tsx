/**
 * The calendar as a month (antd Calendar): each day lists the obligations due that day, coloured
 * by status; a click opens the obligation. On a phone the cells only mark the days, and the
 * month's obligations are listed below.
 */
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import type { ObligationView } from '@shared/schemas/tax';
import { formatDate } from '@web/lib/format';
import { Badge, Button, Calendar, Flex, Grid, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KeyboardEvent } from 'react';
import { byDueDate } from '../utils/calendar';
import { OBLIGATION_STATUS_COLORS, OBLIGATION_STATUS_LABELS } from '../utils/labels';
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
  const fullscreen = screens.md !== false;
  const value = dayjs(`${year}-${String(month).padStart(2, '0')}-01`);
  const days = byDueDate(obligations);
  const monthKey = value.format('YYYY-MM');
  const ofMonth = obligations.filter((o) => o.dueDate.startsWith(monthKey));

  const step = (delta: number) => {
    const next = value.add(delta, 'month');
    onMonthChange(next.year(), next.month() + 1);
  };

  const cell = (date: Dayjs) => {
    if (date.format('YYYY-MM') !== monthKey) return null;
    const due = days.get(date.format('YYYY-MM-DD')) ?? [];
    if (due.length === 0) return null;
    if (!fullscreen) {
      return (
        <Flex justify="center" gap={2}>
          {due.slice(0, 3).map((o) => (
            <Badge key={o.obligationId} status={BADGE_STATUS[o.status]} />
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
              overflow: 'hidden',
              textOverflow: 'ellipsis',
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

  return (
    <Flex vertical gap={16}>
      <Calendar
        value={value}
        fullscreen={fullscreen}
        mode="month"
        onSelect={(date, { source }) => {
          if (source === 'date' && date.format('YYYY-MM') !== monthKey)
            onMonthChange(date.year(), date.month() + 1);
        }}
        cellRender={(date, info) => (info.type === 'date' ? cell(date) : info.originNode)}
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
