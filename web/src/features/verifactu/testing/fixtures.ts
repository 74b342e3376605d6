/** Test data of the VeriFacTu pages, shaped as the API answers (shared/schemas/verifactu.ts). */
import type {
  CertificateView,
  SubmissionDetail,
  VerifactuConfig,
  VerifactuDashboard,
  VerifactuSubmission,
} from '@shared/schemas/verifactu';

export const config = (overrides: Partial<VerifactuConfig> = {}): VerifactuConfig => ({
  companyId: 'c-1',
  mode: 'VERIFACTU',
  environment: 'TEST',
  representative: null,
  certificateId: 'cert-1',
  sealCertificate: false,
  enabled: true,
  lastConnectionTest: null,
  createdAt: '2027-01-02T09:00:00Z',
  updatedAt: '2027-01-02T09:00:00Z',
  ...overrides,
});

export const certificate = (overrides: Partial<CertificateView> = {}): CertificateView => ({
  certificateId: 'cert-1',
  companyId: 'c-1',
  fileName: 'espiga.p12',
  subject: 'PANADERIA LA ESPIGA SL',
  holderNif: 'B12345678',
  issuer: 'AC Representación',
  serialNumber: '01AB',
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2028-01-01T00:00:00Z',
  status: 'VALID',
  daysToExpiry: 400,
  inUse: true,
  uploadedAt: '2027-01-02T09:00:00Z',
  uploadedBy: 'u-1',
  ...overrides,
});

export const submission = (
  seq: number,
  overrides: Partial<VerifactuSubmission> = {},
): VerifactuSubmission => ({
  companyId: 'c-1',
  seq,
  recordId: `c-1-${seq}`,
  kind: 'ALTA',
  operation: 'ALTA',
  invoiceId: `inv-${seq}`,
  invoiceNumber: `F-2027-000${seq}`,
  invoiceDate: '2027-01-15',
  totalCents: 12_100,
  customerName: 'Cafetería Sol SL',
  status: 'VERIFIED',
  aeatCode: null,
  aeatMessage: null,
  aeatState: 'Correcto',
  csv: 'A-ABCDEF123456',
  attemptId: 'att-1',
  attempts: 1,
  lastAttemptAt: '2027-01-15T10:00:05Z',
  sentAt: '2027-01-15T10:00:05Z',
  resolvedAt: '2027-01-15T10:00:06Z',
  correctedBySeq: null,
  history: [],
  createdAt: '2027-01-15T10:00:00Z',
  updatedAt: '2027-01-15T10:00:06Z',
  ...overrides,
});

export const rejected = (seq: number) =>
  submission(seq, {
    status: 'ERROR',
    aeatState: 'Incorrecto',
    aeatCode: '1100',
    aeatMessage: 'Valor o tipo incorrecto del campo: NIF del destinatario',
    csv: null,
  });

export const detail = (base: VerifactuSubmission): SubmissionDetail => ({
  ...base,
  history: [
    {
      attemptId: 'att-1',
      at: '2027-01-15T10:00:05Z',
      outcome: 'REJECTED',
      code: '1100',
      message: 'NIF incorrecto',
      archive: {
        request: 'verifactu/c-1/2027/01/att-1-request.xml',
        response: 'verifactu/c-1/2027/01/att-1-response.xml',
      },
    },
  ],
  qrUrl: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345678',
  record: {
    companyId: 'c-1',
    seq: base.seq,
    recordId: base.recordId,
    kind: base.kind,
    operation: base.operation,
    invoiceId: base.invoiceId,
    invoiceNumber: base.invoiceNumber,
    invoiceDate: base.invoiceDate,
    invoiceType: 'F1',
    totalCents: base.totalCents,
    customerName: base.customerName,
    mode: 'VERIFACTU',
    environment: 'TEST',
    fields: { FechaHoraHusoGenRegistro: '2027-01-15T11:00:00+01:00' } as never,
    huella: 'A'.repeat(64),
    contentHash: 'B'.repeat(64),
    previousHuella: null,
    previousSeq: null,
    reason: null,
    correctsSeq: null,
    createdAt: base.createdAt,
    createdBy: 'u-1',
  },
});

export const dashboard = (overrides: Partial<VerifactuDashboard> = {}): VerifactuDashboard => ({
  companyId: 'c-1',
  configured: true,
  config: config(),
  counts: { QUEUED: 1, SENT: 0, VERIFIED: 12, ACCEPTED_WITH_ERRORS: 0, ERROR: 2 },
  lastSubmissionAt: '2027-01-15T10:00:05Z',
  usage: {
    currentUsage: 85,
    limit: 100,
    period: '2027-01',
    planName: 'Plan Básico',
    percentage: 85,
    level: 'WARNING',
  },
  certificate: certificate(),
  warnings: [{ level: 'high', message: '2 envíos VeriFacTu con errores' }],
  recentErrors: [rejected(7)],
  ...overrides,
});

export const membership = (canManage = true) => ({
  companyId: 'c-1',
  name: 'Panadería La Espiga SL',
  nif: 'B12345678',
  companyType: 'SL',
  isActive: true,
  isDefault: true,
  siiEnabled: false,
  verifactuEnabled: true,
  myRole: canManage ? 'GESTOR' : 'CLIENTE',
  myPermissions: canManage ? [] : ['VIEW_TAX_DOCUMENTS'],
  canManage,
});
