import BankOutlined from '@ant-design/icons/BankOutlined';
import { useSessionCompanies, useSwitchCompany } from '@web/lib/company';
import { useSelectedCompany } from '@web/lib/session';
import { Select, theme } from 'antd';
import { useMemo } from 'react';

/** Matches the search text against the company's name and NIF, accents and case ignored. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The header's company selector with search (gestor and admin, spec part 1 §2). Choosing a company
 * validates it first; a failure goes back to the default company with an error toast.
 */
export function CompanySelector({ compact = false }: { compact?: boolean }) {
  const selected = useSelectedCompany();
  const companies = useSessionCompanies();
  const switchCompany = useSwitchCompany();

  const options = useMemo(() => {
    const list = companies.data?.content ?? [];
    // The selected company stays in the list even when it is not among the first 100.
    const all =
      selected && !list.some((c) => c.companyId === selected.companyId) ? [selected, ...list] : list;
    return all.map((company) => ({
      value: company.companyId,
      label: company.name,
      search: normalise(`${company.name} ${company.nif}`),
      nif: company.nif,
    }));
  }, [companies.data, selected]);

  return (
    <Select
      aria-label="Empresa seleccionada"
      placeholder="Buscar empresa…"
      value={selected?.companyId}
      options={options}
      loading={companies.isFetching || switchCompany.isPending}
      disabled={switchCompany.isPending}
      onChange={(companyId: string) => {
        if (companyId !== selected?.companyId) switchCompany.mutate(companyId);
      }}
      showSearch={{
        filterOption: (input, option) => (option?.search ?? '').includes(normalise(input)),
      }}
      optionRender={(option) => (
        <span>
          {option.data.label} <span style={{ opacity: 0.6 }}>· {option.data.nif}</span>
        </span>
      )}
      notFoundContent="No hay empresas que coincidan"
      style={{ width: compact ? 160 : 280 }}
      popupMatchSelectWidth={false}
    />
  );
}

/** What a CLIENTE sees instead of the selector: the company's name. */
export function CompanyName({ compact = false }: { compact?: boolean }) {
  const selected = useSelectedCompany();
  const { token } = theme.useToken();
  if (!selected) return null;
  return (
    <span
      title={`Empresa: ${selected.name}`}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        maxWidth: compact ? 140 : 280,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        color: token.colorText,
      }}
    >
      <BankOutlined aria-hidden />
      {/* text-overflow applies to a block, not to the inline-flex row: the name gets its own span. */}
      <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{selected.name}</span>
    </span>
  );
}
