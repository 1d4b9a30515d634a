/** A fetch stand-in for component tests: records each call and answers from a handler. */
export interface FakeReply {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  url: string;
  method: string;
  /** The parsed JSON body, or the FormData as sent. */
  body: unknown;
}

export type FetchHandler = (call: RecordedCall) => FakeReply | Promise<FakeReply>;

export function installFakeFetch(handler: FetchHandler) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = init.body;
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
    };
    calls.push(call);
    const signal = init.signal;
    // Like fetch, a request whose signal aborts rejects with an AbortError.
    const aborted = new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError'))),
    );
    const { status = 200, body } = await Promise.race([handler(call), aborted]);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: status >= 400 ? 'Error' : 'OK',
      // JSON, as a server that does not stream answers (the chat then reads it whole).
      headers: new Headers({ 'Content-Type': 'application/json' }),
      body: null,
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    } as Response;
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, fetchMock };
}

/** A promise with its resolve function, to hold a reply back until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
