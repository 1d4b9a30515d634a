import { SaveStatus as DraftSaveStatus } from '../../../components/drafts/SaveStatus';
import { useValueExplorer } from '../hooks/ValueExplorerProvider';

/** Whether the autosave has everything: saved, saving, waiting, or failing (and retrying). */
export function SaveStatus() {
  const { saveState } = useValueExplorer();
  return <DraftSaveStatus state={saveState} />;
}
