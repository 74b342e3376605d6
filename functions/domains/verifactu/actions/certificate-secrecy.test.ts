/**
 * Certificates and passwords never leave through a response, a log line or the stored item in
 * clear (issue 5 item 9): every route of the area runs with debug logs captured.
 */

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestP12 } from '../testing/certificates';
import { call, multipart, table, useConfigHarness } from '../testing/config-harness';

useConfigHarness({ LOG_LEVEL: 'debug' });

const SECRET_PASSWORD = 'Tr3s-Tristes-Tigres!';
const p12 = makeTestP12({ nif: 'B12345674', name: 'PANADERIA LA ESPIGA SL', password: SECRET_PASSWORD });
const b64 = p12.toString('base64');

/** Fragments that would betray the file: the password, any 32-char slice of the base64, raw bytes. */
function leaks(text: string): string[] {
  const found: string[] = [];
  if (text.includes(SECRET_PASSWORD)) found.push('password');
  for (let i = 0; i + 32 <= b64.length; i += 97)
    if (text.includes(b64.slice(i, i + 32))) found.push(`base64@${i}`);
  const hex = p12.subarray(100, 132).toString('hex');
  if (text.toLowerCase().includes(hex)) found.push('hex');
  if (text.includes(p12.subarray(100, 132).toString('latin1'))) found.push('bytes');
  return found;
}

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  const capture = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  vi.spyOn(console, 'log').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
  vi.spyOn(console, 'warn').mockImplementation(capture);
  vi.spyOn(console, 'info').mockImplementation(capture);
  vi.spyOn(console, 'debug').mockImplementation(capture);
});
afterEach(() => vi.restoreAllMocks());

describe('certificate secrecy', () => {
  it('no response, log line or stored attribute holds the file or the password', async () => {
    const responses: unknown[] = [];
    const record = async (p: Promise<{ envelope: unknown; status: number }>) => {
      const r = await p;
      responses.push(r);
      return r;
    };

    const up = await record(
      call('gestor', {
        routeId: 'certificates.upload',
        ...multipart([
          { name: 'file', value: p12, fileName: 'espiga.p12' },
          { name: 'password', value: SECRET_PASSWORD },
        ]),
      }),
    );
    expect(up.status).toBe(201);
    await record(
      call('gestor', {
        routeId: 'certificates.upload',
        body: { file: { fileName: 'x.p12', contentBase64: b64 }, password: `${SECRET_PASSWORD}-wrong` },
      }),
    );
    await record(
      call('gestor', {
        routeId: 'certificates.upload',
        body: { file: { fileName: 'x.p12', contentBase64: b64 }, password: SECRET_PASSWORD.repeat(20) },
      }),
    );
    await record(
      call('cliente', {
        routeId: 'certificates.upload',
        body: { file: { fileName: 'x.p12', contentBase64: b64 }, password: SECRET_PASSWORD },
      }),
    );
    await record(call('gestor', { routeId: 'certificates.list' }));
    await record(call('gestor', { routeId: 'verifactu.createConfig', body: { certificateId: 'id1' } }));
    await record(call('gestor', { routeId: 'verifactu.getConfig' }));
    // No AEAT endpoint reachable here: the test fails, and must say so without the certificate.
    process.env.VERIFACTU_AEAT_ENDPOINT = 'https://127.0.0.1:9/VerifactuSOAP';
    try {
      const test = await record(call('gestor', { routeId: 'verifactu.testConnection' }));
      expect(test.status).toBe(200);
    } finally {
      delete process.env.VERIFACTU_AEAT_ENDPOINT;
    }
    await record(call('gestor', { routeId: 'certificates.usage', params: { certificateId: 'id1' } }));
    await record(call('gestor', { routeId: 'certificates.delete', params: { certificateId: 'id1' } }));

    // The detector itself finds what it looks for.
    expect(leaks(`"${SECRET_PASSWORD}"`)).toEqual(['password']);
    expect(leaks(b64).length).toBeGreaterThan(3);
    expect(leaks(p12.toString('latin1'))).toContain('bytes');

    expect(lines.length).toBeGreaterThan(5);
    expect(leaks(JSON.stringify(responses))).toEqual([]);
    expect(leaks(lines.join('\n'))).toEqual([]);
    expect(leaks(JSON.stringify(table.all()))).toEqual([]);
  });
});
