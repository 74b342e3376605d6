import { type CompanyEntry, companyTypeLabels } from '@shared/schemas/companies';
import { paths } from '@web/lib/paths';
import { Card, Descriptions, Tag } from 'antd';
import { Link } from 'react-router-dom';

/** The company the user is working on: name, NIF, type and how it reports invoices. */
export function SelectedCompanyCard({ company }: { company: CompanyEntry }) {
  return (
    <Card
      title="Empresa seleccionada"
      extra={<Link to={paths.app.company(company.companyId)}>Ver ficha</Link>}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Nombre', children: <strong>{company.name}</strong> },
          { key: 'nif', label: 'NIF', children: company.nif },
          {
            key: 'type',
            label: 'Tipo',
            children: companyTypeLabels[company.companyType] ?? company.companyType,
          },
          {
            key: 'reporting',
            label: 'Envío de facturas',
            children: (
              <>
                {company.siiEnabled ? <Tag color="blue">SII</Tag> : null}
                {company.verifactuEnabled ? <Tag color="green">VeriFacTu</Tag> : null}
                {!company.siiEnabled && !company.verifactuEnabled ? 'Sin configurar' : null}
              </>
            ),
          },
          ...(company.isDefault
            ? [{ key: 'default', label: 'Predeterminada', children: <Tag color="gold">Sí</Tag> }]
            : []),
        ]}
      />
    </Card>
  );
}
