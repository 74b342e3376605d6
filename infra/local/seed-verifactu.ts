/**
 * Demo VeriFacTu for `npm start`: Panadería La Espiga SL (the company with demo invoicing) gets a
 * VERI*FACTU configuration on the test environment with a test certificate made like the local
 * AEAT simulator's client certificates, so its invoices are chained, sent to the local AEAT simulator and come
 * back verified, and its PDFs carry the QR and the VERI*FACTU legend. It is written before the demo
 * invoices, through the REST API as the gestor would. The other demo companies stay unconfigured:
 * they still confirm invoices (the demo runs before 1 January 2027, the first date VeriFacTu is
 * mandatory: shared/fiscal/verifactu-obligation.ts), their records wait visibly with the reason
 * ('VeriFacTu no configurado: ...' in the history, the invoice's panel and the dashboard warning,
 * which also says from when it becomes mandatory) and their PDFs carry no QR. Runs once: skipped
 * when the company already has a configuration.
 */

import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { makeClientCertificate } from './aeat-simulator/certs';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const DEMO_GESTOR_EMAIL = 'gestor@cuadra.test';

export async function seedDemoVerifactu(info: LocalCloudInfo): Promise<void> {
  await configureVerifactuThroughApi(info, { email: DEMO_GESTOR_EMAIL, companyId: DEMO_INVOICING_COMPANY });
}

/**
 * VERI*FACTU mode on the test environment with a certificate of the local test CA, for `companyId`,
 * through the REST API as `email` (a member who may manage it) would do it; nothing when the
 * company already has a configuration. The integration tests' harness uses it too
 * (test-global-setup.ts), so their companies confirm whatever the date (RD 1007/2023).
 */
export async function configureVerifactuThroughApi(
  info: Pick<LocalCloudInfo, 'url'>,
  { email, companyId }: { email: string; companyId: string },
): Promise<void> {
  const api = apiClient(info.url);
  const token = await api.login(email);
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api.request<T>(method, path, { token, companyId, body });
    if (!res.body.success) {
      throw new Error(
        `verifactu setup: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`,
      );
    }
    return res.body.data;
  };
  const base = `/api/v1/companies/${companyId}`;
  if ((await call<unknown>('GET', `${base}/verifactu-config`)) !== null) return;

  const company = await call<{ name: string; nif: string }>('GET', base);
  // A throw-away password: the certificate is only good for the local simulator.
  const password = randomBytes(12).toString('base64url');
  const p12 = demoP12({ nif: company.nif, name: company.name.toUpperCase(), password });
  const cert = await call<{ certificateId: string }>('POST', `${base}/certificates`, {
    file: {
      fileName: 'certificado-pruebas.p12',
      contentType: 'application/x-pkcs12',
      contentBase64: p12.toString('base64'),
    },
    password,
  });
  await call('POST', `${base}/verifactu-config`, {
    mode: 'VERIFACTU',
    environment: 'TEST',
    certificateId: cert.certificateId,
    enabled: true,
  });
}

/**
 * A .p12 for the demo company, made like the local AEAT simulator's client certificates (subject
 * `NAME - NIF` with `IDCES-<NIF>`; the simulator records who presented, it does not check the
 * issuer), so the seed needs no test helper of functions/ (infra/architecture.test.ts).
 */
export function demoP12(opts: { nif: string; name: string; password: string }): Buffer {
  const { certPem, keyPem } = makeClientCertificate({ nif: opts.nif, name: opts.name });
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(keyPem),
    [forge.pki.certificateFromPem(certPem)],
    opts.password,
    { algorithm: '3des', friendlyName: opts.name, generateLocalKeyId: true },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
