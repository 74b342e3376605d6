import { companyTypeLabels } from '@shared/schemas/companies';
import { formatDate, formatDateTime } from '@web/lib/format';
import { Descriptions } from 'antd';
import type { CompanyDetail } from '../types';
import { companyRoleLabels, directTaxLabels, vatRegimeLabels } from '../utils/labels';

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');
const orDash = (value: string | null | undefined) => value || '—';

const myRoleLabel = (role: CompanyDetail['myRole']) =>
  role === 'ADMIN' ? 'Administrador' : role ? companyRoleLabels[role] : '—';

/** 'Datos generales': contact, address, dates and the caller's role. */
export function CompanyGeneralData({ company }: { company: CompanyDetail }) {
  const { address } = company;
  return (
    <Descriptions
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: 'Nombre o razón social', children: company.name },
        { key: 'nif', label: 'NIF', children: company.nif },
        { key: 'type', label: 'Tipo', children: companyTypeLabels[company.companyType] },
        { key: 'email', label: 'Email', children: orDash(company.email) },
        { key: 'phone', label: 'Teléfono', children: orDash(company.phone) },
        {
          key: 'address',
          label: 'Dirección',
          span: 'filled',
          children: (
            <>
              {address.street}
              <br />
              {address.postalCode} {address.city} ({address.province}),{' '}
              {address.country === 'ES' ? 'España' : address.country}
            </>
          ),
        },
        { key: 'createdAt', label: 'Fecha de alta', children: formatDate(company.createdAt) },
        { key: 'updatedAt', label: 'Última modificación', children: formatDateTime(company.updatedAt) },
        { key: 'role', label: 'Tu rol en la empresa', children: myRoleLabel(company.myRole) },
      ]}
    />
  );
}

/** 'Datos fiscales': IVA regime, direct tax, activity, large company, REDEME, SII and VeriFacTu. */
export function CompanyFiscalData({ company }: { company: CompanyDetail }) {
  const { fiscal } = company;
  return (
    <Descriptions
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'vat', label: 'Régimen de IVA', children: vatRegimeLabels[fiscal.vatRegime] },
        { key: 'direct', label: 'Imposición directa', children: directTaxLabels[fiscal.directTax] },
        { key: 'code', label: 'Epígrafe IAE / CNAE', children: orDash(fiscal.activityCode) },
        { key: 'activity', label: 'Actividad', children: orDash(fiscal.activityDescription) },
        { key: 'large', label: 'Gran empresa', children: yesNo(fiscal.largeCompany) },
        { key: 'redeme', label: 'REDEME', children: yesNo(fiscal.redeme) },
        { key: 'sii', label: 'SII', children: yesNo(company.siiEnabled) },
        { key: 'verifactu', label: 'VeriFacTu', children: yesNo(company.verifactuEnabled) },
      ]}
    />
  );
}
