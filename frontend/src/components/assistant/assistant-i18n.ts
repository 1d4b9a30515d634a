import enAssistant from '@locales/en/assistant.json';
import svAssistant from '@locales/sv/assistant.json';
import { registerNamespace } from '../../lib/i18n';

/** The assistant's texts travel with the lazily loaded chunks that show the chat panel or record audio. */
export const ASSISTANT_NS = 'assistant';

registerNamespace(ASSISTANT_NS, enAssistant, svAssistant);
