import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { ValueExplorerProvider } from '../hooks/ValueExplorerProvider';
import '../value-explorer-i18n';

/** The signed-in screens (areas, edit, summary) share one copy of the data and its autosave. */
export default function ValueExplorerLayout() {
  return (
    <ValueExplorerProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ValueExplorerProvider>
  );
}
