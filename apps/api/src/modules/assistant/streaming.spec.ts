import { partialAnswer, replyChunks } from './streaming';

describe('partialAnswer', () => {
  it('reads the reply as far as it has come, and risk only once complete', () => {
    expect(partialAnswer('{"risk": "no')).toEqual({ risk: null, reply: null });
    expect(partialAnswer('{"risk": "none", "reply": "Hel')).toEqual({ risk: 'none', reply: 'Hel' });
    expect(partialAnswer('{"risk":"none","reply":"Line\\nTwo \\"quoted\\" \\u00e5 and \\')).toEqual({
      risk: 'none',
      reply: 'Line\nTwo "quoted" å and ',
    });
    expect(partialAnswer('{"reply": "Done.", "risk": "crisis"}')).toEqual({ risk: 'crisis', reply: 'Done.' });
  });

  it('is not fooled by the key inside a string', () => {
    expect(partialAnswer('{"reply": "say \\"risk\\": \\"none\\" now", "risk": "conc')).toEqual({
      risk: null,
      reply: 'say "risk": "none" now',
    });
  });

  it('stays linear on a long answer', () => {
    const long = `{"risk":"none","reply":"${'word '.repeat(200_000)}`;
    const cpu = process.cpuUsage();
    expect(partialAnswer(long).reply).toHaveLength(1_000_000);
    // CPU time: other processes' load does not inflate it.
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
  });
});

describe('replyChunks', () => {
  it('splits a reply into word groups that join back to it exactly', () => {
    const reply = 'Hi, I’m Clari. What matters most to you in your work?\n\nTake your time.';
    const chunks = replyChunks(reply);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.join('')).toBe(reply);
  });
});
