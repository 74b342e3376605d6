import { theme } from 'antd';
import { type LegalEntity, legalEntity, missingEntityFields } from '../entity';

/** The provider's identification as a definition list, only with the fields that are filled in. */
export function EntityDetails({ entity = legalEntity() }: { entity?: LegalEntity }) {
  const { token } = theme.useToken();
  const rows: [string, React.ReactNode][] = [];
  rows.push(['Titular', entity.legalName ?? entity.tradeName]);
  if (entity.legalName) rows.push(['Nombre comercial', entity.tradeName]);
  if (entity.nif) rows.push(['NIF', entity.nif]);
  if (entity.address) rows.push(['Domicilio social', entity.address]);
  if (entity.registry) rows.push(['Datos registrales', entity.registry]);
  rows.push([
    'Correo electrónico',
    <a key="email" href={`mailto:${entity.email}`}>
      {entity.email}
    </a>,
  ]);
  if (entity.phone) rows.push(['Teléfono', entity.phone]);
  if (entity.dpoEmail) {
    rows.push([
      'Delegado de protección de datos',
      <a key="dpo" href={`mailto:${entity.dpoEmail}`}>
        {entity.dpoEmail}
      </a>,
    ]);
  }
  rows.push(['Sitio web', entity.website]);

  const missing = missingEntityFields(entity);
  return (
    <>
      {entity.demo ? (
        <p role="note" style={{ color: token.colorWarning, fontWeight: 600 }}>
          Datos de demostración: esta instalación no es un servicio real y el titular que figura aquí no es
          una empresa existente.
        </p>
      ) : null}
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(140px, max-content) 1fr',
          gap: '6px 16px',
          margin: '1em 0',
          padding: 16,
          background: '#f9fafb',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 600 }}>{label}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
      {missing.length > 0 ? (
        // LSSI-CE art. 10: an incomplete identification is said, never papered over.
        <p role="note" style={{ color: token.colorWarning, fontSize: 13 }}>
          Esta instalación no ha configurado todos los datos del titular (legalEntity en /config.json): faltan{' '}
          {missing.join(', ')}.
        </p>
      ) : null}
    </>
  );
}
