import { act, waitFor } from '@testing-library/react';
import { RECORDING } from '@clari/contracts';
import i18n from '../../lib/i18n';
import {
  FakeAudioContext,
  FakeMediaRecorder,
  fakeMedia,
  getUserMedia,
  removeMediaRecorder,
} from '../../test-support/fake-media';
import {
  formField,
  renderRecorder,
  setUpRecorderTests,
  startRecording,
  transcriptionServer,
} from '../../test-support/recorder-harness';

setUpRecorderTests();

describe('useAudioRecorder', () => {
  it('asks for a mono 16 kHz microphone and records the first supported format in 1 s chunks', async () => {
    fakeMedia.supportedTypes = ['audio/ogg', 'audio/mp4', 'audio/wav'];
    const { result } = renderRecorder();
    await startRecording(result);

    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { channelCount: 1, sampleRate: 16000, echoCancellation: true, noiseSuppression: true },
    });
    expect(FakeMediaRecorder.isTypeSupported.mock.calls.map(([type]) => type)).toEqual(['audio/webm', 'audio/mp4']);
    const [recorder] = FakeMediaRecorder.instances;
    expect(recorder.options).toEqual({ mimeType: 'audio/mp4', audioBitsPerSecond: 128000 });
    expect(recorder.start).toHaveBeenCalledWith(1000);
    expect(result.current.status).toBe('recording');
  });

  it('records without a MIME type when none of the preferred ones is supported', async () => {
    fakeMedia.supportedTypes = [];
    const { result } = renderRecorder();
    await startRecording(result);
    expect(FakeMediaRecorder.isTypeSupported.mock.calls.map(([type]) => type)).toEqual([
      ...RECORDING.preferredMimeTypes,
    ]);
    expect(FakeMediaRecorder.instances[0].options).toEqual({ audioBitsPerSecond: 128000 });
  });

  it('says so when the browser cannot record', async () => {
    removeMediaRecorder();
    const { result } = renderRecorder();
    await startRecording(result);
    expect(result.current.error).toEqual({
      kind: 'unsupported',
      message: "Your browser doesn't support audio recording",
    });
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(result.current.status).toBe('idle');
  });

  it('asks for microphone access when it is refused', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const { result } = renderRecorder();
    await startRecording(result);
    expect(result.current.error?.message).toBe('Please allow microphone access to record audio');
    expect(result.current.status).toBe('idle');
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it.each([
    [
      'NotFoundError',
      'No microphone was found. Connect one (or check that it is switched on) and try again.',
      'Ingen mikrofon hittades. Anslut en (eller kontrollera att den är påslagen) och försök igen.',
    ],
    [
      'OverconstrainedError',
      'No microphone was found. Connect one (or check that it is switched on) and try again.',
      'Ingen mikrofon hittades. Anslut en (eller kontrollera att den är påslagen) och försök igen.',
    ],
    [
      'NotReadableError',
      'The microphone is in use by another program. Close it there and try again.',
      'Mikrofonen används av ett annat program. Stäng den där och försök igen.',
    ],
    [
      'SecurityError',
      'Please allow microphone access to record audio',
      'Tillåt åtkomst till mikrofonen för att spela in ljud',
    ],
  ])('tells %s apart from a refused permission, in both languages', async (name, english, swedish) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const [language, expected] of [
      ['en', english],
      ['sv', swedish],
    ] as const) {
      await i18n.changeLanguage(language);
      getUserMedia.mockRejectedValueOnce(new DOMException('Microphone failed', name));
      const { result, unmount } = renderRecorder();
      await startRecording(result);
      expect(result.current.error?.message).toBe(expected);
      expect(result.current.status).toBe('idle');
      unmount();
    }
  });

  it('stops after 2 s of silence once speech was heard, transcribes and hands the text over', async () => {
    jest.useFakeTimers();
    const { calls } = transcriptionServer({ body: { transcription: '  I want more time with my family. ' } });
    const { result, onTranscription } = renderRecorder();
    await startRecording(result);

    // Silence before anyone speaks does not end the recording.
    await act(async () => jest.advanceTimersByTime(5000));
    expect(result.current.status).toBe('recording');
    expect(result.current.elapsedSeconds).toBe(5);

    fakeMedia.microphoneLevel = 40;
    await act(async () => jest.advanceTimersByTime(1000));
    fakeMedia.microphoneLevel = RECORDING.silenceThreshold - 1;
    await act(async () => jest.advanceTimersByTime(1900));
    expect(result.current.status).toBe('recording');
    await act(async () => jest.advanceTimersByTime(200));

    expect(FakeMediaRecorder.instances[0].stop).toHaveBeenCalled();
    await waitFor(() => expect(onTranscription).toHaveBeenCalledWith('I want more time with my family.'));
    expect(result.current.status).toBe('idle');
    expect(result.current.error).toBeNull();
    expect(fakeMedia.tracks[0].stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0].close).toHaveBeenCalled();

    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/transcribe');
    expect(calls[0].method).toBe('POST');
    const audio = formField(calls[0], 'audio') as File;
    expect(audio.name).toBe('recording.webm');
    expect(audio.type).toBe('audio/webm');
    expect(formField(calls[0], 'language')).toBe('en');
  });

  it('keeps recording through pauses shorter than 2 s', async () => {
    jest.useFakeTimers();
    const { result } = renderRecorder();
    await startRecording(result);
    for (let round = 0; round < 3; round += 1) {
      fakeMedia.microphoneLevel = 30;
      await act(async () => jest.advanceTimersByTime(500));
      fakeMedia.microphoneLevel = 0;
      await act(async () => jest.advanceTimersByTime(1500));
    }
    expect(result.current.status).toBe('recording');
    expect(FakeMediaRecorder.instances[0].stop).not.toHaveBeenCalled();
  });

  it('warns at 14 minutes and stops at the 15-minute limit with its message', async () => {
    jest.useFakeTimers();
    fakeMedia.microphoneLevel = 50; // someone keeps talking: no silence stop
    transcriptionServer({ body: { transcription: 'A long story.' } });
    const onWarning = jest.fn();
    const { result, onTranscription } = renderRecorder({ onWarning });
    await startRecording(result);

    await act(async () => jest.advanceTimersByTime(RECORDING.warningAtMs - 1000));
    expect(result.current.nearLimit).toBe(false);
    await act(async () => jest.advanceTimersByTime(1000));
    expect(result.current.nearLimit).toBe(true);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('recording');

    await act(async () => jest.advanceTimersByTime(RECORDING.maxDurationMs - RECORDING.warningAtMs));
    expect(FakeMediaRecorder.instances[0].stop).toHaveBeenCalled();
    expect(result.current.error?.message).toBe('Maximum recording time of 15 minutes reached');
    // What was recorded is still transcribed.
    await waitFor(() => expect(onTranscription).toHaveBeenCalledWith('A long story.'));
    expect(result.current.error?.kind).toBe('maxDuration');
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('stops when asked and releases the microphone', async () => {
    transcriptionServer({ body: { transcription: 'Hello Clari' } });
    const { result, onTranscription } = renderRecorder();
    await startRecording(result);
    act(() => result.current.toggle());
    await waitFor(() => expect(onTranscription).toHaveBeenCalledWith('Hello Clari'));
    expect(fakeMedia.tracks[0].stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0].close).toHaveBeenCalled();
  });

  it('has Swedish audio errors', async () => {
    await i18n.changeLanguage('sv');
    removeMediaRecorder();
    const { result } = renderRecorder();
    await startRecording(result);
    expect(result.current.error?.message).toBe('Din webbläsare stöder inte ljudinspelning');
  });

  it('hands the recording over without transcribing when asked (the Journal)', async () => {
    const { calls } = transcriptionServer({ body: { transcription: 'unused' } });
    const onRecordingComplete = jest.fn();
    const { result, onTranscription } = renderRecorder({
      autoTranscribe: false,
      stopOnSilence: false,
      onRecordingComplete,
    });
    await startRecording(result);
    expect(FakeAudioContext.instances).toHaveLength(0);
    act(() => result.current.stop());
    expect(onRecordingComplete).toHaveBeenCalledTimes(1);
    const recording = onRecordingComplete.mock.calls[0][0] as Blob;
    expect(recording.size).toBeGreaterThan(0);
    expect(recording.type).toBe('audio/webm');
    expect(calls).toHaveLength(0);
    expect(onTranscription).not.toHaveBeenCalled();
    expect(result.current.status).toBe('idle');
  });

  it('releases the microphone and throws the recording away on unmount', async () => {
    const { calls } = transcriptionServer({ body: { transcription: 'unused' } });
    const { result, unmount, onTranscription } = renderRecorder();
    await startRecording(result);
    unmount();
    expect(fakeMedia.tracks[0].stop).toHaveBeenCalled();
    expect(FakeAudioContext.instances[0].close).toHaveBeenCalled();
    await act(async () => Promise.resolve());
    expect(calls).toHaveLength(0);
    expect(onTranscription).not.toHaveBeenCalled();
  });
});
