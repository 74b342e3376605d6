/**
 * An account picker that searches the chart as the person types (`accounting.listAccounts` with
 * search and, for entry lines, onlyAcceptingEntries): codes shown as 3.2.rest (spec part 2 §9).
 */
import { type Account, type AccountLevel, displayAccountCode } from '@shared/schemas/accounting';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Select } from 'antd';
import { useState } from 'react';
import { useAccounts } from '../api/get-accounts';

export const accountLabel = (a: Pick<Account, 'accountCode' | 'accountName'>) =>
  `${displayAccountCode(a.accountCode)} ${a.accountName}`;

export function AccountSelect({
  companyId,
  value,
  selectedLabel,
  onChange,
  onlyAcceptingEntries = true,
  level,
  ariaLabel = 'Cuenta',
  placeholder = 'Buscar cuenta por código o nombre',
  width = 280,
  status,
}: {
  companyId: string;
  value: string | undefined;
  /** The label of `value` when the current search does not list it. */
  selectedLabel?: string;
  onChange: (accountId: string | undefined, label: string | undefined) => void;
  onlyAcceptingEntries?: boolean;
  /** Only accounts of this level (a sub-account's parent is a PGC ACCOUNT). */
  level?: AccountLevel;
  ariaLabel?: string;
  placeholder?: string;
  width?: number | string;
  status?: 'error';
}) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  // Digits search by code prefix; words by name.
  const byCode = /^\d+$/.test(term);
  const accounts = useAccounts(
    {
      page: 0,
      size: 50,
      onlyAcceptingEntries,
      level,
      ...(byCode ? { codePrefix: term } : term ? { search: term } : {}),
    },
    companyId,
  );
  const options = (accounts.data?.content ?? []).map((a) => ({ value: a.accountId, label: accountLabel(a) }));
  if (value && selectedLabel && !options.some((o) => o.value === value))
    options.unshift({ value, label: selectedLabel });

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      aria-label={ariaLabel}
      placeholder={placeholder}
      style={{ width }}
      value={value}
      status={status}
      loading={accounts.isFetching}
      notFoundContent={accounts.isError ? 'Error obteniendo cuentas' : 'Sin cuentas'}
      options={options}
      onChange={(next?: string) => onChange(next, options.find((o) => o.value === next)?.label)}
      popupMatchSelectWidth={false}
    />
  );
}
