import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, siiHarness } from '../testing/harness';
import { getSenderState, recordRun, releaseLease, setIsolation, takeLease } from './lease';

const h = siiHarness();
const sender = () => h.table.get(keys.siiSender(COMPANY));

beforeEach(() => h.reset());

describe('the sender lease', () => {
  it('one holder at a time; a second taker gets null until it is released', async () => {
    const a = await takeLease(h.deps, COMPANY);
    expect(a).not.toBeNull();
    expect(await takeLease(h.deps, COMPANY)).toBeNull();
    await releaseLease(h.deps, COMPANY, a!.leaseId, { at: 'now', stop: 'idle', message: null });
    expect(sender()).toMatchObject({ entity: 'SiiSender', lastRun: { stop: 'idle' } });
    expect(sender()!.leaseId).toBeUndefined();
    expect(await takeLease(h.deps, COMPANY)).not.toBeNull();
  });

  it('an expired lease can be taken (a crashed holder frees the company)', async () => {
    await takeLease(h.deps, COMPANY, 1_000);
    h.setNow(new Date(h.deps.now().getTime() + 1_001));
    expect(await takeLease(h.deps, COMPANY)).not.toBeNull();
  });

  it('releasing a lease someone else took meanwhile leaves theirs alone', async () => {
    const a = await takeLease(h.deps, COMPANY, 1_000);
    h.setNow(new Date(h.deps.now().getTime() + 2_000));
    const b = await takeLease(h.deps, COMPANY);
    await releaseLease(h.deps, COMPANY, a!.leaseId);
    expect(sender()!.leaseId).toBe(b!.leaseId);
  });

  it('the isolation caps are written only by the holder, and come back with the next lease', async () => {
    const a = await takeLease(h.deps, COMPANY);
    await setIsolation(h.deps, COMPANY, 'not-mine', { 'FE:A0': 2 });
    expect(sender()!.isolation).toBeUndefined();
    await setIsolation(h.deps, COMPANY, a!.leaseId, { 'FE:A0': 2 });
    await releaseLease(h.deps, COMPANY, a!.leaseId);
    expect((await takeLease(h.deps, COMPANY))!.state.isolation).toEqual({ 'FE:A0': 2 });
  });

  it('records why a run did nothing, without a lease', async () => {
    await recordRun(h.deps, COMPANY, { at: 't', stop: 'not-configured', message: 'Falta' });
    expect(await getSenderState(h.deps, COMPANY)).toMatchObject({
      companyId: COMPANY,
      lastRun: { stop: 'not-configured' },
    });
  });
});
