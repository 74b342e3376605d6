/**
 * The records due in the next four working days (spec part 3 §9: window 4 days, 'Urgente' at one
 * day or fewer), each linking to its invoice in a new tab.
 */
import type { SiiSourceType, SiiUpcomingDeadline } from '@shared/schemas/sii';
import { formatDate } from '@web/lib/format';
import { Table } from 'antd';
import { daysLeftText, isUrgentDeadline, siiDocumentPath } from '../utils/entries';
import { BookTag, SiiStatusTag, UrgentTag } from './status-tags';

type DeadlineRow = SiiUpcomingDeadline & { sourceType?: SiiSourceType | null };

export function UpcomingDeadlines({ deadlines, companyId }: { deadlines: DeadlineRow[]; companyId: string }) {
  return (
    <Table<DeadlineRow>
      rowKey="entryId"
      size="small"
      pagination={false}
      dataSource={[...deadlines].sort((a, b) => a.deadline.localeCompare(b.deadline))}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No hay vencimientos en los próximos 4 días.' }}
      columns={[
        {
          title: 'Factura',
          key: 'invoice',
          render: (_, d) => (
            <a
              href={siiDocumentPath(d.book, d.invoiceId, companyId, d.sourceType)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {d.invoiceNumber}
            </a>
          ),
        },
        { title: 'Libro', key: 'book', render: (_, d) => <BookTag book={d.book} /> },
        { title: 'Vence', dataIndex: 'deadline', render: (v: string) => formatDate(v) },
        {
          title: 'Quedan',
          key: 'days',
          render: (_, d) => (
            <span>
              {daysLeftText(d.daysUntilDeadline)}{' '}
              {d.urgent || isUrgentDeadline(d.daysUntilDeadline) ? <UrgentTag /> : null}
            </span>
          ),
        },
        { title: 'Estado', key: 'status', render: (_, d) => <SiiStatusTag status={d.siiStatus} /> },
      ]}
    />
  );
}
