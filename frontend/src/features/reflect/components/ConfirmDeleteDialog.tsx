import { OnDemandConfirmDialog } from '../../../components/OnDemandConfirmDialog';
import { useReflectLabels } from '../hooks/useReflectLabels';

/**
 * Part 2 §5: deleting a reflection or a takeaway asks first. Cancel (or Escape) does nothing;
 * the safe choice has the focus.
 */
export function ConfirmDeleteDialog({
  open,
  kind,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  kind: 'reflection' | 'takeaway';
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useReflectLabels();
  return (
    <OnDemandConfirmDialog
      open={open}
      title={t('confirm.title')}
      message={t(`confirm.${kind}`)}
      cancelLabel={t('confirm.cancel')}
      confirmLabel={t('confirm.delete')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
