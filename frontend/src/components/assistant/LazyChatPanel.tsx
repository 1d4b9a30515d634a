import { Suspense } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import type { ChatPanelProps } from './ChatPanel';
import { ChatPanelPlaceholder } from './ChatPanelPlaceholder';

// The panel (markdown, voice input, the composer) is a chunk of its own.
const ChatPanel = lazyPage(() => import('./ChatPanel'));

// Asked for as soon as a page that shows the panel loads (this module comes with that page), beside
// the page's own data, rather than after the page's first render. A failure here is left to the
// render, which asks again and shows it.
ChatPanel.preload().catch(() => undefined);

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
