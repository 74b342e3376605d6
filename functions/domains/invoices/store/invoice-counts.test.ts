import { isTransactionConflict } from '@functions/platform/aws/dynamodb-errors';
import { describe, expect, it } from 'vitest';
import { countRanges, countUpdates, dateMoveUpdates } from './invoice-counts';

describe('invoice counters: which counter items make up a date range', () => {
  it('reads the days of a range inside one month', () => {
    expect(countRanges('2026-01-10', '2026-01-20')).toEqual({ days: [['2026-01-10', '2026-01-20']] });
  });

  it('reads a whole month as its month counter', () => {
    expect(countRanges('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02', '2026-02'], days: [] });
    expect(countRanges('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02', '2024-02'], days: [] });
  });

  it('reads a quarter as three month counters', () => {
    expect(countRanges('2026-01-01', '2026-03-31')).toEqual({ months: ['2026-01', '2026-03'], days: [] });
  });

  it('reads the partial edge months day by day and the months between whole', () => {
    expect(countRanges('2025-11-15', '2026-02-10')).toEqual({
      months: ['2025-12', '2026-01'],
      days: [
        ['2025-11-15', '2025-11-30'],
        ['2026-02-01', '2026-02-10'],
      ],
    });
  });

  it('reads two adjacent partial months without any month counter', () => {
    expect(countRanges('2026-01-20', '2026-02-05')).toEqual({
      months: undefined,
      days: [
        ['2026-01-20', '2026-01-31'],
        ['2026-02-01', '2026-02-05'],
      ],
    });
  });

  it('reads open ends as every month before or after', () => {
    expect(countRanges('0000-01-01', '2026-03-15')).toEqual({
      months: ['0000-01', '2026-02'],
      days: [['2026-03-01', '2026-03-15']],
    });
    expect(countRanges('2026-03-15', '9999-12-31')).toEqual({
      months: ['2026-04', '9999-12'],
      days: [['2026-03-15', '2026-03-31']],
    });
  });

  it('reads nothing for an inverted range', () => {
    expect(countRanges('2026-03-02', '2026-03-01')).toEqual({ days: [] });
  });
});

describe('invoice counters: the writes', () => {
  it('adds to the company, month and day counters of the date', () => {
    const items = countUpdates('t', 'co-1', '2026-03-02', -1);
    expect(items.map((i) => i.Update!.Key)).toEqual([
      { pk: 'COMPANY#co-1#INVCOUNT', sk: 'ALL' },
      { pk: 'COMPANY#co-1#INVCOUNT', sk: 'M#2026-03' },
      { pk: 'COMPANY#co-1#INVCOUNT', sk: 'D#2026-03-02' },
    ]);
    expect(items.every((i) => i.Update!.ExpressionAttributeValues![':delta'] === -1)).toBe(true);
  });

  it('moves a draft between dates, and not at all when the date stays', () => {
    expect(dateMoveUpdates('t', 'co-1', '2026-03-02', '2026-03-02')).toEqual([]);
    const moves = dateMoveUpdates('t', 'co-1', '2026-03-02', '2026-04-01');
    const moved = (items: typeof moves) =>
      items.map((i) => [i.Update!.Key!.sk, i.Update!.ExpressionAttributeValues![':delta']]);
    // The company's total stays; a transaction touches each counter once.
    expect(moved(moves)).toEqual([
      ['M#2026-03', -1],
      ['D#2026-03-02', -1],
      ['M#2026-04', 1],
      ['D#2026-04-01', 1],
    ]);
    expect(moved(dateMoveUpdates('t', 'co-1', '2026-03-02', '2026-03-20'))).toEqual([
      ['D#2026-03-02', -1],
      ['D#2026-03-20', 1],
    ]);
  });

  it('retries a transaction lost to another one, never a refused condition', () => {
    const canceled = (...codes: string[]) => ({
      name: 'TransactionCanceledException',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });
    expect(isTransactionConflict(canceled('None', 'TransactionConflict'))).toBe(true);
    expect(isTransactionConflict({ name: 'TransactionConflictException' })).toBe(true);
    expect(isTransactionConflict(canceled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(canceled('ConditionalCheckFailed', 'None'))).toBe(false);
  });
});
