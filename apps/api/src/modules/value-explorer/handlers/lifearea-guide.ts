import type { CommonObstacleId, CommonValueId, ConversationPhase, Language, LifeAreaId } from '@clari/contracts';
import { joinList } from '../../assistant/language/text-helpers';

/** Values that often matter in an area: the first suggestion chips of the values phase. */
export const SUGGESTED_VALUES: Record<LifeAreaId, CommonValueId[]> = {
  family: ['connection', 'compassion', 'responsibility', 'playfulness'],
  romantic: ['connection', 'authenticity', 'playfulness', 'compassion'],
  career: ['growth', 'excellence', 'contribution', 'leadership'],
  education: ['curiosity', 'growth', 'wisdom', 'courage'],
  health: ['balance', 'mindfulness', 'resilience', 'compassion'],
  leisure: ['playfulness', 'adventure', 'creativity', 'freedom'],
  spiritual: ['spirituality', 'gratitude', 'wisdom', 'mindfulness'],
  community: ['contribution', 'justice', 'sustainability', 'responsibility'],
  finance: ['responsibility', 'independence', 'freedom', 'balance'],
  social: ['connection', 'authenticity', 'gratitude', 'playfulness'],
};

export const SUGGESTED_OBSTACLES: CommonObstacleId[] = ['lackOfTime', 'selfDoubt', 'competingPriorities', 'procrastination', 'fearOfFailure', 'lackOfSupport', 'financialConstraints', 'limitedResources'];

function list(items: string[], word: 'and' | 'or' | 'och' | 'eller'): string {
  return joinList(items, word === 'och' || word === 'eller' ? 'sv' : 'en', word === 'or' || word === 'eller' ? 'or' : 'and');
}

export interface LifeAreaGuideTexts {
  noArea: string;
  opening(area: string, phase: ConversationPhase, switched: boolean): string;
  addedValues(values: string[], area: string): string;
  addedGoal(term: 'short' | 'long', goal: string): string;
  addedObstacles(obstacles: string[]): string;
  committed(step: string): string;
  notRecognised: Record<Exclude<ConversationPhase, 'closure'>, string>;
  askValues(area: string): string;
  moreValues(room: number): string;
  askShortGoal(area: string, values: string[]): string;
  askLongGoal: string;
  askObstacles: string;
  moreObstacles: string;
  askForward(goal: string, obstacles: string[]): string;
  closure(area: string, values: string[], goals: number, obstacles: number): string;
  chips: { moveOn: string; helpGoal: string; noObstacles: string; firstStep: string; anotherArea: string; summary: string };
  exampleGoals: Record<LifeAreaId, string[]>;
}

export const LIFEAREA_GUIDE: Record<Language, LifeAreaGuideTexts> = {
  en: {
    noArea: 'Choose a life area first, and we can explore it together.',
    opening: (area, phase, switched) =>
      `${switched ? `Now we are looking at **${area}**.` : `Let’s explore **${area}** together.`} ` +
      (phase === 'values'
        ? 'Which values matter most to you here? Think of how you want to be, not what you want to get. You can pick from the suggestions or use your own words.'
        : phase === 'goals'
          ? 'What would you like to do in this area? Write a goal as “I want to …”.'
          : phase === 'obstacles'
            ? 'What tends to get in the way of living by your values here?'
            : 'What is one small step you could take soon?'),
    addedValues: (values, area) => `I’ve added ${list(values, 'and')} to your values for ${area}.`,
    addedGoal: (term, goal) => `I’ve noted a ${term === 'short' ? 'short-term' : 'long-term'} goal: *${goal}*.`,
    addedObstacles: (obstacles) => `I’ve added ${list(obstacles, 'and')} as ${obstacles.length > 1 ? 'obstacles' : 'an obstacle'}.`,
    committed: (step) => `That is a clear commitment: *${step}*. Small steps taken with your values in mind are what make the difference.`,
    notRecognised: {
      values: 'I couldn’t find a value in that yet. A value is a quality you want to bring to this part of life, like **Connection**, **Courage** or **Balance**.',
      goals: 'A goal can be small. Try writing it as “I want to …”, for example one of the suggestions below.',
      obstacles: 'Try naming what gets in the way in a few words, for example “lack of time” or “self-doubt”, or write “My obstacle is …”.',
      forward: 'Think of something you could do within a week, small enough that you will really do it.',
    },
    askValues: (area) => `Which values matter most to you in ${area}? Think of the kind of person you want to be here. Choose up to five.`,
    moreValues: (room) => (room > 0 ? `Is there another value that matters here (up to ${room} more), or shall we move on to your goals?` : 'That is five values, the most for one area.'),
    askShortGoal: (area, values) =>
      `${values.length ? `With ${list(values, 'and')} in mind, what` : 'What'} would you like to do in ${area} in the coming weeks? Write it as “I want to …”.`,
    askLongGoal: 'And looking further ahead: what would you like to have grown into in a year or more? That becomes a long-term goal.',
    askObstacles: 'What usually gets in the way of living by these values? Naming obstacles makes them easier to meet. You can list up to three.',
    moreObstacles: 'Is there anything else that gets in the way, or shall we look at a first step?',
    askForward: (goal, obstacles) =>
      `${obstacles.length ? `When ${list(obstacles, 'or').toLowerCase()} shows up, you can notice it, make room for the feeling, and still take a small step. ` : ''}What is one concrete thing you will do in the next few days${goal ? ` towards “${goal}”` : ''}?`,
    closure: (area, values, goals, obstacles) =>
      `Here is where you are with **${area}**: ${values.length ? `your values are ${list(values, 'and')}` : 'no values yet'}, ${goals} ${goals === 1 ? 'goal' : 'goals'} and ${obstacles} ${obstacles === 1 ? 'obstacle' : 'obstacles'}. ` +
      'You can go back to the areas to explore another one, or generate your summary when you are ready.',
    chips: {
      moveOn: 'Let’s move on',
      helpGoal: 'Help me find a goal',
      noObstacles: 'No obstacles right now',
      firstStep: 'This week I will take the first small step',
      anotherArea: 'What should I explore next?',
      summary: 'How do I get my summary?',
    },
    exampleGoals: {
      family: ['I want to eat dinner together with my family three evenings this week', 'I want to have a close and warm relationship with my children in five years'],
      romantic: ['I want to plan a date night with my partner this month', 'I want us to grow closer and keep laughing together in the long run'],
      career: ['I want to ask my manager for feedback this week', 'I want to work with something I find meaningful in three years'],
      education: ['I want to spend thirty minutes reading about a new subject this week', 'I want to finish a course that develops me within a year'],
      health: ['I want to go for a walk three times this week', 'I want to feel strong and rested in the long run'],
      leisure: ['I want to set aside one evening for a hobby this week', 'I want to have time for play and creativity every week in the future'],
      spiritual: ['I want to take five quiet minutes every morning this week', 'I want to live with a clear sense of purpose in the long run'],
      community: ['I want to help a neighbour this month', 'I want to be an active part of my community in a few years'],
      finance: ['I want to go through my spending this week', 'I want to have a financial buffer in two years'],
      social: ['I want to call a friend I miss this week', 'I want to have a few close friendships that last in the long run'],
    },
  },
  sv: {
    noArea: 'Välj först ett livsområde, så utforskar vi det tillsammans.',
    opening: (area, phase, switched) =>
      `${switched ? `Nu tittar vi på **${area}**.` : `Låt oss utforska **${area}** tillsammans.`} ` +
      (phase === 'values'
        ? 'Vilka värderingar är viktigast för dig här? Tänk på hur du vill vara, inte vad du vill få. Välj bland förslagen eller använd egna ord.'
        : phase === 'goals'
          ? 'Vad skulle du vilja göra inom det här området? Skriv ett mål som ”Jag vill …”.'
          : phase === 'obstacles'
            ? 'Vad brukar komma i vägen för att leva efter dina värderingar här?'
            : 'Vilket litet steg skulle du kunna ta snart?'),
    addedValues: (values, area) => `Jag har lagt till ${list(values, 'och')} bland dina värderingar för ${area.toLowerCase()}.`,
    addedGoal: (term, goal) => `Jag har noterat ett ${term === 'short' ? 'kortsiktigt' : 'långsiktigt'} mål: *${goal}*.`,
    addedObstacles: (obstacles) => `Jag har lagt till ${list(obstacles, 'och')} som ${obstacles.length > 1 ? 'hinder' : 'ett hinder'}.`,
    committed: (step) => `Det är ett tydligt åtagande: *${step}*. Små steg tagna med dina värderingar i åtanke är det som gör skillnad.`,
    notRecognised: {
      values: 'Jag hittade ingen värdering i det ännu. En värdering är en egenskap du vill ta med dig in i den här delen av livet, till exempel **Samhörighet**, **Mod** eller **Balans**.',
      goals: 'Ett mål kan vara litet. Prova att skriva det som ”Jag vill …”, till exempel något av förslagen nedan.',
      obstacles: 'Prova att med några ord säga vad som kommer i vägen, till exempel ”tidsbrist” eller ”självtvivel”, eller skriv ”Mitt hinder är …”.',
      forward: 'Tänk på något du kan göra inom en vecka, så litet att du verkligen gör det.',
    },
    askValues: (area) => `Vilka värderingar är viktigast för dig inom ${area.toLowerCase()}? Tänk på vilken person du vill vara här. Välj upp till fem.`,
    moreValues: (room) => (room > 0 ? `Finns det fler värderingar som är viktiga här (upp till ${room} till), eller ska vi gå vidare till dina mål?` : 'Det är fem värderingar, det högsta för ett område.'),
    askShortGoal: (area, values) =>
      `${values.length ? `Med ${list(values, 'och').toLowerCase()} i åtanke, vad` : 'Vad'} skulle du vilja göra inom ${area.toLowerCase()} de närmaste veckorna? Skriv det som ”Jag vill …”.`,
    askLongGoal: 'Och om du blickar längre fram: vad skulle du vilja ha vuxit in i om ett år eller mer? Det blir ett långsiktigt mål.',
    askObstacles: 'Vad brukar komma i vägen för att leva efter de här värderingarna? Att sätta ord på hinder gör dem lättare att möta. Du kan ange upp till tre.',
    moreObstacles: 'Är det något mer som kommer i vägen, eller ska vi titta på ett första steg?',
    askForward: (goal, obstacles) =>
      `${obstacles.length ? `När ${list(obstacles, 'eller').toLowerCase()} dyker upp kan du lägga märke till det, ge känslan utrymme och ändå ta ett litet steg. ` : ''}Vad är en konkret sak du ska göra de närmaste dagarna${goal ? ` för att närma dig ”${goal}”` : ''}?`,
    closure: (area, values, goals, obstacles) =>
      `Så här ser det ut för **${area}**: ${values.length ? `dina värderingar är ${list(values, 'och').toLowerCase()}` : 'inga värderingar ännu'}, ${goals} ${goals === 1 ? 'mål' : 'mål'} och ${obstacles} hinder. ` +
      'Du kan gå tillbaka till områdena och utforska ett till, eller skapa din sammanfattning när du är redo.',
    chips: {
      moveOn: 'Gå vidare',
      helpGoal: 'Hjälp mig hitta ett mål',
      noObstacles: 'Jag ser inga hinder just nu',
      firstStep: 'Den här veckan ska jag ta första lilla steget',
      anotherArea: 'Vad ska jag utforska härnäst?',
      summary: 'Hur får jag min sammanfattning?',
    },
    exampleGoals: {
      family: ['Jag vill äta middag tillsammans med familjen tre kvällar den här veckan', 'Jag vill ha en nära och varm relation med mina barn om fem år'],
      romantic: ['Jag vill planera en dejtkväll med min partner den här månaden', 'Jag vill att vi kommer närmare varandra och fortsätter skratta tillsammans på lång sikt'],
      career: ['Jag vill be min chef om återkoppling den här veckan', 'Jag vill arbeta med något jag tycker är meningsfullt om tre år'],
      education: ['Jag vill läsa om ett nytt ämne i trettio minuter den här veckan', 'Jag vill gå klart en kurs som utvecklar mig inom ett år på sikt'],
      health: ['Jag vill ta en promenad tre gånger den här veckan', 'Jag vill känna mig stark och utvilad på lång sikt'],
      leisure: ['Jag vill avsätta en kväll för en hobby den här veckan', 'Jag vill ha tid för lek och kreativitet varje vecka i framtiden'],
      spiritual: ['Jag vill ta fem lugna minuter varje morgon den här veckan', 'Jag vill leva med en tydlig känsla av mening på lång sikt'],
      community: ['Jag vill hjälpa en granne den här månaden', 'Jag vill vara en aktiv del av mitt närområde om några år'],
      finance: ['Jag vill gå igenom mina utgifter den här veckan', 'Jag vill ha en ekonomisk buffert om två år'],
      social: ['Jag vill ringa en vän jag saknar den här veckan', 'Jag vill ha några nära vänskaper som håller på lång sikt'],
    },
  },
};
