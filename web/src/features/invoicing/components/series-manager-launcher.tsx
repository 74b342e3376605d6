/**
 * Opens the series manager, whose code loads only the first time it is opened (it stays out of
 * the invoice list's and form's first load). Closed, it is unmounted, so it opens afresh.
 */
import { lazy, Suspense } from 'react';
import type { SeriesManagerProps } from './series-manager';

const SeriesManager = lazy(() => import('./series-manager').then((m) => ({ default: m.SeriesManager })));

export function LazySeriesManager(props: SeriesManagerProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <SeriesManager {...props} />
    </Suspense>
  );
}
