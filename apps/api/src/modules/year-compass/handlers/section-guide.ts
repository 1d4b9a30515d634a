import type { Feeling } from '../../assistant/handlers/guide-language';
import type { Language } from '@clari/contracts';

/** What the offline Year Compass guide says, per language. Titles arrive already in that language. */
export interface SectionGuideTexts {
  noSection: string;
  opening(sectionTitle: string): string;
  openingAllFilled(sectionTitle: string): string;
  ask(boxTitle: string, prompt: string): string;
  added(boxTitle: string): string;
  skipped(boxTitle: string): string;
  help(boxTitle: string, prompt: string, pastYear: boolean): string;
  tooLong(boxTitle: string): string;
  backTo(boxTitle: string, prompt: string): string;
  allFilled(sectionTitle: string): string;
  mirror(quote: string): string;
  feelings: Record<Feeling, string>;
  acknowledgements: string[];
  reflectPast: string[];
  reflectFuture: string[];
  chips: {
    help: string;
    skip: string;
    reflectPast: string[];
    reflectFuture: string[];
  };
}

export const SECTION_GUIDE: Record<Language, SectionGuideTexts> = {
  en: {
    noSection: 'Open one of the Year Compass sections, and we can work on it together.',
    opening: (title) => `Let’s work on **${title}** together. I’ll ask about one box at a time and put your answers in the boxes for you.`,
    openingAllFilled: (title) => `Every box in **${title}** has something in it already. Would you like to reflect on what you wrote together?`,
    ask: (title, prompt) => `**${title}:** ${prompt}`,
    added: (title) => `I’ve added that to **${title}**.`,
    skipped: (title) => `Let’s leave **${title}** for now; you can come back to it any time.`,
    help: (title, prompt, past) =>
      `Take your time, there is no right answer. ${past ? 'Start with whatever comes first: a place, a person, a feeling or a single word.' : 'Start small: one picture, one feeling, or one thing you would like more of.'} Whatever you write, I’ll put it in **${title}**.\n\n${prompt}`,
    tooLong: (title) => `That would make **${title}** longer than a box can hold. Could you say it a little more briefly?`,
    backTo: (title, prompt) => `There is still room in **${title}**. ${prompt}`,
    allFilled: (title) => `Now every box in **${title}** has something in it. Well done. Would you like to look at what you wrote together?`,
    mirror: (quote) => `You write: “${quote}”.`,
    feelings: {
      sad: 'That sounds painful, and it makes sense that it still touches you.',
      anxious: 'There is worry in this, and worry often shows how much something matters.',
      angry: 'I hear frustration in this, and that is an understandable reaction.',
      tired: 'It sounds like it took a lot of energy. That deserves to be acknowledged.',
      happy: 'It is lovely to hear how much this means to you.',
      stuck: 'It is completely fine not to know yet. Not knowing is often where reflection starts.',
    },
    acknowledgements: ['Thank you for sharing that.', 'I hear you.', 'That is worth pausing at.', 'That sounds important.'],
    reflectPast: [
      'Reading what you wrote, what stands out to you the most?',
      'What does this tell you about what matters to you?',
      'What do you want to take with you from this into the year ahead?',
      'If a good friend had written this, what would you say to them?',
    ],
    reflectFuture: [
      'What would be a first small step towards this, within the next month?',
      'What might get in the way, and how could you meet it with kindness?',
      'How will you notice that you are on your way?',
      'Who could support you in this?',
    ],
    chips: {
      help: 'Help me get started',
      skip: 'Skip this box',
      reflectPast: ['What stands out in what I wrote?', 'What do I take with me from this?'],
      reflectFuture: ['What could be a first step?', 'What might get in the way?'],
    },
  },
  sv: {
    noSection: 'Öppna en av delarna i Årskompassen, så arbetar vi med den tillsammans.',
    opening: (title) => `Låt oss arbeta med **${title}** tillsammans. Jag frågar om en ruta i taget och skriver in dina svar i rutorna åt dig.`,
    openingAllFilled: (title) => `Alla rutor i **${title}** har redan innehåll. Vill du att vi reflekterar tillsammans över det du har skrivit?`,
    ask: (title, prompt) => `**${title}:** ${prompt}`,
    added: (title) => `Jag har lagt till det i **${title}**.`,
    skipped: (title) => `Vi lämnar **${title}** så länge; du kan komma tillbaka till den när du vill.`,
    help: (title, prompt, past) =>
      `Ta den tid du behöver, det finns inget rätt svar. ${past ? 'Börja med det som dyker upp först: en plats, en människa, en känsla eller ett enda ord.' : 'Börja i det lilla: en bild, en känsla eller något du vill ha mer av.'} Vad du än skriver lägger jag in det i **${title}**.\n\n${prompt}`,
    tooLong: (title) => `Då skulle **${title}** bli längre än en ruta rymmer. Kan du säga det lite kortare?`,
    backTo: (title, prompt) => `Det finns fortfarande plats i **${title}**. ${prompt}`,
    allFilled: (title) => `Nu har alla rutor i **${title}** fått innehåll. Bra jobbat! Vill du att vi tittar på det du skrivit tillsammans?`,
    mirror: (quote) => `Du skriver: ”${quote}”.`,
    feelings: {
      sad: 'Det låter smärtsamt, och det är begripligt att det fortfarande berör dig.',
      anxious: 'Det finns oro i det här, och oro visar ofta hur viktigt något är.',
      angry: 'Jag hör frustration i det du skriver, och det är en begriplig reaktion.',
      tired: 'Det låter som att det tog mycket kraft. Det förtjänar att erkännas.',
      happy: 'Vad fint att höra hur mycket det här betyder för dig.',
      stuck: 'Det är helt okej att inte veta än. Att inte veta är ofta där reflektionen börjar.',
    },
    acknowledgements: ['Tack för att du delar det.', 'Jag hör dig.', 'Det är värt att stanna upp vid.', 'Det låter viktigt.'],
    reflectPast: [
      'När du läser det du har skrivit, vad sticker ut mest för dig?',
      'Vad säger det här om vad som är viktigt för dig?',
      'Vad vill du ta med dig från det här in i året som kommer?',
      'Om en god vän hade skrivit det här, vad skulle du säga till hen?',
    ],
    reflectFuture: [
      'Vad skulle kunna vara ett första litet steg mot det här, inom den närmaste månaden?',
      'Vad skulle kunna komma i vägen, och hur kan du möta det med vänlighet?',
      'Hur kommer du att märka att du är på väg?',
      'Vem skulle kunna stötta dig i det här?',
    ],
    chips: {
      help: 'Hjälp mig komma igång',
      skip: 'Hoppa över den här rutan',
      reflectPast: ['Vad sticker ut i det jag skrev?', 'Vad tar jag med mig från det här?'],
      reflectFuture: ['Vad kan bli ett första steg?', 'Vad kan komma i vägen?'],
    },
  },
};
