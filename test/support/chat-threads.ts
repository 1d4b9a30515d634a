import type { Language } from '@clari/contracts';
import type { TestUser } from './accounts';

/** A signed-in chat tool: its name, its conversation domain, and the data of a thread of its own. */
export type ChatTool = [
  name: string,
  domain: string,
  dataFor: (language: Language) => Promise<Record<string, unknown>>,
];

const AREAS = ['family', 'career', 'health', 'leisure', 'social', 'romantic', 'education', 'spiritual'];

/**
 * The signed-in chat tools, each call of `dataFor` a fresh thread: a Value Explorer area, a Year
 * Compass section, a new reflection (created for the user of that language).
 */
export function chatTools(users: Partial<Record<Language, TestUser>>): ChatTool[] {
  let threads = 0;
  return [
    [
      'Value Explorer',
      'valueexplorer_lifearea',
      async () => ({ area: { id: AREAS[threads++ % AREAS.length] }, currentPhase: 'values' }),
    ],
    ['Year Compass', 'yearcompass_dynamicsection', async () => ({ sectionNumber: 6 + (threads++ % 10) })],
    [
      'Reflect',
      'reflect_topic',
      async (language) => {
        const created = await users[language]!.agent.post('/reflect/reflections')
          .send({ title: 'A hard week', topic: 'emotion' })
          .expect(201);
        return { reflectionId: created.body.id as string, topic: 'emotion' };
      },
    ],
  ];
}
