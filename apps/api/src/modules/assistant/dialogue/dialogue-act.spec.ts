import { asksAnything, classifyMessage, isQuestion } from './dialogue-act';

describe('the dialogue layer', () => {
  const chips = ['What should I explore next?', 'Vad ska jag utforska härnäst?', 'Let’s move on', 'Gå vidare'];
  it.each([
    ['Hi!', 'greeting'],
    ['hej hej', 'greeting'],
    ['God morgon Clari', 'greeting'],
    ['Thanks so much', 'thanks'],
    ['Tack!', 'thanks'],
    ['ok', 'ack'],
    ['Okej', 'ack'],
    ['What should I explore next?', 'chip'],
    ['vad ska jag utforska härnäst', 'chip'],
    ['What do you mean?', 'question'],
    ['Vad menar du?', 'question'],
    ['Can you explain what a value is', 'question'],
    ['Is honesty a value?', 'question'],
    ['Vad är ett hinder?', 'question'],
    ['skip', 'skip'],
    ['Hoppa över den här', 'skip'],
    ["I'd like to take a break now", 'pause'],
    ['Jag vill ta en paus nu', 'pause'],
    ['kan vi pausa', 'pause'],
    ['jag behöver en paus nu', 'pause'],
    ['Please update my reflection', 'update'],
    ['Sammanfatta', 'update'],
    ["I think that's all for now.", 'done'],
    ['Det var allt', 'done'],
    ["I don't know", 'help'],
    ['Jag vet inte', 'help'],
    ['Give me an example', 'help'],
    ['Kan jag få några exempel?', 'help'],
  ])('%s → %s', (message, act) => {
    expect(classifyMessage(message, { chips })).toBe(act);
  });

  it.each([
    'Honestly work eats all my time',
    'I guess some kind of work',
    'I love playing guitar',
    'I value honesty',
    'Ärligt talat hinner jag inte',
    'work was stressful',
    'What I want is more time with my kids.',
    'I need a break from my job to rest and think about what I want.',
  ])('takes "%s" as content', (message) => {
    expect(classifyMessage(message, { chips })).toBe('content');
  });

  it('tells questions from statements in both languages', () => {
    expect(isQuestion('What should I write here')).toBe(true);
    expect(isQuestion('Hur gör jag?')).toBe(true);
    expect(isQuestion('What I need is rest.')).toBe(false);
    expect(isQuestion('I went hiking. Was that brave?')).toBe(false);
  });

  it('reads a yes/no question by its word order, without a question mark', () => {
    for (const asked of [
      'can my boss see this',
      'r u a bot',
      'do admins read these',
      'sparas det här',
      'kommer forskaren se mitt namn',
      'btw används det jag skriver',
    ])
      expect({ asked, question: isQuestion(asked) }).toEqual({ asked, question: true });
    for (const told of [
      'can not sleep lately',
      'är så trött idag',
      'kan inte sova',
      'tänker på min mamma',
      'efter det kände jag mig lugn',
      'so do i',
    ])
      expect({ told, question: isQuestion(told) }).toEqual({ told, question: false });
  });

  it('finds a question put after an answer or inside a sentence', () => {
    expect(asksAnything('ok i picked family. btw can my hr dept see this')).toBe(true);
    expect(asksAnything('jag vill radera det jag skrev, går det')).toBe(true);
    expect(asksAnything('if i stop halfway can i wipe what i wrote')).toBe(true);
    expect(asksAnything('I picked family and honesty. Work is busy.')).toBe(false);
    expect(asksAnything('om jag hinner kan jag skriva mer sen')).toBe(false);
  });
});
