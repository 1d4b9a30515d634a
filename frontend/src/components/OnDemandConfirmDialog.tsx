import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { useToast } from './ToastProvider';
import { whenIdle } from '../lib/lazy-page';

type Dialog = (props: ConfirmDialogProps) => React.JSX.Element;

let loaded: Dialog | undefined;
let loading: Promise<Dialog> | undefined;

/** The dialog's code, asked for once (and again after a failure). */
function loadDialog(): Promise<Dialog> {
  loading ??= import('./ConfirmDialog').then(
    (module) => (loaded = module.ConfirmDialog),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * ConfirmDialog for a page whose first paint should not wait for it: the dialog's code (MUI's
 * Dialog and Modal) comes in its own chunk, asked for once the page is idle, so it is there when
 * the dialog opens. Opened before it has come, the dialog shows as soon as it has; if it cannot
 * be loaded, the person is told and the dialog counts as cancelled, so nothing happens unasked.
 */
export function OnDemandConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [Dialog, setDialog] = useState<Dialog | undefined>(() => loaded);
  const { open, onCancel } = props;

  // Asked for while the page is idle, so it is there when needed.
  useEffect(() => {
    if (Dialog) return;
    let active = true;
    const cancel = whenIdle(
      () =>
        void loadDialog().then(
          (dialog) => active && setDialog(() => dialog),
          () => undefined,
        ),
    );
    return () => {
      active = false;
      cancel();
    };
  }, [Dialog]);

  // Opened before it has come: shown as soon as it has, or cancelled if it cannot be loaded.
  useEffect(() => {
    if (Dialog || !open) return;
    let active = true;
    loadDialog().then(
      (dialog) => active && setDialog(() => dialog),
      () => {
        if (!active) return;
        toast(t('common.partLoadFailed'), 'error');
        onCancel();
      },
    );
    return () => {
      active = false;
    };
  }, [Dialog, open, onCancel, toast, t]);

  return Dialog ? <Dialog {...props} /> : null;
}
