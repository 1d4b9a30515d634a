/**
 * For component and unit tests: replaces fetch with a mock that answers every request with
 * `body` as JSON, with what api() reads of an answer (jsdom has no Response).
 */
export function answerFetchWith(body: unknown): jest.Mock {
  const mock = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    text: async () => JSON.stringify(body),
  }));
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}
