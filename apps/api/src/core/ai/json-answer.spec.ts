import { parseJsonObject } from './json-answer';

describe('parseJsonObject', () => {
  it('reads an object as it is, in a code fence, or with text around it', () => {
    expect(parseJsonObject('{"reply":"Hi"}')).toEqual({ reply: 'Hi' });
    expect(parseJsonObject('```json\n{"reply":"Hi"}\n```')).toEqual({ reply: 'Hi' });
    expect(
      parseJsonObject('Sure! Here it is: {"reply":"A {brace} and a \\"quote\\"","n":{"x":1}} Hope this helps.'),
    ).toEqual({ reply: 'A {brace} and a "quote"', n: { x: 1 } });
  });

  it('answers null for what holds no object', () => {
    for (const text of ['', 'no json here', '[1,2]', '{"unfinished": "', '{"a": 1'])
      expect(parseJsonObject(text)).toBeNull();
  });

  it('stays linear on long hostile text', () => {
    const hostile = '{'.repeat(500_000) + '"'.repeat(100_000);
    const cpu = process.cpuUsage();
    expect(parseJsonObject(hostile)).toBeNull();
    // CPU time: other processes' load does not inflate it.
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
  });
});
