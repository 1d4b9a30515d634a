import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import type { ChatHistoryItem, ChatResponse } from '@clari/contracts';
import i18n from '../../lib/i18n';
import { forgetConversations } from './conversation-store';
import { deferred, installFakeFetch, type FakeReply, type RecordedCall } from '../../test-support/fake-fetch';
import { installFakeMedia, uninstallFakeMedia } from '../../test-support/fake-media';
import ChatPanel, { type ChatPanelHandle, type ChatPanelProps } from './ChatPanel';

const AREA = { id: 'career', name: 'Career' };
const DATA = { area: AREA, contextSwitched: false };

function item(role: ChatHistoryItem['role'], content: string): ChatHistoryItem {
  return { role, content, timestamp: '2025-03-01T10:00:00.000Z' };
}

function chatResponse(history: ChatHistoryItem[], extra: Partial<ChatResponse> = {}): ChatResponse {
  const lastAssistant = [...history].reverse().find((entry) => entry.role === 'assistant');
  return {
    reply: lastAssistant?.content ?? '',
    history,
    aiSuggestions: [],
    currentPhase: 'values',
    updates: {},
    risk: 'none',
    ...extra,
  };
}

const GREETING = item('assistant', 'Hello! What matters to you in your career?');

/** Answers the history load with `history`, and each message with Clari echoing it. */
function standardServer(history: ChatHistoryItem[] = [GREETING], suggestions: string[] = []) {
  const stored = [...history];
  return installFakeFetch((call): FakeReply => {
    if (call.url === '/api/ai-assistant/clear-conversation') {
      stored.length = 0;
      return { body: { cleared: true } };
    }
    const { message } = call.body as { message: string };
    if (!message) return { body: chatResponse([...stored], { aiSuggestions: suggestions }) };
    stored.push(item('user', message), item('assistant', `You said: ${message}`));
    return {
      body: chatResponse([...stored], {
        aiSuggestions: ['Tell me more'],
        currentPhase: 'goals',
        updates: { values: ['growth'] },
      }),
    };
  });
}

/** The panel loads history through a server-state cache, one per render (kept across rerenders). */
function renderPanel(props: Partial<ChatPanelProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(
    <ChatPanel conversationDomain="valueexplorer_lifearea" conversationData={DATA} language="en" {...props} />,
    { wrapper },
  );
}

const messageInput = () => screen.getByRole('textbox', { name: 'Message to Clari' });
const messageList = () => screen.getByRole('log', { name: 'Conversation with Clari' });

function typeAndPressEnter(text: string, shiftKey = false) {
  fireEvent.change(messageInput(), { target: { value: text } });
  fireEvent.keyDown(messageInput(), { key: 'Enter', shiftKey });
}

const sentMessages = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url === '/api/ai-assistant/chat')
    .map((call) => (call.body as { message: string }).message);

beforeEach(async () => {
  forgetConversations();
  await i18n.changeLanguage('en');
});

afterEach(() => jest.restoreAllMocks());

describe('ChatPanel', () => {
  it('shows only a loading text until the history has loaded, then the messages', async () => {
    const history = deferred<FakeReply>();
    const { calls } = installFakeFetch(() => history.promise);
    const { container } = renderPanel();

    expect(screen.getByRole('status').textContent).toBe('Loading conversation...');
    expect(screen.queryByText('Clari')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(calls).toEqual([
      {
        url: '/api/ai-assistant/chat',
        method: 'POST',
        body: { message: '', conversationDomain: 'valueexplorer_lifearea', conversationData: DATA, language: 'en' },
      },
    ]);

    await act(async () =>
      history.resolve({
        body: chatResponse([GREETING, item('user', 'I like to learn')], { aiSuggestions: ['What is growth?'] }),
      }),
    );

    expect(screen.queryByText('Loading conversation...')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Clari' })).toBeTruthy();
    expect(within(messageList()).getByText('Hello! What matters to you in your career?')).toBeTruthy();
    expect(within(messageList()).getByText('I like to learn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'What is growth?' })).toBeTruthy();
  });

  it('renders markdown but never raw HTML from Clari', async () => {
    const alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const reply = [
      'This is **bold** and a [link](https://example.org).',
      '',
      '- first value',
      '- second value',
      '',
      '<img src=x onerror="alert(1)"> <script>alert(2)</script> <b>raw</b>',
      '',
      '[bad](javascript:alert(3))',
    ].join('\n');
    // Part 1 §3: an assistant history item may hold the model's JSON; its reply is shown.
    standardServer([item('assistant', JSON.stringify({ reply, suggestions: [] }))]);
    renderPanel();
    const log = await screen.findByRole('log');

    expect(log.querySelector('strong')?.textContent).toBe('bold');
    expect(Array.from(log.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['first value', 'second value']);
    const link = within(log).getByRole('link', { name: /link/ });
    expect(link.getAttribute('href')).toBe('https://example.org');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(log.querySelector('img')).toBeNull();
    expect(log.querySelector('script')).toBeNull();
    expect(log.querySelector('b')).toBeNull();
    expect(log.querySelector('a[href^="javascript"]')).toBeNull();
    expect(log.textContent).not.toContain('"reply"');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('sends on Enter, clears the input, shows the answer and passes the response to onReply', async () => {
    const { calls } = standardServer();
    const onReply = jest.fn();
    renderPanel({ onReply });
    await screen.findByRole('log');

    typeAndPressEnter('  I value growth  ');
    expect((messageInput() as HTMLTextAreaElement).value).toBe('');
    await within(messageList()).findByText('You said: I value growth');

    expect(calls[1]).toEqual({
      url: '/api/ai-assistant/chat',
      method: 'POST',
      body: {
        message: 'I value growth',
        conversationDomain: 'valueexplorer_lifearea',
        conversationData: DATA,
        language: 'en',
      },
    });
    expect(onReply).toHaveBeenCalledTimes(1);
    expect(onReply.mock.calls[0][0]).toMatchObject({
      currentPhase: 'goals',
      updates: { values: ['growth'] },
      aiSuggestions: ['Tell me more'],
    });
    expect(within(messageList()).getByText('I value growth')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tell me more' })).toBeTruthy();
  });

  it('does not send on Shift+Enter, nor an empty or whitespace-only message', async () => {
    const { calls } = standardServer();
    renderPanel();
    await screen.findByRole('log');

    typeAndPressEnter('first line', true);
    expect((messageInput() as HTMLTextAreaElement).value).toBe('first line');
    typeAndPressEnter('   \n  ');
    typeAndPressEnter('');
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(sentMessages(calls)).toEqual(['']);
  });

  it("shows 'Thinking...' while a reply loads and refuses a second send meanwhile", async () => {
    const reply = deferred<FakeReply>();
    const { calls } = installFakeFetch((call) =>
      (call.body as { message: string }).message ? reply.promise : { body: chatResponse([GREETING]) },
    );
    renderPanel();
    await screen.findByRole('log');

    typeAndPressEnter('First question');
    expect(within(messageList()).getByText('Thinking...')).toBeTruthy();
    expect(within(messageList()).getByText('First question')).toBeTruthy();

    typeAndPressEnter('Second question');
    // While Clari writes, the send button is a stop button.
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop the reply' })).toBeTruthy();
    expect(sentMessages(calls)).toEqual(['', 'First question']);
    expect((messageInput() as HTMLTextAreaElement).value).toBe('Second question');

    await act(async () =>
      reply.resolve({
        body: chatResponse([GREETING, item('user', 'First question'), item('assistant', 'A good one.')]),
      }),
    );
    expect(screen.queryByText('Thinking...')).toBeNull();
    expect(within(messageList()).getByText('A good one.')).toBeTruthy();
  });

  it('stops a reply on request: the send button comes back and nothing of the reply is applied', async () => {
    const reply = deferred<FakeReply>();
    const onReply = jest.fn();
    installFakeFetch((call) =>
      (call.body as { message: string }).message ? reply.promise : { body: chatResponse([GREETING]) },
    );
    renderPanel({ onReply });
    await screen.findByRole('log');
    typeAndPressEnter('A long question');
    fireEvent.click(screen.getByRole('button', { name: 'Stop the reply' }));
    await screen.findByRole('button', { name: 'Send message' });
    expect(screen.queryByText('Thinking...')).toBeNull();
    expect(within(messageList()).getByText('A long question')).toBeTruthy();
    expect(onReply).not.toHaveBeenCalled();
  });

  it('sends a suggestion chip when clicked', async () => {
    const { calls } = standardServer([GREETING], ['What are values?', 'Give me an example']);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Give me an example' }));
    await within(messageList()).findByText('You said: Give me an example');
    expect(sentMessages(calls)).toEqual(['', 'Give me an example']);
  });

  it('clears the conversation after confirmation', async () => {
    const { calls } = standardServer([GREETING, item('user', 'Hi'), item('assistant', 'Hello again')]);
    renderPanel();
    await screen.findByRole('log');
    expect(within(messageList()).getByText('Hello again')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the conversation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));

    await waitFor(() => expect(within(messageList()).queryByText('Hello again')).toBeNull());
    expect(within(messageList()).queryByText('Hi')).toBeNull();
    expect(calls.find((call) => call.url === '/api/ai-assistant/clear-conversation')).toEqual({
      url: '/api/ai-assistant/clear-conversation',
      method: 'POST',
      body: { conversationDomain: 'valueexplorer_lifearea', conversationData: DATA },
    });
    // The emptied thread's starter suggestions are fetched again.
    await waitFor(() => expect(sentMessages(calls)).toEqual(['', '']));
  });

  it('keeps the conversation when the clear confirmation is cancelled', async () => {
    const { calls } = standardServer([GREETING]);
    renderPanel();
    await screen.findByRole('log');
    fireEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.url === '/api/ai-assistant/clear-conversation')).toBe(false);
    expect(within(messageList()).getByText(GREETING.content)).toBeTruthy();
  });

  it('shows the language code of the conversation in the input', async () => {
    standardServer();
    const { unmount } = renderPanel();
    expect((await screen.findByTestId('chat-language')).textContent).toBe('EN');
    unmount();
    forgetConversations();
    const { calls } = standardServer();
    renderPanel({ language: 'sv' });
    expect((await screen.findByTestId('chat-language')).textContent).toBe('SV');
    expect((calls[0].body as { language: string }).language).toBe('sv');
  });

  it.each([
    ['small', '200px'],
    ['medium', '300px'],
    ['large', '400px'],
  ] as const)('gives the message list a height of %s = %s', async (size, height) => {
    standardServer();
    renderPanel({ size });
    expect((await screen.findByRole('log')).style.height).toBe(height);
  });

  it('uses the medium height by default', async () => {
    standardServer();
    renderPanel();
    expect((await screen.findByRole('log')).style.height).toBe('300px');
  });

  it('has no accessibility violations that axe finds without a layout engine', async () => {
    standardServer(
      [GREETING, item('user', 'Hi'), item('assistant', '**Hello** and [a link](https://example.org)')],
      ['A suggestion'],
    );
    const { container } = renderPanel();
    await screen.findByRole('log');
    // jsdom has no layout, so contrast is left to the browser tests.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`),
    ).toEqual([]);
  });

  it('is a polite live log', async () => {
    standardServer();
    renderPanel();
    const log = await screen.findByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.tabIndex).toBe(0);
  });

  it('logs a failed send, shows the generic notice and gives the text back', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch((call) =>
      (call.body as { message: string }).message
        ? { status: 500, body: { statusCode: 500, message: 'boom', error: 'Internal' } }
        : { body: chatResponse([GREETING]) },
    );
    renderPanel();
    await screen.findByRole('log');

    typeAndPressEnter('Will this work?');
    expect(await within(messageList()).findByText('Sorry, I encountered an error. Please try again.')).toBeTruthy();
    expect(within(messageList()).queryByText('Will this work?')).toBeNull();
    expect((messageInput() as HTMLTextAreaElement).value).toBe('Will this work?');
    expect(errorSpy).toHaveBeenCalledWith('The chat request failed', expect.anything());
  });

  it('only logs a failed history load and then shows the panel', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch(() => ({ status: 500, body: { statusCode: 500, message: 'down', error: 'Internal' } }));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Clari' })).toBeTruthy();
    expect(screen.queryByText('Loading conversation...')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errorSpy).toHaveBeenCalledWith('Failed to load the conversation history', expect.anything());
  });

  it('loads the history once per thread unless a reload is asked for', async () => {
    const { calls } = standardServer();
    const first = renderPanel();
    await screen.findByRole('log');
    first.unmount();

    const second = renderPanel({ conversationData: { area: 'career', contextSwitched: true } });
    expect(within(await screen.findByRole('log')).getByText(GREETING.content)).toBeTruthy();
    expect(sentMessages(calls)).toEqual(['']);

    second.rerender(
      <ChatPanel conversationDomain="valueexplorer_lifearea" conversationData={DATA} language="en" reloadKey={1} />,
    );
    await waitFor(() => expect(sentMessages(calls)).toEqual(['', '']));

    second.rerender(
      <ChatPanel
        conversationDomain="valueexplorer_lifearea"
        conversationData={{ area: { id: 'health' } }}
        language="en"
        reloadKey={1}
      />,
    );
    await waitFor(() => expect(sentMessages(calls)).toEqual(['', '', '']));
    expect((calls[2].body as { conversationData: unknown }).conversationData).toEqual({ area: { id: 'health' } });
  });

  it('shares one history request between two panels on one thread, and a reload replaces a load still on its way', async () => {
    const answers: Array<ReturnType<typeof deferred<FakeReply>>> = [];
    const { calls } = installFakeFetch(() => {
      const answer = deferred<FakeReply>();
      answers.push(answer);
      return answer.promise;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const panels = (reloadKey?: number) => (
      <QueryClientProvider client={client}>
        <ChatPanel
          conversationDomain="valueexplorer_lifearea"
          conversationData={DATA}
          language="en"
          reloadKey={reloadKey}
        />
        <ChatPanel conversationDomain="valueexplorer_lifearea" conversationData={DATA} language="en" />
      </QueryClientProvider>
    );
    const view = render(panels());
    expect(sentMessages(calls)).toEqual(['']);

    view.rerender(panels(1));
    await waitFor(() => expect(sentMessages(calls)).toEqual(['', '']));
    await act(async () => answers[1]?.resolve({ body: chatResponse([item('assistant', 'The newer history.')]) }));
    expect(await screen.findAllByText('The newer history.')).toHaveLength(2);
    // The first load was cancelled: its late answer changes nothing.
    await act(async () => answers[0]?.resolve({ body: chatResponse([item('assistant', 'The older history.')]) }));
    expect(screen.queryByText('The older history.')).toBeNull();
  });

  it('sends through its ref and reports when it is ready', async () => {
    const { calls } = standardServer();
    const handle = createRef<ChatPanelHandle>();
    const onReadyChange = jest.fn();
    renderPanel({ ref: handle, onReadyChange });
    expect(onReadyChange).toHaveBeenLastCalledWith(false);
    await screen.findByRole('log');
    expect(onReadyChange).toHaveBeenLastCalledWith(true);

    let sent = false;
    await act(async () => {
      sent = (await handle.current?.send('Please clarify')) ?? false;
    });
    expect(sent).toBe(true);
    expect(sentMessages(calls)).toEqual(['', 'Please clarify']);
    expect(onReadyChange.mock.calls.map(([ready]) => ready)).toEqual([false, true, false, true]);
  });

  it('turns everything off when disabled', async () => {
    standardServer([GREETING], ['A suggestion']);
    const handle = createRef<ChatPanelHandle>();
    renderPanel({ disabled: true, ref: handle });
    await screen.findByRole('log');
    expect(messageInput()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'A suggestion' }).getAttribute('aria-disabled')).toBe('true');
    expect(await handle.current?.send('Hello')).toBe(false);
  });

  it('shows a failed clear and keeps the messages', async () => {
    const errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch((call) =>
      call.url === '/api/ai-assistant/clear-conversation'
        ? { status: 500, body: { statusCode: 500, message: 'no', error: 'Internal' } }
        : { body: chatResponse([GREETING]) },
    );
    renderPanel();
    await screen.findByRole('log');
    fireEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The conversation could not be cleared. Please try again.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(messageList()).getByText(GREETING.content)).toBeTruthy();
    expect(errorSpy).toHaveBeenCalledWith('Failed to clear the conversation', expect.anything());
  });

  describe('voice input', () => {
    beforeEach(installFakeMedia);
    afterEach(uninstallFakeMedia);

    function voiceServer(transcription: FakeReply) {
      return installFakeFetch((call) =>
        call.url === '/api/transcribe' ? transcription : { body: chatResponse([GREETING]) },
      );
    }

    it('records with a visible timer and appends the transcription to the typed text', async () => {
      const { calls } = voiceServer({ body: { transcription: 'and my health.' } });
      renderPanel({ language: 'sv' });
      await screen.findByRole('log');
      fireEvent.change(messageInput(), { target: { value: 'I care about my family ' } });

      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record a voice message' })));
      expect(screen.getByRole('timer').textContent).toBe('0:00');
      fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));

      await waitFor(() =>
        expect((messageInput() as HTMLTextAreaElement).value).toBe('I care about my family and my health.'),
      );
      const upload = calls.find((call) => call.url === '/api/transcribe');
      expect((upload?.body as FormData).get('language')).toBe('sv');
      expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeTruthy();
      // Nothing is sent until the person sends it.
      expect(sentMessages(calls)).toEqual(['']);
    });

    it('adds nothing and explains when no speech was heard', async () => {
      voiceServer({ body: { transcription: '' } });
      renderPanel();
      await screen.findByRole('log');
      fireEvent.change(messageInput(), { target: { value: 'Typed' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record a voice message' })));
      fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
      expect((await screen.findByRole('alert')).textContent).toBe('No speech detected. Please try speaking again.');
      expect((messageInput() as HTMLTextAreaElement).value).toBe('Typed');
    });
  });

  it('speaks Swedish when the interface is Swedish', async () => {
    await i18n.changeLanguage('sv');
    const reply = deferred<FakeReply>();
    installFakeFetch((call) =>
      (call.body as { message: string }).message ? reply.promise : { body: chatResponse([GREETING]) },
    );
    renderPanel({ language: 'sv' });
    expect(screen.getByText('Laddar samtalet...')).toBeTruthy();
    await screen.findByRole('log', { name: 'Samtal med Clari' });
    const input = screen.getByRole('textbox', { name: 'Meddelande till Clari' });
    fireEvent.change(input, { target: { value: 'Hej' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Tänker...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spela in ett röstmeddelande' })).toBeTruthy();
    await act(async () => reply.resolve({ body: chatResponse([GREETING]) }));
  });
});
