import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  REFLECT_CLARIFY_PHRASE,
  type ChatHistoryItem,
  type ChatResponse,
  type Reflection,
  type ReflectionDetail,
  type Takeaway,
} from '@clari/contracts';
import i18n from '../../../lib/i18n';
import { forgetConversations } from '../../../components/assistant/conversation-store';
import { installFakeFetch, type FakeReply, type RecordedCall } from '../../../test-support/fake-fetch';
import { discardsSettled } from '../placeholder-cleanup';
import { forgetCreations } from '../logic/create-once';
import { renderRoutes } from '../test-support/render-routes';
import ReflectionPage from './ReflectionPage';

const ID = '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f';
const AT = '2026-03-01T10:00:00.000Z';

function reflection(extra: Partial<Reflection> = {}): Reflection {
  return {
    id: ID,
    title: 'Habit',
    content: '',
    topic: 'habit',
    lifeAreas: [],
    tags: [],
    createdAt: AT,
    updatedAt: AT,
    ...extra,
  };
}
function takeaway(id: string, title: string): Takeaway {
  return { id, reflectionId: ID, title, content: `About ${title}`, createdAt: AT, updatedAt: AT };
}
function chatResponse(history: ChatHistoryItem[], extra: Partial<ChatResponse> = {}): ChatResponse {
  return {
    reply: history[history.length - 1]?.content ?? '',
    history,
    aiSuggestions: [],
    currentPhase: 'reflect',
    updates: {},
    risk: 'none',
    ...extra,
  };
}

const GREETING: ChatHistoryItem = {
  role: 'assistant',
  content: 'What habit would you like to look at?',
  timestamp: AT,
};
const SUMMARY = {
  title: 'A habit: Walking',
  content: '## The habit\n\nI walk after work.',
  lifeAreas: ['health'],
  tags: ['walking'],
};
const T1 = takeaway('8d1c2b3a-4e5f-4a6b-9c7d-0e1f2a3b4c5d', 'Walk daily');
const T2 = takeaway('9e2d3c4b-5f6a-4b7c-8d9e-1f2a3b4c5d6e', 'Start small');

interface ServerOptions {
  detail?: ReflectionDetail;
  create?: FakeReply;
  load?: FakeReply;
  deleteTakeaway?: FakeReply;
  clarified?: Partial<ChatResponse>;
}

/** The API as far as the page uses it. */
function server({
  detail = { reflection: reflection(), takeaways: [] },
  create,
  load,
  deleteTakeaway,
  clarified,
}: ServerOptions = {}) {
  const history: ChatHistoryItem[] = [GREETING];
  return installFakeFetch((call: RecordedCall): FakeReply => {
    if (call.url === '/reflect/reflections' && call.method === 'POST')
      return create ?? { status: 201, body: reflection(call.body as Partial<Reflection>) };
    if (call.url === `/reflect/reflections/${ID}` && call.method === 'GET') return load ?? { body: detail };
    if (call.url === `/reflect/reflections/${ID}` && call.method === 'DELETE') return { body: { deleted: true } };
    if (call.url === `/reflect/reflections/${ID}/ai-result`) {
      return { body: { reflection: reflection({ ...SUMMARY, lifeAreas: ['health'] }), takeaways: [T1, T2] } };
    }
    if (call.url.startsWith('/reflect/takeaways/') && call.method === 'DELETE')
      return deleteTakeaway ?? { body: { id: call.url.split('/').pop(), deleted: true } };
    if (call.url === '/api/ai-assistant/chat') {
      const { message } = call.body as { message: string };
      if (!message) return { body: chatResponse([...history]) };
      history.push({ role: 'user', content: message, timestamp: AT });
      if (message === REFLECT_CLARIFY_PHRASE.en) {
        history.push({ role: 'assistant', content: 'Here is your reflection.', timestamp: AT });
        return {
          body: chatResponse(
            [...history],
            clarified ?? { reflection_summary: SUMMARY, takeaways: [{ title: 'Walk daily', content: 'x' }] },
          ),
        };
      }
      history.push({ role: 'assistant', content: 'Tell me more.', timestamp: AT });
      return { body: chatResponse([...history]) };
    }
    return { status: 404, body: { message: `Unexpected ${call.method} ${call.url}` } };
  });
}

function renderAt(path: string, strict = false) {
  return renderRoutes(
    path,
    {
      '/reflect': <p>Reflect list</p>,
      '/reflect/new_topic/:topicId': <ReflectionPage />,
      '/reflect/id/:reflectionId': <ReflectionPage />,
    },
    { strict },
  );
}

const creations = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === '/reflect/reflections' && call.method === 'POST');
const chatMessages = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url === '/api/ai-assistant/chat')
    .map((call) => call.body as { message: string; conversationData: Record<string, unknown> });

beforeEach(async () => {
  forgetConversations();
  forgetCreations();
  await i18n.changeLanguage('en');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  // Unmounting leaves the reflection: its clean-up ends within this test.
  cleanup();
  await discardsSettled();
  jest.restoreAllMocks();
});

const reflectionDeletes = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'DELETE' && call.url.startsWith('/reflect/reflections/'))
    .map((call) => call.url);

describe('leaving a reflection', () => {
  it('deletes a placeholder the user did nothing with (StrictMode keeps it while shown), and the list waits for that', async () => {
    const { calls } = server();
    const router = renderAt('/reflect/new_topic/habit', true);
    await screen.findByText(GREETING.content);
    // StrictMode mounted the view twice: nothing was deleted meanwhile.
    await act(() => discardsSettled());
    expect(reflectionDeletes(calls)).toEqual([]);
    act(() => void router.navigate('/reflect'));
    await screen.findByText('Reflect list');
    await act(() => discardsSettled());
    expect(reflectionDeletes(calls)).toEqual([`/reflect/reflections/${ID}`]);
  });

  it('keeps a placeholder once the user has written to Clari about it', async () => {
    const { calls } = server();
    const router = renderAt(`/reflect/id/${ID}`);
    await screen.findByText(GREETING.content);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'I want to walk more.' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    await screen.findByText('Tell me more.');
    act(() => void router.navigate('/reflect'));
    await screen.findByText('Reflect list');
    await act(() => discardsSettled());
    expect(reflectionDeletes(calls)).toEqual([]);
  });

  it('keeps a reflection that has a summary', async () => {
    const { calls } = server({ detail: { reflection: reflection({ content: 'I walk.' }), takeaways: [] } });
    const router = renderAt(`/reflect/id/${ID}`);
    await screen.findByText(GREETING.content);
    act(() => void router.navigate('/reflect'));
    await screen.findByText('Reflect list');
    await act(() => discardsSettled());
    expect(reflectionDeletes(calls)).toEqual([]);
  });
});

describe('a new reflection (/reflect/new_topic/{topic})', () => {
  it('creates the placeholder exactly once under StrictMode, then replaces the route with the reflection’s', async () => {
    const { calls } = server();
    const router = renderAt('/reflect/new_topic/habit', true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Habit');
    expect(screen.getByTestId('chat-placeholder')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clarify' })).toBeNull();
    await waitFor(() => expect(router.pathname).toBe(`/reflect/id/${ID}`));
    expect(router.action).toBe('REPLACE');
    expect(creations(calls).map((call) => call.body)).toEqual([
      { title: 'Habit', content: '', topic: 'habit', lifeAreas: [], tags: [] },
    ]);
    await screen.findByText(GREETING.content);
    expect(creations(calls)).toHaveLength(1);
  });

  it('turns an unknown topic into open_ended', async () => {
    const { calls } = server();
    renderAt('/reflect/new_topic/gardening');
    await waitFor(() => expect(creations(calls)).toHaveLength(1));
    expect(creations(calls)[0].body).toEqual({
      title: 'Open Ended',
      content: '',
      topic: 'open_ended',
      lifeAreas: [],
      tags: [],
    });
  });

  it('goes back to /reflect when the creation fails, and may create again later', async () => {
    const { calls } = server({ create: { status: 500, body: { message: 'Down' } } });
    const router = renderAt('/reflect/new_topic/habit');
    await waitFor(() => expect(router.pathname).toBe('/reflect'));
    expect(console.error).toHaveBeenCalledWith('Failed to save reflection', expect.anything());
    act(() => void router.navigate('/reflect/new_topic/habit'));
    await waitFor(() => expect(creations(calls)).toHaveLength(2));
  });
});

describe('a reflection (/reflect/id/{id})', () => {
  it('shows Loading..., then goes back to /reflect when the reflection cannot be loaded', async () => {
    server({ load: { status: 404, body: { message: 'Reflection not found.' } } });
    const router = renderAt(`/reflect/id/${ID}`);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New Reflection');
    await waitFor(() => expect(router.pathname).toBe('/reflect'));
    expect(console.error).toHaveBeenCalledWith(`Failed to fetch reflection ${ID}`, expect.anything());
  });

  it('offers Clarify without a summary (disabled until the chat is ready), which asks Clari and saves the answer', async () => {
    const { calls } = server();
    renderAt(`/reflect/id/${ID}`);
    const clarify = await screen.findByRole('button', { name: 'Clarify' });
    expect(screen.getByTestId('summary-state').textContent).toBe('No summary yet');
    expect(screen.getByTestId('takeaways-state').textContent).toBe('No takeaways yet');
    await screen.findByText(GREETING.content);
    await waitFor(() => expect((clarify as HTMLButtonElement).disabled).toBe(false));
    expect(chatMessages(calls)[0].conversationData).toMatchObject({
      topic: 'habit',
      reflectionId: ID,
      area: ID,
      reflection_has_summary: false,
      existingTakeaways: [],
    });

    fireEvent.click(clarify);
    expect(screen.queryByRole('button', { name: 'Clarify' })).toBeNull();
    expect(screen.getByTestId('summary-state').textContent).toBe('Processing...');
    expect(screen.getByTestId('takeaways-state').textContent).toBe('Processing...');

    await screen.findByTestId('summary-card');
    const sent = chatMessages(calls).at(-1);
    expect(sent?.message).toBe(REFLECT_CLARIFY_PHRASE.en);
    expect(sent?.conversationData.reflection_has_summary).toBe(true);
    const save = calls.find((call) => call.url.endsWith('/ai-result'));
    expect(save).toMatchObject({
      method: 'PUT',
      body: { reflection_summary: SUMMARY, takeaways: [{ title: 'Walk daily', content: 'x' }] },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(SUMMARY.title);
    expect(within(screen.getByTestId('summary-card')).getByText('Health and wellbeing')).toBeTruthy();
    expect(within(screen.getByTestId('summary-card')).getByText('#walking')).toBeTruthy();
    expect(screen.getAllByTestId('takeaway-card')).toHaveLength(2);
  });

  it('brings Clarify back when Clari had nothing to summarise yet', async () => {
    server({ clarified: { reply: 'Tell me first: what habit?' } });
    renderAt(`/reflect/id/${ID}`);
    const clarify = await screen.findByRole('button', { name: 'Clarify' });
    await waitFor(() => expect((clarify as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(clarify);
    expect(screen.getByTestId('summary-state').textContent).toBe('Processing...');
    await screen.findByRole('button', { name: 'Clarify' });
    expect(screen.getByTestId('summary-state').textContent).toBe('No summary yet');
  });

  it('has no Clarify for a reflection with content; deleting a takeaway asks first, and a failed delete removes nothing', async () => {
    const { calls } = server({
      detail: { reflection: reflection({ ...SUMMARY, lifeAreas: ['health'] }), takeaways: [T1, T2] },
      deleteTakeaway: { status: 500 },
    });
    renderAt(`/reflect/id/${ID}`);
    await screen.findByTestId('summary-card');
    expect(screen.queryByRole('button', { name: 'Clarify' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete takeaway “Walk daily”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this takeaway?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete takeaway “Walk daily”' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(`Failed to delete takeaway ${T1.id}`, expect.anything()),
    );
    expect(screen.getAllByTestId('takeaway-card')).toHaveLength(2);
  });

  it('edits one takeaway at a time and refuses an empty title', async () => {
    server({ detail: { reflection: reflection({ content: 'Text' }), takeaways: [T1, T2] } });
    renderAt(`/reflect/id/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit takeaway “Walk daily”' }));
    expect((screen.getByRole('button', { name: 'Edit takeaway “Start small”' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Takeaway title' }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save takeaway' }));
    expect(screen.getByText('A takeaway needs a title.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(screen.queryByRole('textbox', { name: 'Takeaway title' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Edit takeaway “Start small”' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe('saving on its own', () => {
  const EMAIL = 'ada@example.com';
  const SUMMARY_DRAFT = `clari.draft.reflect.${EMAIL}.reflection.${ID}`;
  const TAKEAWAY_DRAFT = `clari.draft.reflect.${EMAIL}.takeaway.${T1.id}`;

  /** A server holding one reflection with a summary; `online` false answers no save. */
  function savingServer() {
    const state = { online: true, stored: reflection({ ...SUMMARY, lifeAreas: ['health'] }), takeaways: [T1, T2] };
    const fake = installFakeFetch((call: RecordedCall): FakeReply => {
      if (call.url === '/api/auth/check')
        return {
          body: {
            authenticated: true,
            user: { email: EMAIL, full_name: 'Ada', language: 'en', is_clinician: false, role: 'user' },
          },
        };
      if (call.url === `/reflect/reflections/${ID}` && call.method === 'GET')
        return { body: { reflection: state.stored, takeaways: state.takeaways } };
      if (call.method === 'PUT' && !state.online) throw new TypeError('Failed to fetch');
      if (call.url === `/reflect/reflections/${ID}` && call.method === 'PUT') {
        state.stored = { ...state.stored, ...(call.body as Partial<Reflection>), updatedAt: new Date().toISOString() };
        return { body: state.stored };
      }
      if (call.url === `/reflect/takeaways/${T1.id}` && call.method === 'PUT') {
        const saved = { ...T1, ...(call.body as Partial<Takeaway>), updatedAt: new Date().toISOString() };
        state.takeaways = [saved, T2];
        return { body: saved };
      }
      if (call.url === '/api/ai-assistant/chat') return { body: chatResponse([GREETING]) };
      return { status: 404, body: { message: `Unexpected ${call.method} ${call.url}` } };
    });
    return { ...fake, state };
  }
  const puts = (calls: RecordedCall[], url: string) =>
    calls.filter((call) => call.method === 'PUT' && call.url === url).map((call) => call.body);
  const status = () => screen.getByTestId('save-status');

  beforeEach(() => localStorage.clear());

  it('saves the summary form after a pause while it stays open', async () => {
    const { calls } = savingServer();
    renderRoutes(`/reflect/id/${ID}`, { '/reflect/id/:reflectionId': <ReflectionPage /> }, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit reflection' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Walking, again' } });
    expect(status().getAttribute('data-state')).toBe('pending');
    expect(JSON.parse(localStorage.getItem(SUMMARY_DRAFT) ?? '{}')).toMatchObject({
      value: { title: 'Walking, again', tags: 'walking' },
      basedOn: AT,
    });
    await waitFor(() => expect(puts(calls, `/reflect/reflections/${ID}`)).toHaveLength(1), { timeout: 3000 });
    expect(puts(calls, `/reflect/reflections/${ID}`)[0]).toMatchObject({ title: 'Walking, again', tags: ['walking'] });
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('saved'));
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy();
    expect(localStorage.getItem(SUMMARY_DRAFT)).toBeNull();
  });

  it('tells a failed save, keeps the text on the device, and restores and saves it after a reload', async () => {
    const server1 = savingServer();
    server1.state.online = false;
    renderRoutes(`/reflect/id/${ID}`, { '/reflect/id/:reflectionId': <ReflectionPage /> }, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit takeaway “Walk daily”' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Takeaway title' }), { target: { value: 'Walk every day' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save takeaway' }));
    await waitFor(() => expect(status().getAttribute('data-state')).toBe('retrying'));
    expect(status().textContent).toBe('Not saved — retrying. Your text is kept on this device.');
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Your changes could not be saved. We will keep trying.',
    );
    // The editor stays open with the text.
    expect((screen.getByRole('textbox', { name: 'Takeaway title' }) as HTMLInputElement).value).toBe('Walk every day');
    expect(JSON.parse(localStorage.getItem(TAKEAWAY_DRAFT) ?? '{}')).toMatchObject({
      value: { title: 'Walk every day' },
      basedOn: AT,
    });

    // A reload: the page is gone, the draft is not; the server is back.
    cleanup();
    const { calls } = savingServer();
    renderRoutes(`/reflect/id/${ID}`, { '/reflect/id/:reflectionId': <ReflectionPage /> }, { signedIn: true });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Takeaway title' }) as HTMLInputElement).value).toBe(
        'Walk every day',
      ),
    );
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Your unsaved text from this device is back. It is being saved.',
    );
    await waitFor(
      () =>
        expect(puts(calls, `/reflect/takeaways/${T1.id}`)).toEqual([{ title: 'Walk every day', content: T1.content }]),
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(localStorage.getItem(TAKEAWAY_DRAFT)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save takeaway' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Takeaway title' })).toBeNull());
    expect(screen.getByText('Walk every day')).toBeTruthy();
  });

  it('offers a draft made on an older version, and Discard throws it away', async () => {
    localStorage.setItem(
      SUMMARY_DRAFT,
      JSON.stringify({
        value: { title: 'Old', content: 'Old text', tags: '' },
        basedOn: '2026-01-01T00:00:00.000Z',
        keptAt: 1,
      }),
    );
    const { calls } = savingServer();
    renderRoutes(`/reflect/id/${ID}`, { '/reflect/id/:reflectionId': <ReflectionPage /> }, { signedIn: true });
    const offer = await screen.findByTestId('summary-draft-offer');
    expect(offer.textContent).toContain('This device has unsaved text from');
    fireEvent.click(within(offer).getByRole('button', { name: 'Discard it' }));
    expect(screen.queryByTestId('summary-draft-offer')).toBeNull();
    expect(localStorage.getItem(SUMMARY_DRAFT)).toBeNull();
    expect(puts(calls, `/reflect/reflections/${ID}`)).toHaveLength(0);
  });
});
