import { parseEvents } from './event-stream';

describe('parseEvents', () => {
  it('reads complete events and keeps an unfinished one for later', () => {
    const { events, rest } = parseEvents(
      'event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: done\ndata: {"rep',
    );
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Hel' } },
      { event: 'delta', data: { text: 'lo' } },
    ]);
    expect(rest).toBe('event: done\ndata: {"rep');
    expect(parseEvents(`${rest}ly":"Hello"}\n\n`).events).toEqual([{ event: 'done', data: { reply: 'Hello' } }]);
  });

  it('accepts CRLF line ends and skips comments and malformed data', () => {
    const { events } = parseEvents(
      ': keep-alive\r\n\r\nevent: delta\r\ndata: {"text":"a"}\r\n\r\nevent: delta\r\ndata: not json\r\n\r\n',
    );
    expect(events).toEqual([{ event: 'delta', data: { text: 'a' } }]);
  });
});
