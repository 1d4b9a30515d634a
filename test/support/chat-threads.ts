import type { Language } from '@clari/contracts';
import { DEMO_INTERVIEW_ID } from '../../migrations/1763684200000-Interview';
import type { TestUser } from './accounts';
import type { TestApp } from './app-harness';

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

/** A visitor's new session of the demo interview, and the conversation data its chat turns send. */
export async function interviewThread(t: TestApp, language: Language) {
  const visitor = t.agent();
  const session = (await visitor.post(`/api/interview/${DEMO_INTERVIEW_ID}/session`).send({ language }).expect(201))
    .body as { sessionId: string };
  const data = {
    session_id: session.sessionId,
    interview_id: DEMO_INTERVIEW_ID,
    language,
    currentPhase: 'interview',
  };
  return { visitor, sessionId: session.sessionId, data };
}
