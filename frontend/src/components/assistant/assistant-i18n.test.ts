import enAssistant from '@locales/en/assistant.json';
import svAssistant from '@locales/sv/assistant.json';
import { keyPaths, emptyTexts } from '../../test-support/locale-checks';

describe('assistant translations', () => {
  it('have the same keys in English and Swedish', () => {
    expect(keyPaths(svAssistant).sort()).toEqual(keyPaths(enAssistant).sort());
  });

  it('have no empty texts', () => {
    for (const texts of [enAssistant, svAssistant]) {
      const empty = emptyTexts(texts);
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
