/**
 * The SII reads the company's certificates from the VeriFacTu store: the sealed .p12 opens under the
 * VeriFacTu sealing context only, the SII configuration names it (else the VeriFacTu one), and an
 * expired or deleted one is a reason to wait, never a call.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seal } from '@functions/lib/secret-box';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, siiHarness } from '../testing/harness';
import { loadSiiCertificate } from './certificates';

const h = siiHarness();
const dir = mkdtempSync(join(tmpdir(), 'sii-cert-'));
const savedKey = process.env[envNames.certificatesLocalKeyFile];
process.env[envNames.certificatesLocalKeyFile] = join(dir, 'master.key');
afterAll(() => {
  if (savedKey === undefined) delete process.env[envNames.certificatesLocalKeyFile];
  else process.env[envNames.certificatesLocalKeyFile] = savedKey;
  rmSync(dir, { recursive: true, force: true });
});

async function putCertificate(certificateId: string, validTo: string, purpose = 'verifactu-certificate') {
  const plaintext = Buffer.from(
    JSON.stringify({ p12Base64: Buffer.from('p12-bytes').toString('base64'), password: 'secreto' }),
  );
  const sealed = await seal(plaintext, { purpose, companyId: COMPANY, certificateId });
  h.table.put({
    ...keys.verifactuCertificate(COMPANY, certificateId),
    entity: 'VerifactuCertificate',
    certificateId,
    companyId: COMPANY,
    validTo,
    sealed,
  });
}

beforeEach(() => h.reset());

describe('loadSiiCertificate', () => {
  it('opens the certificate the SII configuration names', async () => {
    await putCertificate('cert-1', '2030-01-01T00:00:00.000Z');
    const c = await loadSiiCertificate(h.deps, COMPANY, { certificateId: 'cert-1' }, h.deps.now());
    expect(c).toEqual({
      certificateId: 'cert-1',
      pfx: Buffer.from('p12-bytes'),
      passphrase: 'secreto',
      validTo: '2030-01-01T00:00:00.000Z',
    });
  });

  it('without one in the SII configuration, takes the VeriFacTu configuration’s', async () => {
    await putCertificate('cert-vf', '2030-01-01T00:00:00.000Z');
    h.table.put({ ...keys.verifactuConfig(COMPANY), certificateId: 'cert-vf' });
    expect(await loadSiiCertificate(h.deps, COMPANY, { certificateId: null }, h.deps.now())).toMatchObject({
      certificateId: 'cert-vf',
    });
  });

  it('says why there is none: not chosen, deleted, expired', async () => {
    expect(await loadSiiCertificate(h.deps, COMPANY, null, h.deps.now())).toEqual({
      problem: 'NO_CERTIFICATE',
    });
    expect(await loadSiiCertificate(h.deps, COMPANY, { certificateId: 'gone' }, h.deps.now())).toEqual({
      problem: 'CERTIFICATE_NOT_FOUND',
    });
    await putCertificate('old', '2020-01-01T00:00:00.000Z');
    expect(await loadSiiCertificate(h.deps, COMPANY, { certificateId: 'old' }, h.deps.now())).toEqual({
      problem: 'CERTIFICATE_EXPIRED',
    });
  });

  it('a secret sealed for another purpose does not open', async () => {
    await putCertificate('cert-x', '2030-01-01T00:00:00.000Z', 'other-purpose');
    await expect(
      loadSiiCertificate(h.deps, COMPANY, { certificateId: 'cert-x' }, h.deps.now()),
    ).rejects.toThrow();
  });
});
