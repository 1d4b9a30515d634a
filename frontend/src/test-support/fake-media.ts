/**
 * Browser stand-ins for recording tests: a microphone (getUserMedia), MediaRecorder and an
 * AudioContext whose analyser reports the level the test sets.
 */
export const fakeMedia = {
  supportedTypes: ['audio/webm', 'audio/mp4'] as string[],
  /** The average volume (0–255) the fake analyser reports. */
  microphoneLevel: 0,
  tracks: [] as { stop: jest.Mock }[],
};

export class FakeMediaRecorder {
  static isTypeSupported = jest.fn((type: string) => fakeMedia.supportedTypes.includes(type));
  static instances: FakeMediaRecorder[] = [];
  state: RecordingState = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start = jest.fn(() => {
    this.state = 'recording';
  });
  /** Like the browser: the last chunk arrives, then the stop event. */
  stop = jest.fn(() => {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['recorded voice'], { type: this.mimeType }) });
    this.onstop?.();
  });

  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions = {},
  ) {
    this.mimeType = options.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state: AudioContextState = 'running';
  close = jest.fn(async () => {
    this.state = 'closed';
  });
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createAnalyser() {
    return {
      fftSize: 2048,
      frequencyBinCount: 8,
      getByteFrequencyData: (buffer: Uint8Array) => buffer.fill(fakeMedia.microphoneLevel),
    };
  }
  createMediaStreamSource() {
    return { connect: jest.fn() };
  }
}

export const getUserMedia = jest.fn(async (_constraints?: MediaStreamConstraints) => {
  fakeMedia.tracks = [{ stop: jest.fn() }];
  return { getTracks: () => fakeMedia.tracks } as unknown as MediaStream;
});

/** Resets the fakes and puts them on navigator and window. */
export function installFakeMedia(): void {
  fakeMedia.supportedTypes = ['audio/webm', 'audio/mp4'];
  fakeMedia.microphoneLevel = 0;
  fakeMedia.tracks = [];
  FakeMediaRecorder.instances = [];
  FakeAudioContext.instances = [];
  FakeMediaRecorder.isTypeSupported.mockClear();
  getUserMedia.mockClear();
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder });
  Object.assign(window, { AudioContext: FakeAudioContext });
}

export function removeMediaRecorder(): void {
  delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
}

export function uninstallFakeMedia(): void {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  removeMediaRecorder();
  delete (window as { AudioContext?: unknown }).AudioContext;
}
