import { useTranslation } from 'react-i18next';
import { OnDemandConfirmDialog } from '../../../components/OnDemandConfirmDialog';
import { JOURNAL_NS } from '../journal-i18n';

/** Asks before the page is left with a summary that was neither copied nor downloaded. Staying has the focus. */
export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  const { t } = useTranslation(JOURNAL_NS);
  return (
    <OnDemandConfirmDialog
      open={open}
      title={t('leave.title')}
      message={t('leave.message')}
      cancelLabel={t('leave.stay')}
      confirmLabel={t('leave.leave')}
      onCancel={onStay}
      onConfirm={onLeave}
      testId="journal-leave-dialog"
    />
  );
}
