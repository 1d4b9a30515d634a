import axe from 'axe-core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ChatHistoryItem, ChatResponse } from '@clari/contracts';
import i18n from '../../lib/i18n';
import { forgetConversations } from './conversation-store';
import { installFakeFetch, type FakeReply } from '../../test-support/fake-fetch';
import { withQueryClient } from '../../test-support/query-client';
import ChatPanel from './ChatPanel';

const DATA = { area: { id: 'health' } };
const AT = '2026-11-24T10:00:00.000Z';

function response(history: ChatHistoryItem[], risk: ChatResponse['risk'] = 'none'): ChatResponse {
  return {
    reply: history[history.length - 1]?.content ?? '',
    history,
    aiSuggestions: [],
    currentPhase: 'values',
    updates: {},
    risk,
  };
}

/** A server whose thread takes a crisis message the way the API does: flagged, with the crisis reply. */
function server(initial: ChatHistoryItem[] = []) {
  const stored = [...initial];
  return installFakeFetch((call): FakeReply => {
    if (call.url === '/api/ai-assistant/clear-conversation') {
      stored.length = 0;
      return { body: { cleared: true } };
    }
    const { message } = call.body as { message: string };
    if (!message) return { body: response([...stored]) };
    if (/die/.test(message)) {
      stored.push(
        { role: 'user', content: message, timestamp: AT, risk: 'crisis' },
        { role: 'assistant', content: 'Thank you for telling me. Call 112.', timestamp: AT, risk: 'crisis' },
      );
      return { body: response([...stored], 'crisis') };
    }
    stored.push(
      { role: 'user', content: message, timestamp: AT },
      { role: 'assistant', content: 'Tell me more.', timestamp: AT },
    );
    return { body: response([...stored]) };
  });
}

const card = () => screen.queryByTestId('crisis-help-card');

beforeEach(async () => {
  forgetConversations();
  await i18n.changeLanguage('en');
});

describe('the crisis help card', () => {
  it('appears with a crisis reply, with tappable numbers, stays for the thread, and goes when it is cleared', async () => {
    server();
    render(
      withQueryClient(<ChatPanel conversationDomain="valueexplorer_lifearea" conversationData={DATA} language="en" />),
    );
    const input = await screen.findByRole('textbox', { name: 'Message to Clari' });
    expect(card()).toBeNull();

    fireEvent.change(input, { target: { value: 'I want to die' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(card()).not.toBeNull());
    const help = within(card() as HTMLElement);
    expect(help.getByRole('heading', { name: 'Help is there, any time' })).toBeTruthy();
    expect(help.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112');
    expect(help.getByRole('link', { name: 'Call 90101' }).getAttribute('href')).toBe('tel:90101');
    expect(help.getByRole('link', { name: 'Call 1177' }).getAttribute('href')).toBe('tel:1177');
    expect(help.getByRole('link', { name: /findahelpline\.com/ }).getAttribute('href')).toBe(
      'https://findahelpline.com',
    );
    expect((await axe.run(card() as HTMLElement)).violations).toEqual([]);

    // The next, ordinary message keeps the card in view.
    fireEvent.change(input, { target: { value: 'I like walking' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByText('Tell me more.');
    expect(card()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Clear' })));
    await waitFor(() => expect(card()).toBeNull());
  });

  it('shows from the stored history after a reload, in Swedish', async () => {
    await i18n.changeLanguage('sv');
    server([
      { role: 'user', content: 'Jag vill dö', timestamp: AT, risk: 'crisis' },
      { role: 'assistant', content: 'Tack för att du berättar.', timestamp: AT, risk: 'crisis' },
    ]);
    render(
      withQueryClient(<ChatPanel conversationDomain="valueexplorer_lifearea" conversationData={DATA} language="sv" />),
    );
    const help = within(await screen.findByTestId('crisis-help-card'));
    expect(help.getByRole('heading', { name: 'Det finns hjälp, dygnet runt' })).toBeTruthy();
    expect(help.getByRole('link', { name: 'Ring 112' }).getAttribute('href')).toBe('tel:112');
    expect(help.getByText(/Mind Självmordslinjen/)).toBeTruthy();
  });

  it('is not shown for a thread without a crisis message', async () => {
    server([{ role: 'assistant', content: 'Hello!', timestamp: AT }]);
    render(
      withQueryClient(<ChatPanel conversationDomain="valueexplorer_lifearea" conversationData={DATA} language="en" />),
    );
    await screen.findByText('Hello!');
    expect(card()).toBeNull();
  });
});
