import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Button } from 'antd';
import { useState } from 'react';
import { type AccountingExport, useExportAccounting } from '../api/export-report';
import { toastFailure } from './accounting-error';

type Format = 'EXCEL' | 'PDF';

/** 'Exportar Excel' and 'Exportar PDF' of a journal or statement with the page's filters. */
export function ExportButtons({
  companyId,
  exportOf,
}: {
  companyId: string;
  exportOf: (format: Format) => AccountingExport;
}) {
  const exporter = useExportAccounting(companyId);
  const [running, setRunning] = useState<Format | null>(null);
  const run = (format: Format) => {
    setRunning(format);
    exporter.mutate(exportOf(format), {
      onError: (e) => toastFailure(e, 'Error exportando'),
      onSettled: () => setRunning(null),
    });
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={running === 'EXCEL'} onClick={() => run('EXCEL')}>
        Exportar Excel
      </Button>
      <Button icon={<DownloadOutlined />} loading={running === 'PDF'} onClick={() => run('PDF')}>
        Exportar PDF
      </Button>
    </>
  );
}
