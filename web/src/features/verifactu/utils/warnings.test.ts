import { describe, expect, it } from 'vitest';
import { verifactuWarnings } from './warnings';

const counts = (ERROR: number) => ({ QUEUED: 0, SENT: 0, VERIFIED: 3, ACCEPTED_WITH_ERRORS: 0, ERROR });

describe('VeriFacTu dashboard warnings (spec part 2 §7, part 3 §8)', () => {
  it("'VeriFacTu no configurado' (medium) for a company without configuration", () => {
    expect(verifactuWarnings({ configured: false, counts: counts(0) })).toEqual([
      { level: 'medium', message: 'VeriFacTu no configurado' },
    ]);
  });

  it("'{n} envíos VeriFacTu con errores' (high) when records were rejected", () => {
    expect(verifactuWarnings({ configured: true, counts: counts(4) })).toEqual([
      { level: 'high', message: '4 envíos VeriFacTu con errores' },
    ]);
  });

  it('none when configured and without errors', () => {
    expect(verifactuWarnings({ configured: true, counts: counts(0) })).toEqual([]);
  });

  it("the server's warnings win when it sends them", () => {
    const server = [{ level: 'high' as const, message: '2 envíos VeriFacTu con errores' }];
    expect(verifactuWarnings({ configured: false, counts: counts(9), warnings: server })).toEqual(server);
  });
});
