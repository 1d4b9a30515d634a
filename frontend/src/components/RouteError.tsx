import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const RELOADED_KEY = 'clari.reloadedForNewVersion';
/** A second stale chunk this soon after reloading means reloading does not help: show the message. */
const RELOAD_AGAIN_AFTER_MS = 10_000;

/** A lazily loaded chunk that no longer exists: the app was updated since this page loaded. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed/i.test(message);
}

/** Reloading the tab, behind one seam: jsdom cannot reload, so the tests watch this. */
export const pageReload = { reload: () => window.location.reload() };

/** Whether the server answers at all: a chunk that fails while it does not is not a new version. */
async function serverReachable(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The app's error screen. A page chunk that fails to load is either a new version (the server
 * answers: the tab reloads once by itself) or a lost connection (it does not: the page says so,
 * offers Retry and tries again by itself when the browser is back online; nothing reloads, so
 * nothing typed is lost). Anything else shows a calm message with a reload button instead of a
 * stack trace.
 */
export function RouteError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const stale = isStaleChunkError(error);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    console.error('Route error', error);
    if (!stale) return;
    let cancelled = false;
    void serverReachable().then((reachable) => {
      if (cancelled) return;
      if (!reachable) {
        setOffline(true);
        return;
      }
      try {
        const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
        if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return;
        sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      } catch {
        return;
      }
      pageReload.reload();
    });
    return () => {
      cancelled = true;
    };
  }, [error, stale]);

  useEffect(() => {
    if (!offline || !onRetry) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [offline, onRetry]);

  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} role="alert">
        <Typography variant="h1">{t(offline ? 'routeError.offlineTitle' : 'routeError.title')}</Typography>
        <Typography>{t(offline ? 'routeError.offlineBody' : 'routeError.body')}</Typography>
        <Stack direction="row" spacing={1.5}>
          {offline && onRetry ? (
            <Button variant="contained" onClick={onRetry}>
              {t('routeError.retry')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => pageReload.reload()}>
              {t('routeError.reload')}
            </Button>
          )}
          <Button href="/">{t('routeError.home')}</Button>
        </Stack>
      </Stack>
    </Container>
  );
}

interface BoundaryProps {
  /** The history entry shown (React Router's location key): an error screen goes with any move. */
  locationKey?: string;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  error: unknown;
  locationKey: string | null;
}

/**
 * Shows RouteError instead of a page that failed to render or to load its chunk; around the
 * whole app (no locationKey) it is the last line before a white page.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, locationKey: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.locationKey === undefined) return null;
    if (state.locationKey === null) return { locationKey: props.locationKey };
    if (props.locationKey !== state.locationKey)
      return { failed: false, error: undefined, locationKey: props.locationKey };
    return null;
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    console.error('Render error', info.componentStack);
  }

  private readonly retry = () => this.setState({ failed: false, error: undefined });

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} onRetry={this.retry} /> : this.props.children;
  }
}
