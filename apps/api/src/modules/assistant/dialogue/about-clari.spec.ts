import { aboutClariTrainingItems } from '../../../eval/about-clari-training';
import { aboutClariReply, aboutClariTopic, trainAboutClari } from './about-clari';
import weights from './about-clari.weights.json';

describe('questions about Clari', () => {
  it('knows what is asked, in both languages, with or without a question mark', () => {
    const asked: Array<[string, string]> = [
      ['Are you a real person?', 'identity'],
      ['are you a bot', 'identity'],
      ['Are you a therapist?', 'identity'],
      ['What happens to my data?', 'data'],
      ['is this stored', 'data'],
      ['Who can read what I write here?', 'readers'],
      ['can my partner see this?', 'readers'],
      ['how do i delete my account?', 'control'],
      ['what cant you do?', 'limits'],
      ['Är du en riktig människa?', 'identity'],
      ['vem är du', 'identity'],
      ['Vad händer med mina uppgifter?', 'data'],
      ['sparas det här?', 'data'],
      ['Vem kan läsa det jag skriver här?', 'readers'],
      ['hur tar jag bort mitt konto?', 'control'],
      ['kan du ställa diagnos?', 'limits'],
    ];
    for (const [message, topic] of asked)
      expect({ message, topic: aboutClariTopic(message) }).toEqual({ message, topic });
  });

  it('reads a topic by its concepts, whatever the words around them', () => {
    const asked: Array<[string, string]> = [
      ['quick q does any of this get stored on a server', 'data'],
      ['will my employer ever get to see these answers', 'readers'],
      ['is there a way to export everything i wrote', 'control'],
      ['can u make mistakes when u sum things up', 'limits'],
      ['who built this app', 'identity'],
      ['skickas mina svar till openai', 'data'],
      ['kan personalen komma åt chattarna', 'readers'],
      ['går det att ladda ner det jag skrivit', 'control'],
    ];
    for (const [message, topic] of asked)
      expect({ message, topic: aboutClariTopic(message) }).toEqual({ message, topic });
  });

  it('is the network the development sets train (npm run cli -- about-clari:train after changing them)', () => {
    expect(JSON.stringify(trainAboutClari(aboutClariTrainingItems()))).toBe(JSON.stringify(weights));
  });

  it('leaves answers and questions about the exercise to the guide', () => {
    for (const message of [
      'my boss reads everything I write',
      'I want to delete my instagram account',
      'My data job is stressful',
      'what should I write here?',
      'Is honesty a value?',
      'who can help me with my goals?',
      'jag vill radera gamla bilder',
      'vad ska jag skriva?',
      'vem kan jag prata med om det här?',
      'kan jag ta bort tradition från listan',
      'who made the new policy at work?',
      'does it have to be about work or can it be personal',
    ])
      expect({ message, topic: aboutClariTopic(message) }).toEqual({ message, topic: null });
  });

  it('answers from the texts, with the facts filled in and the way back to the exercise', () => {
    const context = { domain: 'reflect_topic', emergency: '112', sendsToModel: false };
    expect(aboutClariReply('en', 'limits', context)).toContain('call 112');
    expect(aboutClariReply('en', 'data', context)).toContain('24 hours');
    expect(aboutClariReply('en', 'data', context)).toContain('leaves Clari');
    expect(aboutClariReply('en', 'data', { ...context, sendsToModel: true })).toContain('AI service');
    expect(aboutClariReply('sv', 'readers', { ...context, domain: 'interview' })).toContain('Forskarna');
    expect(aboutClariReply('sv', 'identity', context)).toMatch(/fortsätter vi där vi var\.$/);
    expect(aboutClariReply('en', 'data', context)).not.toContain('{{');
  });
});
