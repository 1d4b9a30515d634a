import { evaluateConversationCorpus, formatConversationScores, loadConversationCorpus } from './conversation-corpus';

describe('the Reflect, Interview and Journal corpus, offline', () => {
  const scores = evaluateConversationCorpus();

  it('has at least 30 items per domain, in both languages', () => {
    const items = loadConversationCorpus();
    for (const domain of ['reflect', 'interview', 'journal'] as const) {
      expect(items.filter((item) => item.domain === domain).length).toBeGreaterThanOrEqual(30);
      for (const language of ['en', 'sv'] as const)
        expect(
          items.filter((item) => item.domain === domain && item.language === language).length,
        ).toBeGreaterThanOrEqual(15);
    }
  });

  it('never writes what must not be written (precision 100%), and finds at least 80% of what must be', () => {
    console.log(
      `Conversation corpus:\n${formatConversationScores(scores)}\n${scores.flatMap((score) => score.failures).join('\n')}`,
    );
    expect(scores.flatMap((score) => (score.neverHeld < score.neverChecks ? score.failures : []))).toEqual([]);
    for (const score of scores)
      expect({
        key: `${score.domain}/${score.language}`,
        recall: score.found / score.expected >= 0.8,
        failures: score.failures,
      }).toMatchObject({ recall: true });
  });
});
