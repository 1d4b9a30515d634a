import { Autosaver, type SaveState } from './autosave';

function setup(save: (data: number) => Promise<void>, isRetryable = () => true) {
  const states: SaveState[] = [];
  const persisted: Array<number | null> = [];
  const saver = new Autosaver<number>({
    save,
    delayMs: 1000,
    retryDelaysMs: [2000, 4000],
    isRetryable,
    onStateChange: (state) => states.push(state),
    persist: (data) => persisted.push(data),
  });
  return { saver, states, persisted };
}

describe('Autosaver', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves once, 1 s after the last change, with the latest data', async () => {
    const save = jest.fn(async () => undefined);
    const { saver, states, persisted } = setup(save);
    saver.schedule(1);
    await jest.advanceTimersByTimeAsync(600);
    saver.schedule(2);
    await jest.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(2);
    expect(states.at(-1)).toBe('saved');
    expect(persisted).toEqual([1, 2, null]);
  });

  it('never runs two saves at once: a change during a save is saved right after it', async () => {
    let release: () => void = () => undefined;
    let active = 0;
    let maxActive = 0;
    const save = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          active++;
          maxActive = Math.max(maxActive, active);
          release = () => {
            active--;
            resolve();
          };
        }),
    );
    const { saver } = setup(save);
    saver.schedule(1);
    await jest.advanceTimersByTimeAsync(1000);
    saver.schedule(2);
    await jest.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
    release();
    await jest.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(2);
    release();
    await jest.advanceTimersByTimeAsync(0);
    expect(maxActive).toBe(1);
  });

  it('retries a failed save with backoff and keeps the data until it is saved', async () => {
    const save = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const { saver, states, persisted } = setup(save);
    saver.schedule(7);
    await jest.advanceTimersByTimeAsync(1000);
    expect(states).toContain('error');
    expect(persisted.at(-1)).toBe(7);
    await jest.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(4000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(states.at(-1)).toBe('saved');
    expect(persisted.at(-1)).toBeNull();
  });

  it('does not retry a refused save until the data changes', async () => {
    const save = jest.fn().mockRejectedValueOnce(new Error('400')).mockResolvedValue(undefined);
    const { saver } = setup(save, () => false);
    saver.schedule(1);
    await jest.advanceTimersByTimeAsync(20000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.schedule(2);
    await jest.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenLastCalledWith(2);
  });

  it('saves nothing once disposed, and what was pending once resumed', async () => {
    const save = jest.fn(async () => undefined);
    const { saver } = setup(save);
    saver.schedule(1);
    saver.dispose();
    await jest.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    saver.resume();
    await jest.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledWith(1);
    // Resuming a saver that runs changes nothing.
    saver.resume();
    await jest.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flush saves what is pending at once', async () => {
    const save = jest.fn(async () => undefined);
    const { saver } = setup(save);
    saver.schedule(3);
    await saver.flush();
    expect(save).toHaveBeenCalledWith(3);
    expect(saver.hasUnsaved).toBe(false);
  });
});

describe('Autosaver and the connection', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('retryNow tries a failed save at once instead of at the end of its wait', async () => {
    const save = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const { saver, states } = setup(save);
    saver.schedule(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)).toBe('error');
    saver.retryNow();
    await jest.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(states.at(-1)).toBe('saved');
  });

  it('retryNow does nothing while all is saved, or before the first failure', async () => {
    const save = jest.fn(async () => undefined);
    const { saver } = setup(save);
    saver.retryNow();
    saver.schedule(1);
    saver.retryNow();
    await jest.advanceTimersByTimeAsync(0);
    expect(save).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('storedElsewhere drops what waits when another call stored it', async () => {
    const save = jest.fn(async () => undefined);
    const { saver, states, persisted } = setup(save);
    saver.schedule(1);
    saver.storedElsewhere((waiting) => waiting === 2);
    expect(saver.hasUnsaved).toBe(true);
    saver.storedElsewhere((waiting) => waiting === 1);
    expect(saver.hasUnsaved).toBe(false);
    expect(states.at(-1)).toBe('saved');
    expect(persisted.at(-1)).toBeNull();
    await jest.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });
});
