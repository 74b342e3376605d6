/**
 * Demo VeriFacTu for `npm start`: Panadería La Espiga SL (the company with demo invoicing) gets a
 * VERI*FACTU configuration on the test environment with a TEST certificate issued by the local test
 * CA ('AC Cuadra Pruebas'), so its invoices are chained, sent to the local AEAT simulator and come
 * back verified. It is written before the demo invoices, through the REST API as the gestor would.
 * The other demo companies stay unconfigured: their records wait and the dashboard says
 * 'VeriFacTu no configurado'. Runs once: skipped when the company already has a configuration.
 */

import { randomBytes } from 'node:crypto';
import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const DEMO_GESTOR_EMAIL = 'gestor@cuadra.test';

export async function seedDemoVerifactu(info: LocalCloudInfo): Promise<void> {
  const api = apiClient(info.url);
  const token = await api.login(DEMO_GESTOR_EMAIL);
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api.request<T>(method, path, { token, companyId: DEMO_INVOICING_COMPANY, body });
    if (!res.body.success) {
      throw new Error(`demo verifactu: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    }
    return res.body.data;
  };
  const base = `/api/v1/companies/${DEMO_INVOICING_COMPANY}`;
  if ((await call<unknown>('GET', `${base}/verifactu-config`)) !== null) return;

  const company = await call<{ name: string; nif: string }>('GET', base);
  // A throw-away password: the demo certificate is only good for the local simulator.
  const password = randomBytes(12).toString('base64url');
  const p12 = makeTestP12({ nif: company.nif, name: company.name.toUpperCase(), password });
  const cert = await call<{ certificateId: string }>('POST', `${base}/certificates`, {
    file: {
      fileName: 'certificado-pruebas-panaderia.p12',
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
