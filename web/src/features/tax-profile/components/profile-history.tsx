/**
 * The versions of the tax profile (oldest first in the API, newest first here): from when each one
 * applies and when it was recorded. A version that starts after today is a scheduled change; the
 * one in force today is marked.
 */
import type { TaxProfileVersion } from '@shared/schemas/tax-profile';
import { formatDate, formatDateTime } from '@web/lib/format';
import { Table, Tag } from 'antd';

type VersionState = 'current' | 'scheduled' | 'past';

/** Which version is in force on `today` (the latest that started), which are scheduled, which past. */
export function versionStates(versions: readonly Pick<TaxProfileVersion, 'effectiveFrom'>[], today: string) {
  const started = versions.filter((v) => v.effectiveFrom <= today);
  const current = started[started.length - 1]?.effectiveFrom;
  return versions.map(
    (v): VersionState =>
      v.effectiveFrom > today ? 'scheduled' : v.effectiveFrom === current ? 'current' : 'past',
  );
}

const STATE_TAGS: Record<VersionState, { label: string; color: string }> = {
  current: { label: 'En vigor', color: 'green' },
  scheduled: { label: 'Programada', color: 'blue' },
  past: { label: 'Anterior', color: 'default' },
};

export function ProfileHistory({
  versions,
  today,
}: {
  versions: readonly TaxProfileVersion[];
  today: string;
}) {
  const states = versionStates(versions, today);
  const rows = versions.map((v, i) => ({ ...v, state: states[i] ?? 'past' })).reverse();
  return (
    <Table
      size="small"
      rowKey="effectiveFrom"
      pagination={false}
      aria-label="Historial de versiones del perfil fiscal"
      dataSource={rows}
      // Three short columns: they wrap inside the card rather than scroll sideways on a phone.
      columns={[
        {
          title: 'Se aplica desde',
          dataIndex: 'effectiveFrom',
          render: (value: string) => formatDate(value),
        },
        {
          title: 'Modificado el',
          dataIndex: 'changedAt',
          render: (value: string) => formatDateTime(value),
        },
        {
          title: 'Estado',
          dataIndex: 'state',
          render: (state: VersionState) => (
            <Tag color={STATE_TAGS[state].color}>{STATE_TAGS[state].label}</Tag>
          ),
        },
      ]}
    />
  );
}
