import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ToastType } from './ToastView';

export type { ToastType } from './ToastView';

// The Snackbar code loads with the first toast, not with the first page.
const ToastView = lazy(() => import('./ToastView'));

interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

type ShowToast = (message: string, type?: ToastType) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Toasts at the top centre that close themselves after 3000 ms (part 1 §2, §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback<ShowToast>((message, type = 'info') => setToast({ id: Date.now(), type, message }), []);
  const close = useCallback((_?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setToast(null);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView key={toast.id} type={toast.type} message={toast.message} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
