import type { Language, ReflectTopicId } from '@clari/contracts';
import type { Feeling } from '../../assistant/handlers/guide-language';

/**
 * One topic's guided conversation: the questions Clari asks in order (the first one in the
 * opening), the heading each answer gets in the written reflection, and suggestion chips.
 */
export interface TopicGuide {
  /** As the topic reads in a title: "Your day", "A conflict". */
  title: string;
  /** The topic as the user's own subject: "your day", "the conflict". */
  about: string;
  /** The opening's first sentence, before the first question. */
  intro: string;
  questions: string[];
  /** One per question: the reflection's heading for the answer to it. */
  sections: string[];
  /** Chips per question (the same index as questions). */
  chips: string[][];
  /** Which answer holds the topic's core insight (what matters, the needs, the tiny version…). */
  coreSection: number;
  /** The title of the takeaway made from that answer. */
  coreTakeaway: string;
  /** A takeaway that fits the topic whatever was said. */
  fallbackTakeaway: { title: string; content: string };
}

export interface ReflectGuideTexts {
  topics: Record<ReflectTopicId, TopicGuide>;
  /** Empathic first sentences, by the feeling a message names. */
  feelings: Record<Feeling, string>;
  acknowledgements: string[];
  mirror(quote: string): string;
  /** Said when every question of the topic has been answered. */
  wrapUp(about: string): string;
  /** Said after the wrap-up and after a summary exists, while the user keeps writing. */
  keepGoing: string;
  keepGoingAfterSummary: string;
  clarifyHint: string;
  welcomeBack(title: string): string;
  summaryWritten(takeaways: number): string;
  nothingToSummarise(question: string): string;
  alreadySummarised: string;
  /** Heading of what a later Clarify adds to a written reflection. */
  addedHeading: string;
  /** Said when a second Clarify added to the reflection and kept the user's edits. */
  summaryUpdated(takeaways: number): string;
  afterSummaryChips: string[];
  /** "X and Y" in a title. */
  and: string;
  intentionsHeading: string;
  quoteTakeaway(sentence: string, kind: 'intention' | 'insight'): string;
  coreTakeawayContent(quote: string): string;
}

export const REFLECT_GUIDE: Record<Language, ReflectGuideTexts> = {
  en: {
    topics: {
      open_ended: {
        title: 'Open reflection',
        about: 'what is on your mind',
        intro: 'Hi, I’m Clari.',
        questions: [
          'What would you like to reflect on today? Write freely: a thought, an event or a question.',
          'What matters most to you in this?',
          'If things went the way you hope, what would be different in your everyday life?',
          'What is one small step you could take this week that moves you in that direction?',
          'What might get in the way, and how could you meet that with some kindness towards yourself?',
          'What are you taking with you from this conversation?',
        ],
        sections: ['What is on my mind', 'What matters to me', 'How I would like it to be', 'My next step', 'What might get in the way', 'What I take with me'],
        chips: [['Something that has been on my mind lately', 'What really matters to me right now', 'A change I would like to make']],
        coreSection: 1,
        coreTakeaway: 'What matters to me',
        fallbackTakeaway: { title: 'Come back to it', content: 'Return to this reflection in a few days and notice what has changed, in the situation or in you.' },
      },
      your_day: {
        title: 'Your day',
        about: 'your day',
        intro: 'Let’s look back at your day together.',
        questions: [
          'What happened today? The big things or the small ones, whatever comes to mind first.',
          'How did it feel while it was happening, and how does it feel now?',
          'What mattered most to you today, and why?',
          'Was there a moment you are proud of, or one you would like to have handled differently?',
          'What would you like to take with you into tomorrow?',
        ],
        sections: ['What happened', 'How it felt', 'What mattered', 'A moment to remember', 'What I take into tomorrow'],
        chips: [
          ['It was a busy day', 'Something small made me happy', 'Today was hard'],
          ['I felt calm', 'I felt stressed', 'I am not sure how I felt'],
          ['Time with people I care about', 'Getting something done'],
          ['I am proud that…', 'I wish I had…'],
          ['Tomorrow I will…', 'I want to remember that…'],
        ],
        coreSection: 2,
        coreTakeaway: 'What mattered today',
        fallbackTakeaway: { title: 'Notice one thing that mattered', content: 'End each day by noting one thing that mattered to you. It trains your attention on what you value.' },
      },
      meeting: {
        title: 'A meeting',
        about: 'the meeting',
        intro: 'Let’s reflect on a meeting.',
        questions: [
          'Which meeting would you like to reflect on? Who was there, and what was it about?',
          'What went well, and what did not go the way you hoped?',
          'How did you feel during the meeting, and how did that show in what you did?',
          'What mattered most to you in it: for you, for the others, or for the work?',
          'What will you do next, or do differently in the next meeting?',
        ],
        sections: ['The meeting', 'How it went', 'How I felt', 'What matters to me', 'What I will do'],
        chips: [
          ['A meeting at work', 'A talk with someone close', 'A first meeting'],
          ['It went better than I expected', 'I did not say what I meant'],
          ['I felt nervous', 'I felt listened to', 'I felt ignored'],
          ['Being heard', 'Getting a clear decision'],
          ['Next time I will…', 'I will follow up by…'],
        ],
        coreSection: 3,
        coreTakeaway: 'What matters to me in meetings',
        fallbackTakeaway: { title: 'Prepare one intention', content: 'Before the next meeting, decide on one thing you want to say or ask, and how you want to show up.' },
      },
      life_goal: {
        title: 'A life goal',
        about: 'your goal',
        intro: 'Let’s explore a life goal together.',
        questions: [
          'Which life goal would you like to reflect on? Describe it in your own words.',
          'Why does this goal matter to you? Which of your values does it serve?',
          'Where are you now in relation to it, and what has helped you so far?',
          'What gets in the way, inside you or around you?',
          'What is one small step you could take this week?',
        ],
        sections: ['The goal', 'Why it matters', 'Where I am now', 'What gets in the way', 'My next step'],
        chips: [
          ['I want to change careers', 'I want to be healthier', 'I want closer relationships'],
          ['It would give me freedom', 'It is about the people I love'],
          ['I have barely started', 'I am halfway there'],
          ['Lack of time', 'I doubt myself'],
          ['This week I will…', 'Help me find a small step'],
        ],
        coreSection: 1,
        coreTakeaway: 'Why this goal matters',
        fallbackTakeaway: { title: 'Start small', content: 'Break the goal into a step small enough to take this week, and let the next step follow from it.' },
      },
      philosophical_idea: {
        title: 'A philosophical idea',
        about: 'the idea',
        intro: 'Let’s think through an idea together.',
        questions: [
          'Which idea or question has caught your interest? Describe it as you understand it.',
          'What draws you to it? What do you find true, puzzling or provoking about it?',
          'Can you think of an argument against it, or another way of seeing it?',
          'How does it connect to your own life and to what you value?',
          'If you took this idea seriously, what would you do differently?',
        ],
        sections: ['The idea', 'What draws me to it', 'Another view', 'What it means for me', 'What I would do differently'],
        chips: [
          ['What makes a life meaningful?', 'Do we have free will?', 'What do we owe each other?'],
          ['It feels true to me', 'It puzzles me'],
          ['Someone might say…', 'I cannot think of one'],
          ['It changes how I see my work', 'It touches my relationships'],
          ['I would…', 'I am not sure yet'],
        ],
        coreSection: 3,
        coreTakeaway: 'What the idea means for me',
        fallbackTakeaway: { title: 'Test the idea in life', content: 'Look for one situation this week where the idea applies, and see whether it holds.' },
      },
      problem: {
        title: 'A problem',
        about: 'the problem',
        intro: 'Let’s work through a problem together.',
        questions: [
          'What problem would you like to work through? Describe the situation.',
          'What have you tried so far, and what happened?',
          'How does the problem affect you: your feelings, your energy, the people around you?',
          'What possible ways forward can you see, even imperfect ones?',
          'Which small step will you try first, and when?',
        ],
        sections: ['The problem', 'What I have tried', 'How it affects me', 'Possible ways forward', 'My first step'],
        chips: [
          ['A problem at work', 'A practical problem at home', 'Something between me and someone else'],
          ['Nothing yet', 'I have tried many things'],
          ['It keeps me awake', 'It drains my energy'],
          ['I could ask for help', 'I could do it differently'],
          ['Tomorrow I will…', 'This week I will…'],
        ],
        coreSection: 3,
        coreTakeaway: 'A way forward',
        fallbackTakeaway: { title: 'Try one step, then review', content: 'Pick one way forward, try it for a few days, then look at what happened and adjust.' },
      },
      conflict: {
        title: 'A conflict',
        about: 'the conflict',
        intro: 'Let’s look at a conflict together, calmly and from both sides.',
        questions: [
          'What conflict would you like to reflect on? Describe what happened.',
          'How did you see the situation, and how do you think the other person saw it?',
          'What did you need in that situation, and what might the other person have needed?',
          'How did you feel, and how did you act on those feelings?',
          'What would be a next step towards repairing or clarifying things?',
        ],
        sections: ['The situation', 'Both sides', 'Needs', 'How I felt and acted', 'A next step'],
        chips: [
          ['A conflict at work', 'An argument at home', 'A friendship that got tense'],
          ['I think they saw it differently', 'I do not understand their view'],
          ['I needed respect', 'I needed to be heard'],
          ['I got angry', 'I went quiet'],
          ['I will talk to them', 'I will apologise for my part'],
        ],
        coreSection: 2,
        coreTakeaway: 'What we both needed',
        fallbackTakeaway: { title: 'Listen for needs', content: 'Behind most positions there is a need. Ask about it before arguing for your own view.' },
      },
      emotion: {
        title: 'An emotion',
        about: 'the emotion',
        intro: 'Let’s explore an emotion together, with curiosity rather than judgement.',
        questions: [
          'Which emotion would you like to explore? Name it, and tell me when it shows up.',
          'Where do you notice it in your body, and how strong is it?',
          'What do you think the emotion is telling you? What matters to you here?',
          'How do you usually respond to it, and how does that work for you?',
          'How would you like to meet this emotion next time it comes?',
        ],
        sections: ['The emotion', 'How it feels', 'What it tells me', 'How I respond', 'Next time'],
        chips: [
          ['Worry', 'Sadness', 'Anger', 'Joy'],
          ['A knot in my stomach', 'Tension in my shoulders'],
          ['That something matters to me', 'I do not know yet'],
          ['I try to push it away', 'I talk to someone'],
          ['I will make room for it', 'I will notice it without acting on it'],
        ],
        coreSection: 2,
        coreTakeaway: 'What the feeling tells me',
        fallbackTakeaway: { title: 'Make room for the feeling', content: 'Emotions come and go. Name it, notice it in the body, and let it be there while you act on what matters.' },
      },
      habit: {
        title: 'A habit',
        about: 'the habit',
        intro: 'Let’s look at a habit together.',
        questions: [
          'Which habit would you like to reflect on: one to build, or one to change?',
          'When does it happen? What is the cue: a time, a place, a feeling, other people?',
          'What does the habit give you? What is the reward, even a small one?',
          'What would a tiny version of the new habit look like, so small it is almost too easy?',
          'How will you remember it and keep track, and what will you do on a day you miss?',
        ],
        sections: ['The habit', 'The cue', 'The reward', 'A tiny version', 'Keeping it going'],
        chips: [
          ['I want to exercise more', 'I scroll on my phone too much', 'I want to read every day'],
          ['In the evening', 'When I feel stressed'],
          ['It calms me down', 'A feeling of progress'],
          ['Two minutes a day', 'One page a day'],
          ['A note on the fridge', 'I will just start again the next day'],
        ],
        coreSection: 3,
        coreTakeaway: 'My tiny version',
        fallbackTakeaway: { title: 'Make it tiny', content: 'Start with a version so small it is almost too easy, tie it to a clear cue, and enjoy having done it.' },
      },
    },
    feelings: {
      sad: 'That sounds painful, and it makes sense that it weighs on you.',
      anxious: 'There seems to be a lot of worry in this. Worry often shows how much something matters to us.',
      angry: 'I hear frustration in what you write, and that is an understandable reaction.',
      tired: 'It sounds like you are running low on energy. That deserves to be taken seriously.',
      happy: 'It is good to hear that this brings you something good.',
      stuck: 'It is completely fine not to know yet. Not knowing is often where reflection starts.',
    },
    acknowledgements: ['Thank you for sharing that.', 'I hear you.', 'That is worth pausing on.', 'That sounds important.'],
    mirror: (quote) => `You write: “${quote}”.`,
    wrapUp: (about) => `That gives me a good picture of ${about}. When you are ready, press **Clarify** and I will write your reflection and takeaways. Or keep writing if there is more.`,
    keepGoing: 'Is there anything else you would like to add? When you are ready, press **Clarify**.',
    keepGoingAfterSummary: 'Would you like to add anything else? When you are done, choose the suggestion below and I will update your reflection.',
    clarifyHint: 'When you feel you have said enough, press **Clarify** and I will write your reflection.',
    welcomeBack: (title) => `Welcome back to “${title}”. Would you like to add something, or look at it from a new angle?`,
    summaryWritten: (count) =>
      `Here is your reflection, written from what you told me${count ? `, with ${count === 1 ? 'one takeaway' : `${count} takeaways`}` : ''}. You can edit both. If you want to add something, just write, and ask me to update it afterwards.`,
    nothingToSummarise: (question) => `There is not much to write a reflection from yet. ${question}`,
    alreadySummarised: 'Your reflection is already written from our earlier conversation. Tell me what you would like to add, and then ask me to update it.',
    addedHeading: 'Added later',
    summaryUpdated: (count) => `I have added what you told me since to your reflection${count ? ` and ${count === 1 ? 'one new takeaway' : `${count} new takeaways`}` : ''}. Your title, tags and edited takeaways are as you left them.`,
    afterSummaryChips: ['I want to add something', 'What could I do next?'],
    and: 'and',
    intentionsHeading: 'What I will do',
    quoteTakeaway: (sentence, kind) =>
      `In your own words: “${sentence}”\n\n${kind === 'intention' ? 'Decide when and where you will do it, and notice how it goes.' : 'Keep this insight close, and notice when it shows up again.'}`,
    coreTakeawayContent: (quote) => `In your own words: “${quote}”\n\nLet this guide your next choice.`,
  },
  sv: {
    topics: {
      open_ended: {
        title: 'Öppen reflektion',
        about: 'det du tänker på',
        intro: 'Hej, jag är Clari.',
        questions: [
          'Vad vill du reflektera över i dag? Skriv fritt: en tanke, en händelse eller en fråga.',
          'Vad är viktigast för dig i det här?',
          'Om det gick som du hoppas, vad skulle vara annorlunda i din vardag?',
          'Vilket litet steg skulle du kunna ta den här veckan som för dig i den riktningen?',
          'Vad skulle kunna komma i vägen, och hur kan du möta det med lite vänlighet mot dig själv?',
          'Vad tar du med dig från det här samtalet?',
        ],
        sections: ['Det jag tänker på', 'Det som är viktigt för mig', 'Hur jag vill att det ska vara', 'Mitt nästa steg', 'Det som kan komma i vägen', 'Det jag tar med mig'],
        chips: [['Något som har funnits i mina tankar på sistone', 'Vad som verkligen är viktigt för mig just nu', 'En förändring jag skulle vilja göra']],
        coreSection: 1,
        coreTakeaway: 'Det som är viktigt för mig',
        fallbackTakeaway: { title: 'Återvänd till det', content: 'Läs reflektionen igen om några dagar och lägg märke till vad som har förändrats, i situationen eller i dig.' },
      },
      your_day: {
        title: 'Din dag',
        about: 'din dag',
        intro: 'Låt oss blicka tillbaka på din dag tillsammans.',
        questions: [
          'Vad hände i dag? Stora saker eller små, det som dyker upp först.',
          'Hur kändes det medan det hände, och hur känns det nu?',
          'Vad var viktigast för dig i dag, och varför?',
          'Fanns det ett ögonblick du är stolt över, eller ett du hade velat hantera annorlunda?',
          'Vad vill du ta med dig in i morgondagen?',
        ],
        sections: ['Vad som hände', 'Hur det kändes', 'Det som var viktigt', 'Ett ögonblick att minnas', 'Det jag tar med mig till i morgon'],
        chips: [
          ['Det var en hektisk dag', 'Något litet gjorde mig glad', 'I dag var tungt'],
          ['Jag kände mig lugn', 'Jag kände mig stressad', 'Jag vet inte riktigt hur jag kände'],
          ['Tid med människor jag bryr mig om', 'Att få något gjort'],
          ['Jag är stolt över att…', 'Jag önskar att jag hade…'],
          ['I morgon ska jag…', 'Jag vill komma ihåg att…'],
        ],
        coreSection: 2,
        coreTakeaway: 'Det som var viktigt i dag',
        fallbackTakeaway: { title: 'Lägg märke till en sak som betydde något', content: 'Avsluta varje dag med att notera en sak som var viktig för dig. Det tränar din uppmärksamhet på det du värdesätter.' },
      },
      meeting: {
        title: 'Ett möte',
        about: 'mötet',
        intro: 'Låt oss reflektera över ett möte.',
        questions: [
          'Vilket möte vill du reflektera över? Vilka var där, och vad handlade det om?',
          'Vad gick bra, och vad gick inte som du hade hoppats?',
          'Hur kände du dig under mötet, och hur märktes det i det du gjorde?',
          'Vad var viktigast för dig i mötet: för dig själv, för de andra eller för arbetet?',
          'Vad ska du göra härnäst, eller göra annorlunda nästa gång?',
        ],
        sections: ['Mötet', 'Hur det gick', 'Hur jag kände mig', 'Det som är viktigt för mig', 'Det här ska jag göra'],
        chips: [
          ['Ett möte på jobbet', 'Ett samtal med någon nära', 'Ett första möte'],
          ['Det gick bättre än jag trodde', 'Jag sa inte det jag menade'],
          ['Jag var nervös', 'Jag kände mig lyssnad på', 'Jag kände mig förbisedd'],
          ['Att bli hörd', 'Att få ett tydligt beslut'],
          ['Nästa gång ska jag…', 'Jag ska följa upp genom att…'],
        ],
        coreSection: 3,
        coreTakeaway: 'Det som är viktigt för mig i möten',
        fallbackTakeaway: { title: 'Förbered en avsikt', content: 'Bestäm inför nästa möte en sak du vill säga eller fråga, och hur du vill vara i mötet.' },
      },
      life_goal: {
        title: 'Ett livsmål',
        about: 'ditt mål',
        intro: 'Låt oss utforska ett livsmål tillsammans.',
        questions: [
          'Vilket livsmål vill du reflektera över? Beskriv det med dina egna ord.',
          'Varför är målet viktigt för dig? Vilka av dina värderingar tjänar det?',
          'Var befinner du dig nu i förhållande till målet, och vad har hjälpt dig hittills?',
          'Vad står i vägen, inom dig eller omkring dig?',
          'Vilket litet steg skulle du kunna ta den här veckan?',
        ],
        sections: ['Målet', 'Varför det är viktigt', 'Där jag är nu', 'Det som står i vägen', 'Mitt nästa steg'],
        chips: [
          ['Jag vill byta yrke', 'Jag vill bli friskare', 'Jag vill ha närmare relationer'],
          ['Det skulle ge mig frihet', 'Det handlar om människorna jag älskar'],
          ['Jag har knappt börjat', 'Jag är halvvägs'],
          ['Tidsbrist', 'Jag tvivlar på mig själv'],
          ['Den här veckan ska jag…', 'Hjälp mig hitta ett litet steg'],
        ],
        coreSection: 1,
        coreTakeaway: 'Varför målet är viktigt',
        fallbackTakeaway: { title: 'Börja smått', content: 'Dela upp målet i ett steg som är litet nog att ta den här veckan, och låt nästa steg följa av det.' },
      },
      philosophical_idea: {
        title: 'En filosofisk idé',
        about: 'idén',
        intro: 'Låt oss tänka igenom en idé tillsammans.',
        questions: [
          'Vilken idé eller fråga har väckt ditt intresse? Beskriv den som du förstår den.',
          'Vad lockar dig med den? Vad tycker du är sant, gåtfullt eller utmanande i den?',
          'Kan du komma på ett argument emot den, eller ett annat sätt att se på den?',
          'Hur hänger den ihop med ditt eget liv och det du värdesätter?',
          'Om du tog idén på allvar, vad skulle du göra annorlunda?',
        ],
        sections: ['Idén', 'Det som lockar mig', 'Ett annat perspektiv', 'Vad den betyder för mig', 'Det jag skulle göra annorlunda'],
        chips: [
          ['Vad gör ett liv meningsfullt?', 'Har vi fri vilja?', 'Vad är vi skyldiga varandra?'],
          ['Den känns sann för mig', 'Den förbryllar mig'],
          ['Någon skulle kunna säga…', 'Jag kommer inte på något'],
          ['Den ändrar hur jag ser på mitt arbete', 'Den berör mina relationer'],
          ['Jag skulle…', 'Jag vet inte än'],
        ],
        coreSection: 3,
        coreTakeaway: 'Vad idén betyder för mig',
        fallbackTakeaway: { title: 'Pröva idén i livet', content: 'Leta efter en situation den här veckan där idén passar in, och se om den håller.' },
      },
      problem: {
        title: 'Ett problem',
        about: 'problemet',
        intro: 'Låt oss arbeta oss igenom ett problem tillsammans.',
        questions: [
          'Vilket problem vill du arbeta med? Beskriv situationen.',
          'Vad har du provat hittills, och vad hände då?',
          'Hur påverkar problemet dig: dina känslor, din energi, människorna omkring dig?',
          'Vilka möjliga vägar framåt ser du, även ofullkomliga?',
          'Vilket litet steg provar du först, och när?',
        ],
        sections: ['Problemet', 'Det jag har provat', 'Hur det påverkar mig', 'Möjliga vägar framåt', 'Mitt första steg'],
        chips: [
          ['Ett problem på jobbet', 'Ett praktiskt problem hemma', 'Något mellan mig och någon annan'],
          ['Inget ännu', 'Jag har provat många saker'],
          ['Det håller mig vaken', 'Det tar min energi'],
          ['Jag skulle kunna be om hjälp', 'Jag skulle kunna göra på ett annat sätt'],
          ['I morgon ska jag…', 'Den här veckan ska jag…'],
        ],
        coreSection: 3,
        coreTakeaway: 'En väg framåt',
        fallbackTakeaway: { title: 'Pröva ett steg, och utvärdera', content: 'Välj en väg framåt, pröva den några dagar och titta sedan på vad som hände och justera.' },
      },
      conflict: {
        title: 'En konflikt',
        about: 'konflikten',
        intro: 'Låt oss titta på en konflikt tillsammans, i lugn och ro och från båda sidor.',
        questions: [
          'Vilken konflikt vill du reflektera över? Beskriv vad som hände.',
          'Hur såg du på situationen, och hur tror du att den andra personen såg på den?',
          'Vad behövde du i situationen, och vad kan den andra personen ha behövt?',
          'Hur kände du dig, och hur agerade du utifrån de känslorna?',
          'Vad skulle vara ett nästa steg för att reda ut eller reparera det som hänt?',
        ],
        sections: ['Situationen', 'Båda sidor', 'Behov', 'Hur jag kände och agerade', 'Ett nästa steg'],
        chips: [
          ['En konflikt på jobbet', 'Ett bråk hemma', 'En vänskap som blev spänd'],
          ['Jag tror att de såg det annorlunda', 'Jag förstår inte hur de tänker'],
          ['Jag behövde respekt', 'Jag behövde bli hörd'],
          ['Jag blev arg', 'Jag blev tyst'],
          ['Jag ska prata med dem', 'Jag ska be om ursäkt för min del'],
        ],
        coreSection: 2,
        coreTakeaway: 'Det vi båda behövde',
        fallbackTakeaway: { title: 'Lyssna efter behoven', content: 'Bakom de flesta ståndpunkter finns ett behov. Fråga om det innan du argumenterar för din egen syn.' },
      },
      emotion: {
        title: 'En känsla',
        about: 'känslan',
        intro: 'Låt oss utforska en känsla tillsammans, med nyfikenhet snarare än dömande.',
        questions: [
          'Vilken känsla vill du utforska? Sätt ett namn på den, och berätta när den dyker upp.',
          'Var märker du den i kroppen, och hur stark är den?',
          'Vad tror du att känslan vill säga dig? Vad är viktigt för dig här?',
          'Hur brukar du bemöta den, och hur fungerar det för dig?',
          'Hur skulle du vilja möta känslan nästa gång den kommer?',
        ],
        sections: ['Känslan', 'Hur den känns', 'Vad den säger mig', 'Hur jag bemöter den', 'Nästa gång'],
        chips: [
          ['Oro', 'Sorg', 'Ilska', 'Glädje'],
          ['En klump i magen', 'Spänning i axlarna'],
          ['Att något är viktigt för mig', 'Jag vet inte än'],
          ['Jag försöker trycka bort den', 'Jag pratar med någon'],
          ['Jag ska ge den utrymme', 'Jag ska lägga märke till den utan att agera på den'],
        ],
        coreSection: 2,
        coreTakeaway: 'Vad känslan säger mig',
        fallbackTakeaway: { title: 'Ge känslan utrymme', content: 'Känslor kommer och går. Sätt ord på den, lägg märke till den i kroppen och låt den finnas där medan du gör det som är viktigt.' },
      },
      habit: {
        title: 'En vana',
        about: 'vanan',
        intro: 'Låt oss titta på en vana tillsammans.',
        questions: [
          'Vilken vana vill du reflektera över: en du vill bygga, eller en du vill ändra?',
          'När händer den? Vad är signalen: en tid, en plats, en känsla, andra människor?',
          'Vad ger vanan dig? Vad är belöningen, även en liten?',
          'Hur skulle en pytteliten version av den nya vanan se ut, så liten att den nästan är för lätt?',
          'Hur ska du komma ihåg den och följa upp den, och vad gör du en dag du missar?',
        ],
        sections: ['Vanan', 'Signalen', 'Belöningen', 'En pytteliten version', 'Att hålla i det'],
        chips: [
          ['Jag vill träna mer', 'Jag scrollar för mycket på mobilen', 'Jag vill läsa varje dag'],
          ['På kvällen', 'När jag känner mig stressad'],
          ['Den lugnar mig', 'En känsla av framsteg'],
          ['Två minuter om dagen', 'En sida om dagen'],
          ['En lapp på kylskåpet', 'Jag börjar bara om nästa dag'],
        ],
        coreSection: 3,
        coreTakeaway: 'Min pyttelilla version',
        fallbackTakeaway: { title: 'Gör det pyttelitet', content: 'Börja med en version så liten att den nästan är för lätt, koppla den till en tydlig signal, och njut av att ha gjort den.' },
      },
    },
    feelings: {
      sad: 'Det låter smärtsamt, och det är begripligt att det tynger dig.',
      anxious: 'Det verkar finnas mycket oro i det här. Oro visar ofta hur mycket något betyder för oss.',
      angry: 'Jag hör frustration i det du skriver, och det är en förståelig reaktion.',
      tired: 'Det låter som att du har lite energi kvar. Det förtjänar att tas på allvar.',
      happy: 'Vad fint att höra att det här ger dig något gott.',
      stuck: 'Det är helt okej att inte veta än. Att inte veta är ofta där reflektionen börjar.',
    },
    acknowledgements: ['Tack för att du delar det.', 'Jag hör dig.', 'Det är värt att stanna upp vid.', 'Det låter viktigt.'],
    mirror: (quote) => `Du skriver: ”${quote}”.`,
    wrapUp: (about) => `Nu har jag en god bild av ${about}. När du är redo, tryck på **Förtydliga** så skriver jag din reflektion och dina insikter. Eller skriv vidare om det finns mer.`,
    keepGoing: 'Är det något mer du vill lägga till? När du är redo, tryck på **Förtydliga**.',
    keepGoingAfterSummary: 'Vill du lägga till något mer? När du är klar, välj förslaget nedan så uppdaterar jag din reflektion.',
    clarifyHint: 'När du känner att du har sagt tillräckligt, tryck på **Förtydliga** så skriver jag din reflektion.',
    welcomeBack: (title) => `Välkommen tillbaka till ”${title}”. Vill du lägga till något, eller se på det från ett nytt håll?`,
    summaryWritten: (count) =>
      `Här är din reflektion, skriven utifrån det du berättat${count ? `, med ${count === 1 ? 'en insikt' : `${count} insikter`}` : ''}. Du kan redigera båda. Vill du lägga till något är det bara att skriva, och be mig uppdatera den efteråt.`,
    nothingToSummarise: (question) => `Det finns inte mycket att skriva en reflektion utifrån ännu. ${question}`,
    alreadySummarised: 'Din reflektion är redan skriven utifrån vårt tidigare samtal. Berätta vad du vill lägga till, och be mig sedan uppdatera den.',
    addedHeading: 'Tillägg',
    summaryUpdated: (count) => `Jag har lagt till det du berättat sedan dess i din reflektion${count ? ` och ${count === 1 ? 'en ny insikt' : `${count} nya insikter`}` : ''}. Din titel, dina taggar och dina redigerade insikter är som du lämnade dem.`,
    afterSummaryChips: ['Jag vill lägga till något', 'Vad kan jag göra härnäst?'],
    and: 'och',
    intentionsHeading: 'Det här ska jag göra',
    quoteTakeaway: (sentence, kind) =>
      `Med dina egna ord: ”${sentence}”\n\n${kind === 'intention' ? 'Bestäm när och var du ska göra det, och lägg märke till hur det går.' : 'Håll den här insikten nära, och lägg märke till när den dyker upp igen.'}`,
    coreTakeawayContent: (quote) => `Med dina egna ord: ”${quote}”\n\nLåt det vägleda ditt nästa val.`,
  },
};
