import { api, ApiError } from './api';
import { EARLY_ANSWER_TTL_MS, requestEarly, takeSettledEarly } from './early-requests';
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

  it('hand an answer that has come to a reader that cannot wait, once; one still on its way stays for api()', async () => {
    const arrived = requestEarly('/api/value-explorer/data');
    // Not come yet: nothing to take now, and the answer is kept.
    expect(takeSettledEarly('/api/value-explorer/data')).toBeUndefined();
    await arrived;
    expect(takeSettledEarly('/api/value-explorer/data')).toMatchObject({ ok: true, text: JSON.stringify(data) });
    expect(takeSettledEarly('/api/value-explorer/data')).toBeUndefined();
    // Taken: the next read asks the server.
    await api('/api/value-explorer/data');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leave a failure of the network to the reader that can meet it', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await requestEarly('/api/config');
    expect(takeSettledEarly('/api/config')).toBeUndefined();
    await expect(api('/api/config')).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(1);
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

  it('give a failure of the network to their reader, as its own request would', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    requestEarly('/api/config');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(api('/api/config', { signal: new AbortController().signal })).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answer a reader that can abort, as the query cache and the settings provider read', async () => {
    requestEarly('/api/value-explorer/data');
    const controller = new AbortController();
    await expect(api('/api/value-explorer/data', { signal: controller.signal })).resolves.toEqual(data);
    // Aborting after the answer has come changes nothing.
    controller.abort();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leave their answer to the next reader when a reader has already given up', async () => {
    requestEarly('/api/value-explorer/data');
    // Its own request fails at once, as fetch does with an aborted signal.
    fetchMock.mockImplementationOnce(async (_path: string, init: RequestInit) => {
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      throw new Error('expected an aborted signal');
    });
    const gaveUp = new AbortController();
    gaveUp.abort();
    await expect(api('/api/value-explorer/data', { signal: gaveUp.signal })).rejects.toThrow('aborted');
    await expect(api('/api/value-explorer/data')).resolves.toEqual(data);
    // The reader that gave up made its own (aborted) request; the next took the early answer.
    expect(fetchMock).toHaveBeenCalledTimes(2);
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

  it("end a reader's wait when the reader gives up, and keep the answer for the next", async () => {
    let answer: (value: unknown) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    requestEarly('/api/value-explorer/data');
    const controller = new AbortController();
    const read = api('/api/value-explorer/data', { signal: controller.signal });
    controller.abort(new DOMException('The reader left', 'AbortError'));
    await expect(read).rejects.toThrow('The reader left');
    answer({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(data) });
    await expect(api('/api/value-explorer/data')).resolves.toEqual(data);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
