import { firstSessionAnswer, startSessionCheck, takeFirstSessionCheck } from './auth-api';
import { answerFetchWith } from './testing/answering-fetch';

const signedIn = { authenticated: true, user: { email: 'a@example.com' } };

describe('the first session check', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = answerFetchWith(signedIn);
  });

  it('is started once before rendering and handed to the first taker only; later takers ask again', async () => {
    startSessionCheck();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(takeFirstSessionCheck()).resolves.toEqual(signedIn);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await expect(takeFirstSessionCheck()).resolves.toEqual(signedIn);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/auth/check', '/api/auth/check']);
  });

  it('does not count as an unhandled failure before anyone takes it', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startSessionCheck();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(takeFirstSessionCheck()).rejects.toThrow();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('offers its answer to the first render once it has come, until someone takes the check', async () => {
    const settled = startSessionCheck();
    // Not yet answered: the first render would start from the loading state.
    expect(firstSessionAnswer()).toBeUndefined();
    await settled;
    expect(firstSessionAnswer()).toEqual(signedIn);
    await takeFirstSessionCheck();
    expect(firstSessionAnswer()).toBeUndefined();
  });

  it('settles without an answer when the check fails, so the first render is not held', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(startSessionCheck()).resolves.toBeUndefined();
    expect(firstSessionAnswer()).toBeUndefined();
    await expect(takeFirstSessionCheck()).rejects.toThrow();
  });
});
