import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  type CertificateUploadBody as Body,
  CertificateUploadBody,
  type CertificateView,
} from '@shared/schemas/verifactu';
import { certificateView, MAX_CERTIFICATE_BYTES, parseP12 } from '../model/certificates';
import { putCertificate, type StoredCertificate } from '../store/certificates';
import type { VerifactuDeps } from '../store/deps';

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

/**
 * Stores a .p12/.pfx (multipart/form-data `file` + `password`, or the same shape as JSON): parsed
 * and validated first (content, password, private key, validity), then sealed (KMS / local key) with
 * its password. The answer is the public view; the file and the password are never returned or
 * logged.
 */
export async function uploadCertificate(
  input: { companyId: string; userId: string; body: Body },
  deps: VerifactuDeps,
): Promise<CertificateView> {
  const { file, password } = input.body;
  // base64 grows by 4/3: refuse an oversized file before decoding it.
  if (file.contentBase64.length > Math.ceil((MAX_CERTIFICATE_BYTES * 4) / 3) + 1024)
    throw new AppError('CORE_004', 'El archivo del certificado no puede superar los 50 KB.', {
      field: 'file',
      details: { reason: 'TOO_LARGE' },
    });
  if (!BASE64.test(file.contentBase64))
    throw new AppError('CORE_004', 'El archivo no es un certificado .p12/.pfx válido.', {
      field: 'file',
      details: { reason: 'NOT_PKCS12' },
    });
  const bytes = Buffer.from(file.contentBase64, 'base64');
  const now = deps.now();
  try {
    const facts = await parseP12(bytes, password, now);
    const cert: StoredCertificate = {
      certificateId: deps.newId(),
      companyId: input.companyId,
      fileName: file.fileName,
      ...facts,
      uploadedAt: now.toISOString(),
      uploadedBy: input.userId,
    };
    await putCertificate(deps, cert, { p12: bytes, password });
    return certificateView(cert, null, now);
  } finally {
    bytes.fill(0);
  }
}

export const uploadCertificateRoute = defineCompanyAction({
  body: CertificateUploadBody,
  status: 201,
  run: async ({ auth, scope, body, log }, deps: VerifactuDeps) => {
    const view = await uploadCertificate({ companyId: scope.companyId, userId: auth.userId, body }, deps);
    log.info('certificate uploaded', { certificateId: view.certificateId, validTo: view.validTo });
    return view;
  },
});
