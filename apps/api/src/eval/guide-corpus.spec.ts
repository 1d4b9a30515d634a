import type { TurnContext } from '../modules/assistant/handlers/domain-handler';
import { LifeAreaHandler } from '../modules/value-explorer/handlers/lifearea.handler';
import { YearCompassSectionHandler } from '../modules/year-compass/handlers/section.handler';
import type { YearCompassRepository } from '../modules/year-compass/year-compass.repository';
import {
  formatGuideScores,
  guideTurnData,
  loadGuideCorpus,
  scoreGuides,
  writtenBy,
  type GuideItem,
} from './guide-corpus';

/** The offline provider's answer to one corpus message, parsed like any provider's. */
function offlineUpdates(item: GuideItem): unknown {
  const handler =
    item.domain === 'valueexplorer'
      ? new LifeAreaHandler()
      : new YearCompassSectionHandler({} as YearCompassRepository);
  const turn: TurnContext = {
    domain: item.domain === 'valueexplorer' ? 'valueexplorer_lifearea' : 'yearcompass_dynamicsection',
    threadId: 'eval',
    language: item.language,
    message: item.message,
    history: [],
    data: guideTurnData(item),
    phase: item.phase,
  };
  return handler.parse(handler.offline(turn), turn)?.updates;
}

describe('the guides on the evaluation corpus (offline provider)', () => {
  const items = loadGuideCorpus();
  const scores = scoreGuides(
    items,
    items.map((item) => writtenBy(item, offlineUpdates(item))),
  );

  it('holds at least 60 messages per domain, half of them Swedish', () => {
    for (const domain of ['valueexplorer', 'yearcompass']) {
      for (const language of ['en', 'sv'])
        expect(
          items.filter((item) => item.domain === domain && item.language === language).length,
        ).toBeGreaterThanOrEqual(30);
    }
  });

  it.each(['valueexplorer/en', 'valueexplorer/sv', 'yearcompass/en', 'yearcompass/sv'])(
    '%s: precision 100%% (nothing wrong is written), recall at least 80%%',
    (key) => {
      const score = scores.find((item) => `${item.domain}/${item.language}` === key);
      console.log(formatGuideScores(score ? [score] : []));
      expect(score?.wrong).toEqual([]);
      expect(score?.precision).toBe(1);
      expect(score?.recall).toBeGreaterThanOrEqual(0.8);
    },
  );
});
