import type { SiiStatistics } from '@shared/schemas/sii';
import { SII_BOOK_LABELS } from '@web/lib/sii-labels';
import { Table } from 'antd';
import { BookTag } from './status-tags';

type BookRow = SiiStatistics['books'][number];

/** The counts per book (spec part 3: bookName, bookType, pending, accepted, rejected, errors). */
export function BooksTable({ books }: { books: BookRow[] }) {
  return (
    <Table<BookRow>
      rowKey="bookType"
      size="small"
      pagination={false}
      dataSource={books}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No hay datos disponibles' }}
      columns={[
        {
          title: 'Libro',
          key: 'book',
          render: (_, b) => (
            <span>
              <BookTag book={b.bookType} title={b.bookName} /> {SII_BOOK_LABELS[b.bookType] ?? b.bookName}
            </span>
          ),
        },
        { title: 'Pendientes', dataIndex: 'pending', align: 'right' },
        { title: 'Aceptadas', dataIndex: 'accepted', align: 'right' },
        { title: 'Rechazadas', dataIndex: 'rejected', align: 'right' },
        { title: 'Errores', dataIndex: 'errors', align: 'right' },
      ]}
    />
  );
}
