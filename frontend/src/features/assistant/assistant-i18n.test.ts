import enAssistant from '@locales/en/assistant.json';
import svAssistant from '@locales/sv/assistant.json';

/** Every key path of a nested translation object, e.g. 'audio.errors.noSpeech'. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('assistant translations', () => {
  it('have the same keys in English and Swedish', () => {
    expect(keyPaths(svAssistant).sort()).toEqual(keyPaths(enAssistant).sort());
  });

  it('have no empty texts', () => {
    for (const texts of [enAssistant, svAssistant]) {
      const empty = keyPaths(texts).filter((path) => !path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], texts));
      expect(empty).toEqual([]);
    }
  });

  it('carry the exact texts of the specification', () => {
    expect(enAssistant.thinking).toBe('Thinking...');
    expect(enAssistant.errors.chat).toBe('Sorry, I encountered an error. Please try again.');
    expect(enAssistant.audio.errors).toMatchObject({
      unsupported: "Your browser doesn't support audio recording",
      permissionDenied: 'Please allow microphone access to record audio',
      maxDuration: 'Maximum recording time of 15 minutes reached',
      transcriptionFailed: 'Failed to transcribe audio',
      noSpeech: 'No speech detected. Please try speaking again.',
    });
  });
});
