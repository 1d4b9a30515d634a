import { act, waitFor } from '@testing-library/react';
import i18n from '../../lib/i18n';
import {
  renderRecorder,
  setUpRecorderTests,
  startRecording,
  transcriptionServer,
} from '../../test-support/recorder-harness';

setUpRecorderTests();

describe('useAudioRecorder: what a transcription brings', () => {
  it.each([
    ['an empty transcription', ''],
    ['a subtitle credit', 'Subtitles by the Amara.org community'],
    ['a Swedish subtitle credit', 'Svensk text: Jane Doe'],
    ['only punctuation', ' ... '],
  ])('treats %s as no speech and adds nothing', async (_case, transcription) => {
    transcriptionServer({ body: { transcription } });
    const { result, onTranscription } = renderRecorder();
    await startRecording(result);
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.error?.message).toBe('No speech detected. Please try speaking again.'));
    expect(onTranscription).not.toHaveBeenCalled();
    expect(result.current.status).toBe('idle');
  });

  it('shows the failure text when the transcription call fails and adds nothing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    transcriptionServer({
      status: 502,
      body: { statusCode: 502, message: 'Bad gateway', error: 'Bad Gateway', code: 'transcription_failed' },
    });
    const { result, onTranscription } = renderRecorder();
    await startRecording(result);
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.error?.message).toBe('Failed to transcribe audio'));
    expect(onTranscription).not.toHaveBeenCalled();
    expect(result.current.status).toBe('idle');
  });

  it("shows the server's readable message when transcription is not configured", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = 'Transcription is not configured on this server. Please type your text instead.';
    transcriptionServer({
      status: 503,
      body: { statusCode: 503, message, error: 'Service Unavailable', code: 'transcription_not_configured' },
    });
    const { result, onTranscription } = renderRecorder();
    await startRecording(result);
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.error?.message).toBe(message));
    expect(result.current.error?.kind).toBe('transcriptionFailed');
    expect(onTranscription).not.toHaveBeenCalled();
  });

  it('translates the server errors it knows in Swedish', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('sv');
    transcriptionServer({
      status: 429,
      body: { statusCode: 429, message: 'Too many requests', error: 'Too Many Requests', code: 'rate_limited' },
    });
    const { result } = renderRecorder({ language: 'sv' });
    await startRecording(result);
    act(() => result.current.stop());
    await waitFor(() =>
      expect(result.current.error?.message).toBe('För många inspelningar på kort tid. Vänta en stund och försök igen.'),
    );
  });
});
