/**
 * Names of the environment variables the functions read, spelled once. Both realisations set them
 * from the manifest (infra/cdk/cuadra-stack.ts and infra/local/env.ts) and the functions read them
 * from here, so nothing under functions/ imports infra/ (ARCHITECTURE §3). Pure: no Node APIs.
 */

const suffixOf = (name: string): string => name.toUpperCase().replace(/-/g, '_');

/** The variable holding the URL of a manifest queue (`invoice-bulk` -> `QUEUE_URL_INVOICE_BULK`). */
export const queueUrlEnvName = (queue: string): string => `QUEUE_URL_${suffixOf(queue)}`;

/** The variable holding the name of a manifest bucket (`verifactu-archive` -> `BUCKET_VERIFACTU_ARCHIVE`). */
export const bucketEnvName = (bucket: string): string => `BUCKET_${suffixOf(bucket)}`;

/** The variable holding the name of a manifest function others invoke (`pdf-render` -> `FUNCTION_NAME_PDF_RENDER`). */
export const functionNameEnvName = (fn: string): string => `FUNCTION_NAME_${suffixOf(fn)}`;

export const envNames = {
  table: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  queueUrl: queueUrlEnvName,
  bucket: bucketEnvName,
  functionName: functionNameEnvName,
  mailFrom: 'MAIL_FROM',
  wsEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  appUrl: 'APP_URL',
  stage: 'STAGE',
  /** Local only: the issuer/JWKS used by the local gateway and WebSocket $connect verification. */
  jwtIssuer: 'JWT_ISSUER',
  jwksUri: 'JWKS_URI',
  /** VeriFacTu: a SOAP endpoint replacing the AEAT's (locally the simulator); unset in AWS. */
  aeatEndpoint: 'VERIFACTU_AEAT_ENDPOINT',
  /** VeriFacTu: PEM of an extra CA the SOAP client trusts (locally the simulator's); unset in AWS. */
  aeatCaFile: 'VERIFACTU_AEAT_CA_FILE',
  /**
   * Tax models (issue 14): the submission gateway's filing endpoint (locally the AEAT simulator's
   * model-filing service; its TLS trusts `aeatCaFile` too). Unset: direct filing is not available
   * in that environment and a submission is refused before anything is sent.
   */
  taxModelsAeatEndpoint: 'TAX_MODELS_AEAT_ENDPOINT',
  /**
   * SII (issue 16): the base replacing the AEAT's `https://…/wlpl/SSII-FACT/ws` (locally the
   * simulator's; its TLS trusts `aeatCaFile`). Unset in AWS: the environment's AEAT base is used.
   */
  siiAeatEndpoint: 'SII_AEAT_ENDPOINT',
  /**
   * Documents (issue 17): which OCR engine reads images and scans: `textract` (AWS: AnalyzeExpense,
   * asynchronous for multi-page) or `tesseract` (local: Debian's tesseract-ocr with Spanish data,
   * pages rendered by poppler's pdftoppm). Unset: `textract`.
   */
  ocrEngine: 'DOCUMENTS_OCR_ENGINE',
  /**
   * The smart inbox's mail domain: a company's address is `<alias>@<domain>` (AWS: the SES receiving
   * domain; locally `inbox.cuadra.test`, reached through the local SMTP listener).
   */
  inboxMailDomain: 'INBOX_MAIL_DOMAIN',
  /** The KMS key that encrypts uploaded certificates (AWS). */
  certificatesKeyId: 'CERTIFICATES_KEY_ID',
  /** Local only: the file holding the key that encrypts uploaded certificates (stands in for KMS). */
  certificatesLocalKeyFile: 'CERTIFICATES_LOCAL_KEY_FILE',
  /** The software producer as its declaración responsable names it (SistemaInformatico). */
  verifactuProducerNif: 'VERIFACTU_PRODUCER_NIF',
  verifactuProducerName: 'VERIFACTU_PRODUCER_NAME',
  /**
   * Banking (issue 19): the open-banking provider's base URL (GoCardless Bank Account Data's API v2;
   * locally the sandbox bank). Unset: `https://bankaccountdata.gocardless.com`.
   */
  bankFeedBaseUrl: 'BANK_FEED_BASE_URL',
  /**
   * Banking: the provider's secret_id and secret_key, JSON, SEALED by the secret box (certificates
   * key, context `{ purpose: 'bank-feed-credentials' }`): never in clear in the environment. Unset:
   * open banking is not available in that environment (the PSD2 calls answer BANK_PROVIDER_UNAVAILABLE).
   */
  bankFeedCredentials: 'BANK_FEED_CREDENTIALS',
  /** Optional: the logger's level (default `info`). */
  logLevel: 'LOG_LEVEL',
  /** The SDK's own S3 endpoint override (local cloud only); when set, S3 is addressed path-style. */
  s3Endpoint: 'AWS_ENDPOINT_URL_S3',
} as const;

/**
 * The queues and buckets the functions address by name. Each must be a queue or bucket of
 * infra/manifest.ts (infra/manifest.test.ts checks), so both realisations set it.
 */
export const queueUrlEnv = {
  verifactu: queueUrlEnvName('verifactu'),
  sii: queueUrlEnvName('sii'),
  siiSend: queueUrlEnvName('sii-send'),
  accounting: queueUrlEnvName('accounting'),
  treasury: queueUrlEnvName('treasury'),
  mail: queueUrlEnvName('mail'),
  ocr: queueUrlEnvName('ocr'),
  invoiceBulk: queueUrlEnvName('invoice-bulk'),
  invoiceImport: queueUrlEnvName('invoice-import'),
} as const;

/**
 * The functions invoked by name (manifest `invokables`); only their callers get the variable
 * (infra/manifest.ts `needs.invokes`).
 */
export const functionNameEnv = {
  pdfRender: functionNameEnvName('pdf-render'),
  receivedInvoiceDraft: functionNameEnvName('received-invoice-draft'),
  settleInvoice: functionNameEnvName('settle-invoice'),
  settleReceivedInvoice: functionNameEnvName('settle-received-invoice'),
} as const;

export const bucketEnv = {
  documents: bucketEnvName('documents'),
  verifactuArchive: bucketEnvName('verifactu-archive'),
} as const;
