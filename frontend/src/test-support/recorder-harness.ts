import { act, renderHook } from '@testing-library/react';
import i18n from '../lib/i18n';
import { useAudioRecorder, type UseAudioRecorderOptions } from '../components/assistant/useAudioRecorder';
import { installFakeFetch, type FakeReply, type RecordedCall } from './fake-fetch';
import { installFakeMedia, uninstallFakeMedia } from './fake-media';

/** The fake microphone for every test of the file, in English, with real timers again afterwards. */
export function setUpRecorderTests(): void {
  beforeEach(async () => {
    installFakeMedia();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    uninstallFakeMedia();
  });
}

export function transcriptionServer(reply: FakeReply) {
  return installFakeFetch(() => reply);
}

export function renderRecorder(options: Partial<UseAudioRecorderOptions> = {}) {
  const onTranscription = jest.fn();
  const view = renderHook(() => useAudioRecorder({ language: 'en', onTranscription, ...options }));
  return { ...view, onTranscription };
}

export async function startRecording(result: { current: ReturnType<typeof useAudioRecorder> }) {
  await act(async () => {
    await result.current.start();
  });
}

export function formField(call: RecordedCall, name: string) {
  return (call.body as FormData).get(name);
}
