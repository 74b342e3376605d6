/** Spanish labels of the companies domain's codes. */
import type { CompanySettings } from '@shared/schemas/companies';
import type { ClientPermission, CompanyRole, CompanyUserStatus, FiscalData } from '../types';

export const vatRegimeLabels: Record<FiscalData['vatRegime'], string> = {
  GENERAL: 'General',
  SIMPLIFICADO: 'Simplificado',
  RECARGO_EQUIVALENCIA: 'Recargo de equivalencia',
  CRITERIO_CAJA: 'Criterio de caja',
  EXENTO: 'Exento',
};

export const directTaxLabels: Record<FiscalData['directTax'], string> = {
  IRPF_ESTIMACION_DIRECTA: 'IRPF, estimación directa',
  IRPF_ESTIMACION_OBJETIVA: 'IRPF, estimación objetiva (módulos)',
  IMPUESTO_SOCIEDADES: 'Impuesto sobre Sociedades',
};

export const companyRoleLabels: Record<CompanyRole, string> = {
  OWNER: 'Propietario',
  GESTOR: 'Gestor',
  CLIENTE: 'Cliente',
  MEMBER: 'Miembro',
};

export const clientPermissionLabels: Record<ClientPermission, string> = {
  VIEW_INVOICES: 'Ver facturas',
  VIEW_TAX_DOCUMENTS: 'Ver documentos fiscales',
  VIEW_ACCOUNTING_DATA: 'Ver datos contables',
  UPLOAD_DOCUMENTS: 'Subir documentos',
};

export const companyUserStatusLabels: Record<CompanyUserStatus, string> = {
  ACTIVE: 'Activo',
  INACTIVE: 'Inactivo',
  INVITED: 'Invitación pendiente',
};

export const paymentMethodLabels: Record<CompanySettings['invoicing']['defaultPaymentMethod'], string> = {
  TRANSFER: 'Transferencia bancaria',
  DIRECT_DEBIT: 'Domiciliación bancaria',
  CARD: 'Tarjeta',
  CASH: 'Efectivo',
  OTHER: 'Otra',
};

/** `[{ value, label }]` for a Select or Radio group, in the labels' order. */
export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
