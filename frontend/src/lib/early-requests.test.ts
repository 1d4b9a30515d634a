import { api, ApiError } from './api';
import { EARLY_ANSWER_TTL_MS, requestEarly } from './early-requests';
import { forgetSessionData } from './session-end';
import { answerFetchWith } from './testing/answering-fetch';

const data = { lifeAreas: ['family'] };

describe('early requests', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = answerFetchWith(data);
  });
  afterEach(() => {
    jest.useRealTimers();
    forgetSessionData();
  });

  it('answer the first read of their path once; the next read asks the server again', async () => {
    requestEarly('/api/value-explorer/data');
    requestEarly('/api/value-explorer/data');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await expect(api('/api/value-explorer/data')).resolves.toEqual(data);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api('/api/value-explorer/data')).resolves.toEqual(data);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answer reads of their own path only, and no write', async () => {
    requestEarly('/api/config');
    await api('/api/value-explorer/data');
    await api('/api/config', { method: 'PUT', body: {} });
    expect(fetchMock.mock.calls.map(([path, init]) => `${init.method} ${path}`)).toEqual([
      'GET /api/config',
      'GET /api/value-explorer/data',
      'PUT /api/config',
    ]);
    await api('/api/config');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("give the server's refusal as api() would have", async () => {
    fetchMock.mockResolvedValueOnce({
      ok: false,
      status: 401,
      statusText: 'Unauthorized',
      text: async () => JSON.stringify({ message: 'Please log in to continue.' }),
    });
    requestEarly('/api/profile/portrait');
    const refused = api('/api/profile/portrait');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 401, message: 'Please log in to continue.' });
  });

  it('do not count as unhandled failures when the network fails before anyone reads them', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      requestEarly('/api/config');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(api('/api/config')).rejects.toThrow('Failed to fetch');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('are dropped when nobody reads them in time: a later read is never answered from the page load', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    requestEarly('/api/value-explorer/data');
    jest.setSystemTime(1_000_000 + EARLY_ANSWER_TTL_MS);
    fetchMock.mockClear();
    await api('/api/value-explorer/data');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are dropped when the signed-in person changes or leaves', async () => {
    requestEarly('/api/value-explorer/data');
    forgetSessionData();
    await api('/api/value-explorer/data');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("end a reader's wait when the reader gives up, as its own request would", async () => {
    let answer: (value: unknown) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    requestEarly('/api/value-explorer/data');
    const controller = new AbortController();
    const read = api('/api/value-explorer/data', { signal: controller.signal });
    controller.abort(new DOMException('The reader left', 'AbortError'));
    await expect(read).rejects.toThrow('The reader left');
    answer({ ok: true, status: 200, statusText: 'OK', text: async () => '{}' });
  });
});
