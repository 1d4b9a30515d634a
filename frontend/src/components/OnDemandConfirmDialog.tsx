import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { useToast } from './ToastProvider';
import { lazyPage, whenIdle } from '../lib/lazy-page';

// Asked for once, and again after a failure; once loaded it renders without suspending.
const ConfirmDialog = lazyPage(() => import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * ConfirmDialog for a page whose first paint should not wait for it: the dialog's code (MUI's
 * Dialog and Modal) comes in its own chunk, asked for once the page is idle, so it is there when
 * the dialog opens. Opened before it has come, the dialog shows as soon as it has; if it cannot
 * be loaded, the person is told and the dialog counts as cancelled, so nothing happens unasked.
 */
export function OnDemandConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [ready, setReady] = useState(false);
  const { open, onCancel } = props;

  // Asked for while the page is idle, so it is there when needed.
  useEffect(() => {
    if (ready) return;
    let active = true;
    const cancel = whenIdle(
      () =>
        void ConfirmDialog.preload().then(
          () => active && setReady(true),
          () => undefined,
        ),
    );
    return () => {
      active = false;
      cancel();
    };
  }, [ready]);

  // Opened before it has come: shown as soon as it has, or cancelled if it cannot be loaded.
  useEffect(() => {
    if (ready || !open) return;
    let active = true;
    ConfirmDialog.preload().then(
      () => active && setReady(true),
      () => {
        if (!active) return;
        toast(t('common.partLoadFailed'), 'error');
        onCancel();
      },
    );
    return () => {
      active = false;
    };
  }, [ready, open, onCancel, toast, t]);

  return ready ? <ConfirmDialog {...props} /> : null;
}
