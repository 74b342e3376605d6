/**
 * Records are immutable (RD 1007/2023 art. 8: inalterabilidad; reference/reliability.md R9): the only
 * write of a record item is the Put of `recordWriteItems`, conditioned on attribute_not_exists, and
 * no code path updates or deletes one. This reads the source of every function, so a new write path
 * fails here before it reaches a review.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordWriteItems } from './verifactu-records';

const root = path.resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === 'node_modules' || name === 'testing' ? [] : sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('VeriFacTu records are write-once', () => {
  const files = sources(root).map((f) => ({ f: path.relative(root, f), text: readFileSync(f, 'utf8') }));

  it('uses the record key only to Put it once (recordWriteItems) and to read it', () => {
    const uses = files.flatMap(({ f, text }) =>
      [...text.matchAll(/keys\.verifactuRecord\(/g)].map((m) => {
        const before = text.slice(Math.max(0, m.index - 400), m.index);
        return { f, before };
      }),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const { f, before } of uses) {
      const lastOp = [
        ...before.matchAll(/\b(Put|Update|Delete|ConditionCheck)\b\s*:|\b(Update|Delete|Put)Command\(/g),
      ].at(-1);
      const op = lastOp?.[1] ?? lastOp?.[2];
      expect([f, op === 'Update' || op === 'Delete' ? op : 'ok']).toEqual([f, 'ok']);
    }
  });

  it('never builds a record sort key by hand', () => {
    for (const { f, text } of files) {
      expect([f, /['`]VF#REC#/.test(text)]).toEqual([f, false]);
    }
  });

  it('puts a record only if it does not exist', () => {
    const [put] = recordWriteItems('t', {
      at: '2027-01-15T09:30:00.000Z',
      record: {
        companyId: 'co',
        seq: 1,
        recordId: 'co-1',
        invoiceId: 'inv',
        fields: {
          IDFactura: {
            IDEmisorFactura: 'B12345674',
            NumSerieFactura: 'F-1',
            FechaExpedicionFactura: '15-01-2027',
          },
          FechaHoraHusoGenRegistro: '2027-01-15T10:30:00+01:00',
          Huella: 'H',
        },
        huella: 'H',
        contentHash: 'C',
      } as never,
    });
    expect(put!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(put!.Put!.Item).toMatchObject({ entity: 'VerifactuRecord', sk: 'VF#REC#0000000001' });
  });
});
