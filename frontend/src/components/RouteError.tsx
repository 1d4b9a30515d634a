import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const RELOADED_KEY = 'clari.reloadedForNewVersion';
/** A second stale chunk this soon after reloading means reloading does not help: show the message. */
const RELOAD_AGAIN_AFTER_MS = 10_000;

/** A lazily loaded chunk that no longer exists: the app was updated since this page loaded. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed/i.test(message);
}

/**
 * The app's error screen. After a deployment, an open tab asks for page chunks that were
 * replaced: it reloads once by itself to pick up the new version. Anything else shows a calm
 * message with a reload button instead of a stack trace.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const stale = isStaleChunkError(error);

  useEffect(() => {
    console.error('Route error', error);
    if (!stale) return;
    try {
      const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
      if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return;
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    } catch {
      return;
    }
    window.location.reload();
  }, [error, stale]);

  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} role="alert">
        <Typography variant="h1">{t('routeError.title')}</Typography>
        <Typography>{t('routeError.body')}</Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          <Button href="/">{t('routeError.home')}</Button>
        </Stack>
      </Stack>
    </Container>
  );
}

interface BoundaryProps {
  /** The history entry shown (React Router's location key): an error screen goes with any move. */
  locationKey: string;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  error: unknown;
  locationKey: string | null;
}

/** Shows RouteError instead of a page that failed to render or to load its chunk. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, locationKey: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.locationKey === null) return { locationKey: props.locationKey };
    if (props.locationKey !== state.locationKey)
      return { failed: false, error: undefined, locationKey: props.locationKey };
    return null;
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    console.error('Render error', info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
