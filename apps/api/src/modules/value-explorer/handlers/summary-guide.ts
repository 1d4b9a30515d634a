import type { CommonObstacleId, Language } from '@clari/contracts';

/** ACT-style ways to meet each common obstacle, used by the offline summary. */
export const OBSTACLE_STRATEGIES: Record<Language, Record<CommonObstacleId, string> & { custom: string }> = {
  en: {
    lackOfTime: 'choose the smallest version of the step that fits into ten minutes, and give it a fixed place in your week',
    financialConstraints: 'look for a version of the goal that costs little or nothing; values can be lived at any budget',
    fearOfFailure: 'notice the fear, thank your mind for trying to protect you, and take the step as an experiment rather than a test',
    procrastination: 'make the first step so small that it is almost silly, and start it right away for two minutes',
    limitedResources: 'start with what you already have, and ask who around you could share what you lack',
    selfDoubt: 'let the doubting thoughts be there without arguing with them, and act on what matters anyway',
    lackOfSupport: 'tell one person what you are working towards, or find others who share the same goal',
    competingPriorities: 'decide in advance which value leads when things collide, and protect one small slot for this area',
    custom: 'name it when it shows up, make room for the discomfort, and choose a step that is still possible',
  },
  sv: {
    lackOfTime: 'välj den minsta versionen av steget som ryms på tio minuter, och ge den en fast plats i veckan',
    financialConstraints: 'leta efter en version av målet som kostar lite eller inget; värderingar går att leva efter med vilken budget som helst',
    fearOfFailure: 'lägg märke till rädslan, tacka ditt sinne för att det försöker skydda dig, och ta steget som ett experiment snarare än ett prov',
    procrastination: 'gör det första steget så litet att det nästan är löjligt, och börja direkt i två minuter',
    limitedResources: 'börja med det du redan har, och fråga vem omkring dig som kan dela med sig av det som saknas',
    selfDoubt: 'låt de tvivlande tankarna finnas där utan att bråka med dem, och handla ändå efter det som är viktigt',
    lackOfSupport: 'berätta för en person vad du arbetar mot, eller sök upp andra som har samma mål',
    competingPriorities: 'bestäm i förväg vilken värdering som får leda när saker krockar, och skydda en liten stund för det här området',
    custom: 'sätt ord på det när det dyker upp, ge obehaget utrymme och välj ett steg som ändå är möjligt',
  },
};

export interface SummaryTexts {
  compass: string;
  overview(areas: string[], topValues: string[]): string;
  values: string;
  shortGoals: string;
  longGoals: string;
  obstacles: string;
  meetObstacles: string;
  nothingYet: string;
  patterns: string;
  sharedValue(value: string, areas: string[]): string;
  sharedObstacle(obstacle: string, areas: string[]): string;
  noGoals(areas: string[]): string;
  noPatterns: string;
  nextSteps: string;
  steps(goal: string | null): string[];
  empty: string;
  and: string;
}

export const SUMMARY_TEXTS: Record<Language, SummaryTexts> = {
  en: {
    compass: 'Your values compass',
    overview: (areas, top) =>
      `You have explored ${areas.length} ${areas.length === 1 ? 'life area' : 'life areas'}: ${areas.join(', ')}.` +
      (top.length ? ` Across them, what matters most to you is ${top.join(', ')}. These values can serve as a compass when choices get hard.` : ''),
    values: 'Values',
    shortGoals: 'Short-term goals',
    longGoals: 'Long-term goals',
    obstacles: 'Obstacles',
    meetObstacles: 'Meeting the obstacles',
    nothingYet: 'Nothing written yet.',
    patterns: 'Patterns',
    sharedValue: (value, areas) => `**${value}** appears in ${areas.join(' and ')}: it seems to be a thread running through your life.`,
    sharedObstacle: (obstacle, areas) => `**${obstacle}** shows up in ${areas.join(' and ')}; meeting it once may help you in several places.`,
    noGoals: (areas) => `${areas.join(', ')} ${areas.length === 1 ? 'has' : 'have'} values but no goals yet: a small goal would turn them into action.`,
    noPatterns: 'Each area has its own character. Notice how your values show up differently in each of them.',
    nextSteps: 'Next steps',
    steps: (goal) => [
      goal ? `Start with one short-term goal: *${goal}*. Decide when and where you will do it this week.` : 'Choose one area and write one small goal you could start this week.',
      'When an obstacle shows up, name it (“here is self-doubt”), make room for the feeling, and take the step anyway, with kindness.',
      'Come back in a few weeks and check: do your goals still follow your values? Adjust them as your life changes.',
    ],
    empty: 'There is nothing to summarise yet. Add values, goals or obstacles to at least one life area first.',
    and: 'and',
  },
  sv: {
    compass: 'Din värderingskompass',
    overview: (areas, top) =>
      `Du har utforskat ${areas.length} ${areas.length === 1 ? 'livsområde' : 'livsområden'}: ${areas.join(', ')}.` +
      (top.length ? ` Det som är viktigast för dig genom dem alla är ${top.join(', ').toLowerCase()}. De värderingarna kan vara en kompass när valen blir svåra.` : ''),
    values: 'Värderingar',
    shortGoals: 'Kortsiktiga mål',
    longGoals: 'Långsiktiga mål',
    obstacles: 'Hinder',
    meetObstacles: 'Att möta hindren',
    nothingYet: 'Inget skrivet ännu.',
    patterns: 'Mönster',
    sharedValue: (value, areas) => `**${value}** finns med i ${areas.join(' och ').toLowerCase()}: det verkar vara en röd tråd i ditt liv.`,
    sharedObstacle: (obstacle, areas) => `**${obstacle}** dyker upp i ${areas.join(' och ').toLowerCase()}; att möta det på ett ställe kan hjälpa dig på flera.`,
    noGoals: (areas) => `${areas.join(', ')} har värderingar men inga mål ännu: ett litet mål skulle göra dem till handling.`,
    noPatterns: 'Varje område har sin egen karaktär. Lägg märke till hur dina värderingar tar sig olika uttryck i vart och ett.',
    nextSteps: 'Nästa steg',
    steps: (goal) => [
      goal ? `Börja med ett kortsiktigt mål: *${goal}*. Bestäm när och var du ska göra det den här veckan.` : 'Välj ett område och skriv ett litet mål som du kan börja med den här veckan.',
      'När ett hinder dyker upp, sätt ord på det (”här kommer självtvivlet”), ge känslan utrymme och ta steget ändå, med vänlighet.',
      'Kom tillbaka om några veckor och fråga dig: följer dina mål fortfarande dina värderingar? Justera dem när livet förändras.',
    ],
    empty: 'Det finns inget att sammanfatta ännu. Lägg först till värderingar, mål eller hinder i minst ett livsområde.',
    and: 'och',
  },
};
