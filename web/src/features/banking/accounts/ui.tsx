/** Small pieces the bank account pages share: IBAN in groups, coloured amounts, status tags, paths. */
import type { BankAccount, MovementStatus } from '@shared/schemas/banking';
import { formatCents } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { Tag, theme } from 'antd';

/** ES91 2100 0418 4502 0005 1332: the IBAN in groups of four, as printed on paper. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** /app/banking/accounts/:accountId. */
export const accountDetailPath = (accountId: string) => paths.app.banking.accountDetail(accountId);

/** The open-banking (PSD2) connections page. */
export const PSD2_PATH = paths.app.banking.accountsPsd2;

export const movementStatusLabels: Record<MovementStatus, string> = {
  UNMATCHED: 'Sin conciliar',
  PROPOSED: 'Propuesta',
  MATCHED: 'Conciliado',
  IGNORED: 'Ignorado',
};

const STATUS_COLORS: Record<MovementStatus, string> = {
  UNMATCHED: 'default',
  PROPOSED: 'processing',
  MATCHED: 'success',
  IGNORED: 'warning',
};

export function MovementStatusTag({ status }: { status: MovementStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{movementStatusLabels[status]}</Tag>;
}

/** Money in green, money out red (signed céntimos). */
export function Amount({ cents, strong = false }: { cents: number; strong?: boolean }) {
  const { token } = theme.useToken();
  const color = cents > 0 ? token.colorSuccessText : cents < 0 ? token.colorErrorText : undefined;
  return (
    <span style={{ color, fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }}>
      {formatCents(cents)}
    </span>
  );
}

/** How the account is fed: N43 files, an open-banking connection, both, or by hand. */
export function FeedTags({ account }: { account: BankAccount }) {
  const tags = [
    account.feed.n43 ? <Tag key="n43">Norma 43</Tag> : null,
    account.feed.psd2ConnectionId ? (
      <Tag key="psd2" color="blue">
        PSD2
      </Tag>
    ) : null,
  ].filter(Boolean);
  return tags.length > 0 ? tags : <Tag>Manual</Tag>;
}
