import { lazy, Suspense } from 'react';
import type { ChatPanelProps } from './ChatPanel';
import { ChatPanelPlaceholder } from './ChatPanelPlaceholder';

// The panel (markdown, voice input, the composer) is a chunk of its own, loaded with the page that shows it.
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The chat panel, loaded on demand. Until its code has come its place is held at its size
 * (ChatPanelPlaceholder), so the page does not shift when it arrives.
 */
export function LazyChatPanel({ loadingLabel, ...props }: ChatPanelProps & { loadingLabel?: string }) {
  return (
    <Suspense fallback={<ChatPanelPlaceholder size={props.size} label={loadingLabel} />}>
      <ChatPanel {...props} />
    </Suspense>
  );
}
