import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
// Loaded with the app, never on demand: a toast is how a failed save is told, and when the
// server is unreachable a chunk asked for then cannot load (it took the whole page with it).
import ToastView, { type ToastType } from './ToastView';

export type { ToastType } from './ToastView';

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
      {toast && <ToastView key={toast.id} type={toast.type} message={toast.message} onClose={close} />}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
