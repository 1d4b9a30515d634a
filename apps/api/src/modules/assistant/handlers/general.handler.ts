import { CONVERSATION_PHASES, INTERVIEW_PHASE, type ConversationData, type Language, type LifeAreaId } from '@clari/contracts';
import type { PromptMessage } from '../../../core/ai/ai.types';
import { oneOf, record, reply, suggestions } from './answer-validation';
import type { DomainHandler, HandlerResult, OpeningContext, TurnContext } from './domain-handler';
import { areasMentioned, Feeling, feelingOf, firstSentence } from './guide-language';
import { conversationPrompt, replySchema } from './prompt';
import { defaultThreadId } from './thread-id';

/** Phases the general guide may report: the Value Explorer's, the interview's, and its own. */
const GENERAL_PHASES = [...CONVERSATION_PHASES, INTERVIEW_PHASE, 'reflect'] as const;
type GeneralPhase = (typeof GENERAL_PHASES)[number];

function initialPhaseOf(domain: string): GeneralPhase {
  if (domain.startsWith('valueexplorer_')) return 'values';
  if (domain === 'interview') return INTERVIEW_PHASE;
  return 'reflect';
}

const INSTRUCTIONS: Record<Language, string> = {
  en: 'Help the user reflect on what matters to them. Listen, reflect back what you hear in your own words, and ask one open question that helps them go a step deeper or towards a small, concrete step in line with their values. Offer up to three suggestions the user could send next.',
  sv: 'Hjälp användaren att reflektera över vad som är viktigt för hen. Lyssna, spegla med egna ord det du hör och ställ en öppen fråga som hjälper hen att gå ett steg djupare eller mot ett litet, konkret steg i linje med sina värderingar. Ge upp till tre förslag på vad användaren kan skriva härnäst.',
};

interface GuideTexts {
  greeting: string;
  openers: string[];
  feelings: Record<Feeling, string>;
  mirror(quote: string): string;
  areaNames: Record<LifeAreaId, string>;
  areaQuestions: Record<LifeAreaId, string>;
  /** Asked turn by turn: what matters → how it would look → a step → obstacles → taking away. */
  steps: string[];
  acknowledgements: string[];
  suggestions: string[][];
}

const GUIDE: Record<Language, GuideTexts> = {
  en: {
    greeting: 'Hi, I’m Clari. What would you like to reflect on today? You can write freely, or start from one of the suggestions below.',
    openers: ['Something that has been on my mind lately', 'What really matters to me right now', 'A change I would like to make'],
    feelings: {
      sad: 'That sounds painful, and it makes sense that it weighs on you.',
      anxious: 'It sounds like there is a lot of worry in this. Worry often shows how much something matters to us.',
      angry: 'I hear frustration in what you write, and that is an understandable reaction.',
      tired: 'It sounds like you are running low on energy. That deserves to be taken seriously.',
      happy: 'It is good to hear that this brings you something good.',
      stuck: 'It is completely fine not to know yet. Not knowing is often where reflection starts.',
    },
    mirror: (quote) => `You write: “${quote}”.`,
    areaNames: { family: 'family', romantic: 'your relationship', career: 'work', education: 'learning', health: 'health', leisure: 'free time', spiritual: 'meaning', community: 'your community', finance: 'money', social: 'friendships' },
    areaQuestions: {
      family: 'What kind of family member would you like to be, in your own words?',
      romantic: 'What would you like your relationship to be like, and how do you want to show up in it?',
      career: 'What would make your work feel meaningful to you, beyond what others expect?',
      education: 'What draws you to learning this, and who do you want to become through it?',
      health: 'How would you like to take care of your body and mind, if it were truly up to you?',
      leisure: 'What gives you energy and joy when you have time that is only yours?',
      spiritual: 'What gives your life a sense of meaning or direction?',
      community: 'How would you like to contribute to the people and the place around you?',
      finance: 'What would you like money to make possible for you, and what does it stand for?',
      social: 'What kind of friend would you like to be, and what do you long for in your friendships?',
    },
    steps: [
      'What matters most to you in this?',
      'If things went the way you hope, what would be different in your everyday life?',
      'What is one small step you could take this week that moves you in that direction?',
      'What might get in the way, and how could you meet that with some kindness towards yourself?',
      'What are you taking with you from this conversation?',
    ],
    acknowledgements: ['Thank you for sharing that.', 'I hear you.', 'That is worth pausing on.', 'That sounds important.'],
    suggestions: [
      ['What matters most to me here is…', 'I am not sure yet', 'Can you help me sort my thoughts?'],
      ['It would feel lighter if…', 'I would spend more time on…', 'Can you ask me something else?'],
      ['One small step could be…', 'I don’t know where to start', 'Help me make it concrete'],
      ['What usually stops me is…', 'How do I handle setbacks?', 'I want to be kinder to myself'],
      ['I am taking with me that…', 'Can we summarise?', 'I want to reflect on something else'],
    ],
  },
  sv: {
    greeting: 'Hej, jag är Clari. Vad vill du reflektera över i dag? Du kan skriva fritt eller börja med något av förslagen nedan.',
    openers: ['Något som har funnits i mina tankar på sistone', 'Vad som verkligen är viktigt för mig just nu', 'En förändring jag skulle vilja göra'],
    feelings: {
      sad: 'Det låter smärtsamt, och det är begripligt att det tynger dig.',
      anxious: 'Det låter som att det finns mycket oro i det här. Oro visar ofta hur mycket något betyder för oss.',
      angry: 'Jag hör frustration i det du skriver, och det är en förståelig reaktion.',
      tired: 'Det låter som att du har lite energi kvar. Det förtjänar att tas på allvar.',
      happy: 'Vad fint att höra att det här ger dig något gott.',
      stuck: 'Det är helt okej att inte veta än. Att inte veta är ofta där reflektionen börjar.',
    },
    mirror: (quote) => `Du skriver: ”${quote}”.`,
    areaNames: { family: 'familjen', romantic: 'ditt förhållande', career: 'arbetet', education: 'lärandet', health: 'hälsan', leisure: 'fritiden', spiritual: 'meningen', community: 'samhället omkring dig', finance: 'ekonomin', social: 'vänskapen' },
    areaQuestions: {
      family: 'Vilken slags familjemedlem vill du vara, med dina egna ord?',
      romantic: 'Hur skulle du vilja att ert förhållande var, och hur vill du vara i det?',
      career: 'Vad skulle få ditt arbete att kännas meningsfullt för dig, bortom vad andra förväntar sig?',
      education: 'Vad lockar dig med att lära dig det här, och vem vill du bli genom det?',
      health: 'Hur skulle du vilja ta hand om din kropp och ditt sinne, om det helt fick vara upp till dig?',
      leisure: 'Vad ger dig energi och glädje när du har tid som bara är din?',
      spiritual: 'Vad ger ditt liv en känsla av mening eller riktning?',
      community: 'Hur skulle du vilja bidra till människorna och platsen omkring dig?',
      finance: 'Vad vill du att pengar ska göra möjligt för dig, och vad står de för?',
      social: 'Vilken slags vän vill du vara, och vad längtar du efter i dina vänskaper?',
    },
    steps: [
      'Vad är viktigast för dig i det här?',
      'Om det gick som du hoppas, vad skulle vara annorlunda i din vardag?',
      'Vilket litet steg skulle du kunna ta den här veckan som för dig i den riktningen?',
      'Vad skulle kunna komma i vägen, och hur kan du möta det med lite vänlighet mot dig själv?',
      'Vad tar du med dig från det här samtalet?',
    ],
    acknowledgements: ['Tack för att du delar det.', 'Jag hör dig.', 'Det är värt att stanna upp vid.', 'Det låter viktigt.'],
    suggestions: [
      ['Det viktigaste för mig här är…', 'Jag vet inte riktigt än', 'Kan du hjälpa mig att sortera mina tankar?'],
      ['Det skulle kännas lättare om…', 'Jag skulle lägga mer tid på…', 'Kan du fråga mig något annat?'],
      ['Ett litet steg skulle kunna vara…', 'Jag vet inte var jag ska börja', 'Hjälp mig att göra det konkret'],
      ['Det som brukar stoppa mig är…', 'Hur hanterar jag motgångar?', 'Jag vill vara snällare mot mig själv'],
      ['Jag tar med mig att…', 'Kan vi sammanfatta?', 'Jag vill reflektera över något annat'],
    ],
  },
};

/**
 * The guide for domains without a handler of their own: listens, reflects back, and walks
 * from what matters towards a small step. Its offline version does this deterministically.
 */
export class GeneralHandler implements DomainHandler {
  readonly domains = ['*'] as const;
  readonly schema = replySchema(GENERAL_PHASES);

  threadId(data: ConversationData, domain: string): string {
    return defaultThreadId(domain, data);
  }

  initialPhase(_data: ConversationData, domain: string): string {
    return initialPhaseOf(domain);
  }

  opening({ language }: OpeningContext) {
    return { greeting: GUIDE[language].greeting, suggestions: GUIDE[language].openers };
  }

  prompt(context: TurnContext): PromptMessage[] {
    return conversationPrompt({ language: context.language, instructions: INSTRUCTIONS[context.language], context: { domain: context.domain, phase: context.phase, ...context.data }, history: context.history, message: context.message });
  }

  parse(answer: unknown, context: TurnContext): HandlerResult | null {
    const body = record(answer);
    const text = body && reply(body.reply);
    if (!body || !text) return null;
    return { reply: text, suggestions: suggestions(body.suggestions), phase: oneOf(body.phase, GENERAL_PHASES, context.phase as GeneralPhase), updates: {} };
  }

  offline(context: TurnContext): { reply: string; suggestions: string[]; phase: string } {
    const guide = GUIDE[context.language];
    const turn = context.history.filter((item) => item.role === 'user').length;
    const step = Math.min(turn, guide.steps.length - 1);
    const feeling = feelingOf(context.message);
    const [area] = areasMentioned(context.message);
    const quote = firstSentence(context.message);
    const parts = [feeling ? guide.feelings[feeling] : guide.acknowledgements[turn % guide.acknowledgements.length]];
    if (quote.split(/\s+/).length >= 3) parts.push(guide.mirror(quote));
    // The first time an area comes up, ask about it; then keep walking the steps.
    const areaIsNew = area && !context.history.some((item) => item.role === 'user' && areasMentioned(item.content).includes(area));
    parts.push(areaIsNew && step < 3 ? guide.areaQuestions[area] : guide.steps[step]);
    return { reply: parts.join(' '), suggestions: guide.suggestions[step], phase: context.phase };
  }
}
