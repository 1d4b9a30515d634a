import { ApiError } from '../api';
import { DraftSavers, combineSaveStates, isRetryableSave, type DraftSaveState } from './draft-savers';
import { readDraft, parseText } from './draft-store';

function setup(save: (id: string, value: string) => Promise<void>) {
  const seen: Array<ReadonlyMap<string, DraftSaveState>> = [];
  const failures: string[] = [];
  const confirmed = new Map<string, string>([['a', 'stored a']]);
  const savers = new DraftSavers<string>({
    save,
    storageKey: (id) => `draft.${id}`,
    basedOn: (id) => confirmed.get(id) ?? null,
    onChange: (states) => seen.push(states),
    onFailure: (id) => failures.push(id),
    delayMs: 1000,
    retryDelaysMs: [2000, 4000],
    now: () => 42,
  });
  return { savers, seen, failures };
}

describe('combineSaveStates', () => {
  it('shows the state most in need of attention', () => {
    expect(combineSaveStates([])).toBe('saved');
    expect(combineSaveStates(['saved', 'pending'])).toBe('pending');
    expect(combineSaveStates(['pending', 'saving'])).toBe('saving');
    expect(combineSaveStates(['saving', 'retrying', 'pending'])).toBe('retrying');
    expect(combineSaveStates(['retrying', 'refused'])).toBe('refused');
  });
});

describe('isRetryableSave', () => {
  it('retries no answer, server errors, timeouts and rate limits; not refusals', () => {
    expect(isRetryableSave(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableSave(new ApiError(503, 'down'))).toBe(true);
    expect(isRetryableSave(new ApiError(408, 'timeout'))).toBe(true);
    expect(isRetryableSave(new ApiError(429, 'slow down'))).toBe(true);
    expect(isRetryableSave(new ApiError(400, 'too long'))).toBe(false);
    expect(isRetryableSave(new ApiError(401, 'signed out'))).toBe(false);
  });
});

describe('DraftSavers', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('keeps each item as a draft made on the server’s version, and removes it once saved', async () => {
    const save = jest.fn(async () => undefined);
    const { savers, seen } = setup(save);
    savers.schedule('a', 'typed a');
    savers.schedule('b', 'typed b');
    expect(readDraft('draft.a', parseText)).toEqual({ value: 'typed a', basedOn: 'stored a', keptAt: 42 });
    expect(readDraft('draft.b', parseText)).toEqual({ value: 'typed b', basedOn: null, keptAt: 42 });
    expect(savers.state).toBe('pending');
    await jest.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledWith('a', 'typed a');
    expect(save).toHaveBeenCalledWith('b', 'typed b');
    expect(savers.state).toBe('saved');
    expect(seen.at(-1)?.size).toBe(0);
    expect(readDraft('draft.a', parseText)).toBeNull();
    expect(readDraft('draft.b', parseText)).toBeNull();
  });

  it('tells a run of failures once, retries with backoff, and at once when the connection is back', async () => {
    const save = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { savers, failures } = setup(save);
    savers.schedule('a', 'typed');
    await jest.advanceTimersByTimeAsync(1000);
    expect(savers.stateOf('a')).toBe('retrying');
    await jest.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(failures).toEqual(['a']);
    expect(readDraft('draft.a', parseText)?.value).toBe('typed');
    save.mockResolvedValue(undefined);
    savers.retryNow();
    await jest.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(3);
    expect(savers.state).toBe('saved');
    expect(readDraft('draft.a', parseText)).toBeNull();
  });

  it('marks a refused save as refused and does not retry it until the text changes', async () => {
    const save = jest.fn().mockRejectedValueOnce(new ApiError(400, 'too long')).mockResolvedValue(undefined);
    const { savers, failures } = setup(save);
    savers.schedule('a', 'x'.repeat(10));
    await jest.advanceTimersByTimeAsync(1000);
    expect(savers.state).toBe('refused');
    // Told by the status line, not by a notice that promises retries.
    expect(failures).toEqual([]);
    savers.retryNow();
    await jest.advanceTimersByTimeAsync(30000);
    expect(save).toHaveBeenCalledTimes(1);
    savers.schedule('a', 'shorter');
    await jest.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenLastCalledWith('a', 'shorter');
    expect(savers.state).toBe('saved');
  });

  it('flush saves at once; storedElsewhere leaves nothing waiting', async () => {
    const save = jest.fn(async () => undefined);
    const { savers } = setup(save);
    savers.schedule('a', 'now');
    await savers.flush('a');
    expect(save).toHaveBeenCalledWith('a', 'now');
    savers.schedule('b', 'section');
    savers.storedElsewhere('b', (waiting) => waiting === 'section');
    expect(savers.hasUnsaved).toBe(false);
    await jest.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves nothing once disposed, and what waits once resumed', async () => {
    const save = jest.fn(async () => undefined);
    const { savers } = setup(save);
    savers.dispose();
    savers.schedule('a', 'late');
    await jest.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    expect(readDraft('draft.a', parseText)?.value).toBe('late');
    savers.resume();
    await jest.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledWith('a', 'late');
  });
});
