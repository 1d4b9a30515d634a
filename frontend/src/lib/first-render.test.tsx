import { settledOrAfter } from './first-render';

describe('settledOrAfter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settledYet = (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    return () => settled;
  };

  it('settles as soon as every wait has settled, a failed one included, without waiting out the limit', async () => {
    let finish: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const done = settledOrAfter([slow, Promise.reject(new Error('chunk failed'))], 2500);
    const isSettled = settledYet(done);
    await jest.advanceTimersByTimeAsync(100);
    expect(isSettled()).toBe(false);
    finish();
    await jest.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('settles at the limit when a wait never does', async () => {
    const done = settledOrAfter([new Promise(() => undefined)], 2500);
    const isSettled = settledYet(done);
    await jest.advanceTimersByTimeAsync(2499);
    expect(isSettled()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(isSettled()).toBe(true);
  });
});
