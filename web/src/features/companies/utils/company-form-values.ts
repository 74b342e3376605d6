import type { CompanyType } from '@shared/db/records';
import type { CreateCompanyBody, UpdateCompanyBody } from '@shared/schemas/companies';
import type { CompanyDetail, FiscalData } from '../types';
import { checkCompanyNif } from './company-nif';
import { findProvince } from './provinces';

/** What the company form holds: the request bodies' fields, with blanks where nothing is typed. */
export interface CompanyFormValues {
  name: string;
  nif: string;
  companyType?: CompanyType;
  email?: string;
  phone?: string;
  address: {
    street: string;
    postalCode: string;
    city: string;
    province?: string;
    country: string;
  };
  fiscal: {
    vatRegime: FiscalData['vatRegime'];
    directTax: FiscalData['directTax'];
    activityCode?: string;
    activityDescription?: string;
    largeCompany: boolean;
    redeme: boolean;
  };
  siiEnabled: boolean;
  verifactuEnabled: boolean;
  /** Edit only. */
  isActive?: boolean;
}

/** Every field of the form, dotted as the API names them in `error.field`. */
export const COMPANY_FORM_FIELDS = [
  'name',
  'nif',
  'companyType',
  'email',
  'phone',
  'address.street',
  'address.postalCode',
  'address.city',
  'address.province',
  'address.country',
  'fiscal.vatRegime',
  'fiscal.directTax',
  'fiscal.activityCode',
  'fiscal.activityDescription',
  'fiscal.largeCompany',
  'fiscal.redeme',
  'siiEnabled',
  'verifactuEnabled',
  'isActive',
] as const;

/** Autónomos pay IRPF; every other type Impuesto sobre Sociedades. */
export const directTaxOptionsFor = (type: CompanyType | undefined): FiscalData['directTax'][] =>
  type === 'AUTONOMO' ? ['IRPF_ESTIMACION_DIRECTA', 'IRPF_ESTIMACION_OBJETIVA'] : ['IMPUESTO_SOCIEDADES'];

export const defaultDirectTax = (type: CompanyType | undefined): FiscalData['directTax'] =>
  directTaxOptionsFor(type)[0]!;

/** SII is compulsory for large companies and REDEME (RD 596/2016); they are then not in VeriFacTu. */
export const siiRequired = (fiscal: Pick<FiscalData, 'largeCompany' | 'redeme'>): boolean =>
  fiscal.largeCompany || fiscal.redeme;

export const emptyCompanyFormValues = (): CompanyFormValues => ({
  name: '',
  nif: '',
  address: { street: '', postalCode: '', city: '', country: 'ES' },
  fiscal: {
    vatRegime: 'GENERAL',
    directTax: 'IMPUESTO_SOCIEDADES',
    activityCode: '',
    activityDescription: '',
    largeCompany: false,
    redeme: false,
  },
  siiEnabled: false,
  verifactuEnabled: true,
});

export const companyFormValuesOf = (company: CompanyDetail): CompanyFormValues => ({
  name: company.name,
  nif: company.nif,
  companyType: company.companyType,
  email: company.email ?? '',
  phone: company.phone ?? '',
  address: {
    ...company.address,
    // The Select's value is the list's spelling ('València' is stored as 'Valencia' from now on);
    // a company registered without an address has none yet (the placeholder shows).
    province: findProvince(company.address.province)?.name ?? (company.address.province || undefined),
  },
  fiscal: {
    ...company.fiscal,
    activityCode: company.fiscal.activityCode ?? '',
    activityDescription: company.fiscal.activityDescription ?? '',
  },
  siiEnabled: company.siiEnabled,
  verifactuEnabled: company.verifactuEnabled,
  isActive: company.isActive,
});

const trimmed = (value: string | undefined) => value?.trim() ?? '';

function commonBody(values: CompanyFormValues) {
  return {
    name: values.name.trim(),
    nif: checkCompanyNif(values.nif).normalized,
    // The form refuses to submit without a type.
    companyType: values.companyType as CompanyType,
    address: {
      street: values.address.street.trim(),
      postalCode: values.address.postalCode.trim(),
      city: values.address.city.trim(),
      province: trimmed(values.address.province),
      country: 'ES',
    },
    siiEnabled: values.siiEnabled,
    verifactuEnabled: values.verifactuEnabled,
  };
}

export function toCreateCompanyBody(values: CompanyFormValues): CreateCompanyBody {
  const email = trimmed(values.email);
  const phone = trimmed(values.phone);
  const activityCode = trimmed(values.fiscal.activityCode);
  const activityDescription = trimmed(values.fiscal.activityDescription);
  return {
    ...commonBody(values),
    ...(email ? { email: email.toLowerCase() } : {}),
    ...(phone ? { phone } : {}),
    fiscal: {
      vatRegime: values.fiscal.vatRegime,
      directTax: values.fiscal.directTax,
      ...(activityCode ? { activityCode } : {}),
      ...(activityDescription ? { activityDescription } : {}),
      largeCompany: values.fiscal.largeCompany,
      redeme: values.fiscal.redeme,
    },
  };
}

/** An update sends every field; a blank e-mail or phone (null) clears it. */
export function toUpdateCompanyBody(values: CompanyFormValues): UpdateCompanyBody {
  return {
    ...commonBody(values),
    email: trimmed(values.email).toLowerCase() || null,
    phone: trimmed(values.phone) || null,
    fiscal: {
      vatRegime: values.fiscal.vatRegime,
      directTax: values.fiscal.directTax,
      activityCode: trimmed(values.fiscal.activityCode),
      activityDescription: trimmed(values.fiscal.activityDescription),
      largeCompany: values.fiscal.largeCompany,
      redeme: values.fiscal.redeme,
    },
    isActive: values.isActive ?? true,
  };
}

/** Art. 6 RD 1619/2012: a complete invoice (F1) needs the issuer's full fiscal address. */
export const hasFiscalAddress = (address: Partial<CompanyDetail['address']> | undefined): boolean =>
  !!address &&
  [address.street, address.postalCode, address.city, address.province].every((part) => !!part?.trim());
