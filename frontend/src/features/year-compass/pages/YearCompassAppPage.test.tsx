import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  yearCompassYears,
  type ChatResponse,
  type YearCompassBox,
  type YearCompassSectionData,
} from '@clari/contracts';
import type { ReactNode } from 'react';
import { ToastProvider } from '../../../components/ToastProvider';
import { AuthProvider, useAuth } from '../../../components/auth/AuthProvider';
import i18n from '../../../lib/i18n';
import { forgetConversations } from '../../../components/assistant/conversation-store';
import { installFakeFetch, type FakeReply, type RecordedCall } from '../../../test-support/fake-fetch';
import { withQueryClient } from '../../../test-support/query-client';
import { YearCompassProvider } from '../hooks/YearCompassProvider';
import '../year-compass-i18n';
import YearCompassAppPage from './YearCompassAppPage';

const NOW = '2026-03-01T10:00:00.000Z';
const DRAFT_PREFIX = 'clari.draft.yearCompass.ada@example.com.';
const DRAFT_KEY = `${DRAFT_PREFIX}1.s1_calendar`;
const USER = { email: 'ada@example.com', full_name: 'Ada', language: 'en', is_clinician: false, role: 'user' };

function box(id: string, extra: Partial<YearCompassBox> = {}): YearCompassBox {
  return {
    id,
    UiBoxTitle: `Box ${id}`,
    prompt: `Question for ${id}?`,
    content: '',
    box_size: 'small',
    hasImage: false,
    imagePrompt: null,
    imageUrl: null,
    ...extra,
  };
}

/** A server with 19 sections: section 1 has a large and a small box, section 11 an image box. */
function yearCompassServer(options: { failSection?: number; chatUpdates?: boolean } = {}) {
  const stored = new Map<string, string>();
  const boxesOf = (n: number): YearCompassBox[] => {
    const boxes =
      n === 1
        ? [box('s1_calendar', { box_size: 'large' }), box('s1_stands_out')]
        : n === 11
          ? [box('s11_picture', { box_size: 'large', hasImage: true, imagePrompt: 'x' })]
          : [box(`s${n}_only`)];
    return boxes.map((item) => ({ ...item, content: stored.get(item.id) ?? '' }));
  };
  const sectionOf = (n: number): YearCompassSectionData => ({
    sectionNumber: n,
    UiNavText: `Nav ${n}`,
    UiSectionTitle: `Title ${n}`,
    UiSectionInstruction: `Instruction ${n}`,
    boxes: boxesOf(n),
  });
  const chat = (message: string): ChatResponse => ({
    reply: message ? 'Added.' : 'Hello',
    risk: 'none',
    history: message
      ? [
          { role: 'user', content: message, timestamp: NOW },
          { role: 'assistant', content: 'Added.', timestamp: NOW },
        ]
      : [{ role: 'assistant', content: 'Hello', timestamp: NOW }],
    aiSuggestions: [],
    currentPhase: 's1_calendar',
    updates: message && options.chatUpdates ? [{ box_id: 's1_calendar', section_number: 1, content: message }] : [],
  });
  const fake = installFakeFetch((call: RecordedCall): FakeReply => {
    if (call.url === '/api/auth/check') return { body: { authenticated: true, user: USER } };
    const get = /^\/api\/yearcompass\/section\/(\d+)\?lang=(en|sv)$/.exec(call.url);
    if (get && call.method === 'GET') {
      const n = Number(get[1]);
      return n === options.failSection ? { status: 500, body: { message: 'boom' } } : { body: sectionOf(n) };
    }
    const post = /^\/api\/yearcompass\/section\/(\d+)\/box\/(\w+)$/.exec(call.url);
    if (post) {
      const content = (call.body as { content: string }).content.trim();
      stored.set(post[2], content);
      return { body: { ...box(post[2]), content } };
    }
    const put = /^\/api\/yearcompass\/section\/(\d+)$/.exec(call.url);
    if (put && call.method === 'PUT') {
      for (const item of (call.body as { boxes: Array<{ id: string; content: string }> }).boxes)
        stored.set(item.id, item.content.trim());
      return { body: sectionOf(Number(put[1])) };
    }
    if (call.url === '/api/yearcompass/yc-generate-image')
      return {
        status: 502,
        body: { message: 'Error generating image. Please try again.', code: 'image_generation_failed' },
      };
    if (call.url.startsWith('/api/yearcompass/upload-image/'))
      return {
        status: 415,
        body: { message: 'Please choose a PNG, JPEG, WebP or GIF image.', code: 'unsupported_file_type' },
      };
    if (call.url === '/api/ai-assistant/chat') {
      const { message } = call.body as { message: string };
      if (message && options.chatUpdates) stored.set('s1_calendar', message);
      return { body: chat(message) };
    }
    return { status: 404, body: { message: 'not found' } };
  });
  return { ...fake, stored };
}

/** Like the app's layout: the Year Compass opens once the session has answered. */
function SignedIn({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? children : null;
}

function renderApp() {
  return render(
    withQueryClient(
      <MemoryRouter>
        <ToastProvider>
          <AuthProvider>
            <SignedIn>
              <YearCompassProvider>
                <YearCompassAppPage />
              </YearCompassProvider>
            </SignedIn>
          </AuthProvider>
        </ToastProvider>
      </MemoryRouter>,
    ),
  );
}

const boxCard = (id: string) => screen.getByTestId(`box-${id}`);
const sectionCalls = (calls: RecordedCall[], n: number) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith(`/api/yearcompass/section/${n}?`));

jest.setTimeout(20000);

beforeEach(async () => {
  forgetConversations();
  localStorage.clear();
  await i18n.changeLanguage('en');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('Year Compass app', () => {
  it('loads the 19 sections in parallel, groups them under the two years and selects the first', async () => {
    const { calls } = yearCompassServer();
    renderApp();
    expect((await screen.findByTestId('section-loading')).textContent).toContain('Loading...');
    // All 19 requests go out at once, before any answer.
    expect(calls.filter((call) => call.url.startsWith('/api/yearcompass/')).map((call) => call.url)).toEqual(
      Array.from({ length: 19 }, (_, i) => `/api/yearcompass/section/${i + 1}?lang=en`),
    );
    await screen.findByRole('heading', { level: 2, name: 'Title 1' });

    const { pastYear, futureYear } = yearCompassYears();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    const past = within(nav).getByRole('list', { name: `Past year: ${pastYear}` });
    const future = within(nav).getByRole('list', { name: `Future year: ${futureYear}` });
    await waitFor(() =>
      expect(
        within(past)
          .getAllByRole('button')
          .map((item) => item.textContent),
      ).toEqual(Array.from({ length: 12 }, (_, i) => `${i + 1}. Nav ${i + 1}`)),
    );
    expect(
      within(future)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(Array.from({ length: 7 }, (_, i) => `${i + 13}. Nav ${i + 13}`));
    expect(within(past).getByRole('button', { name: '1. Nav 1' }).getAttribute('aria-current')).toBe('true');

    fireEvent.click(within(future).getByRole('button', { name: '13. Nav 13' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Title 13' })).toBeTruthy();
    expect(within(future).getByRole('button', { name: '13. Nav 13' }).getAttribute('aria-current')).toBe('true');
  });

  it('edits one box at a time: pencil, text area rows, Enter saves, Shift+Enter does not', async () => {
    const { calls } = yearCompassServer();
    renderApp();
    await screen.findByRole('heading', { level: 2, name: 'Title 1' });
    expect(within(boxCard('s1_calendar')).getByTestId('box-content').textContent).toBe('No content yet');

    fireEvent.click(within(boxCard('s1_calendar')).getByRole('button', { name: 'Edit Box s1_calendar' }));
    const large = within(boxCard('s1_calendar')).getByRole('textbox', {
      name: 'Box s1_calendar',
    }) as HTMLTextAreaElement;
    expect(large.rows).toBe(6);
    expect(large.placeholder).toBe('Write your thoughts here...');
    fireEvent.change(large, { target: { value: 'January: a new job.' } });

    // Opening the second box closes the first; its text stays, marked as not saved.
    fireEvent.click(within(boxCard('s1_stands_out')).getByRole('button', { name: 'Edit Box s1_stands_out' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(2); // the box and Clari's input
    expect(within(boxCard('s1_calendar')).queryByRole('textbox')).toBeNull();
    expect(within(boxCard('s1_calendar')).getByTestId('box-content').textContent).toBe('January: a new job.');
    expect(within(boxCard('s1_calendar')).getByTestId('box-unsaved')).toBeTruthy();
    const small = within(boxCard('s1_stands_out')).getByRole('textbox', {
      name: 'Box s1_stands_out',
    }) as HTMLTextAreaElement;
    expect(small.rows).toBe(3);

    fireEvent.change(small, { target: { value: 'The move.' } });
    fireEvent.keyDown(small, { key: 'Enter', shiftKey: true });
    expect(within(boxCard('s1_stands_out')).getByRole('textbox')).toBeTruthy();
    fireEvent.keyDown(small, { key: 'Enter' });
    expect(within(boxCard('s1_stands_out')).queryByRole('textbox')).toBeNull();
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/yearcompass/section/1/box/s1_stands_out')).toBe(true),
    );
    expect(calls.find((call) => call.url === '/api/yearcompass/section/1/box/s1_stands_out')?.body).toEqual({
      content: 'The move.',
    });
    expect(within(boxCard('s1_stands_out')).getByTestId('box-content').textContent).toBe('The move.');

    // Save Changes saves every box of the section at once.
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(console.error).not.toHaveBeenCalledWith('Failed to save section', expect.anything()));
    expect((await screen.findByTestId('toast', {}, { timeout: 3000 })).textContent).toBe('Section saved successfully.');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put).toEqual({
      url: '/api/yearcompass/section/1',
      method: 'PUT',
      body: {
        boxes: [
          { id: 's1_calendar', content: 'January: a new job.' },
          { id: 's1_stands_out', content: 'The move.' },
        ],
      },
    });
    expect(within(boxCard('s1_calendar')).queryByTestId('box-unsaved')).toBeNull();
  });

  it('Escape cancels an edit; a failed save is told, kept on the device and sent when the connection is back', async () => {
    const { calls } = yearCompassServer();
    renderApp();
    await screen.findByRole('heading', { level: 2, name: 'Title 1' });
    fireEvent.click(within(boxCard('s1_calendar')).getByRole('button', { name: 'Edit Box s1_calendar' }));
    const area = within(boxCard('s1_calendar')).getByRole('textbox');
    fireEvent.change(area, { target: { value: 'Never mind' } });
    fireEvent.keyDown(area, { key: 'Escape' });
    expect(within(boxCard('s1_calendar')).getByTestId('box-content').textContent).toBe('No content yet');
    expect(calls.some((call) => call.method === 'POST' && call.url.startsWith('/api/yearcompass'))).toBe(false);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();

    globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    fireEvent.click(within(boxCard('s1_calendar')).getByRole('button', { name: 'Edit Box s1_calendar' }));
    fireEvent.change(within(boxCard('s1_calendar')).getByRole('textbox'), { target: { value: 'Kept locally' } });
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}')).toMatchObject({ value: 'Kept locally', basedOn: '' });
    fireEvent.click(within(boxCard('s1_calendar')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('save-status').getAttribute('data-state')).toBe('retrying'));
    expect(screen.getByTestId('save-status').textContent).toBe(
      'Not saved — retrying. Your text is kept on this device.',
    );
    expect(screen.getByTestId('save-status').getAttribute('aria-live')).toBe('polite');
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Your changes could not be saved. We will keep trying.',
    );
    expect(within(boxCard('s1_calendar')).getByTestId('box-content').textContent).toBe('Kept locally');
    expect(within(boxCard('s1_calendar')).getByTestId('box-unsaved').textContent).toBe('Not saved — retrying');

    // The connection is back: saved at once, not at the end of the backoff.
    const back = yearCompassServer();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('save-status').getAttribute('data-state')).toBe('saved'));
    expect(back.calls.find((call) => call.url === '/api/yearcompass/section/1/box/s1_calendar')?.body).toEqual({
      content: 'Kept locally',
    });
    expect(screen.getByTestId('save-status').textContent).toBe('All changes saved');
    expect(within(boxCard('s1_calendar')).queryByTestId('box-unsaved')).toBeNull();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('after a reload, a draft made on the text the server still has comes back and is saved; another is offered', async () => {
    const { calls } = yearCompassServer();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ value: 'Typed before the reload', basedOn: '', keptAt: 1 }));
    localStorage.setItem(
      `${DRAFT_PREFIX}1.s1_stands_out`,
      JSON.stringify({
        value: 'From an older copy',
        basedOn: 'Text another device replaced',
        keptAt: Date.UTC(2026, 2, 1, 9),
      }),
    );
    renderApp();
    await screen.findByRole('heading', { level: 2, name: 'Title 1' });
    expect(within(boxCard('s1_calendar')).getByTestId('box-content').textContent).toBe('Typed before the reload');
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Your unsaved text from this device is back. It is being saved.',
    );
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/yearcompass/section/1/box/s1_calendar')?.body).toEqual({
        content: 'Typed before the reload',
      }),
    );
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());

    // The other box's text on the server is not what the draft was made on: the person chooses.
    const offer = within(boxCard('s1_stands_out')).getByTestId('box-draft-offer');
    expect(offer.textContent).toContain('This device has unsaved text from');
    expect(within(boxCard('s1_stands_out')).getByTestId('box-content').textContent).toBe('No content yet');
    fireEvent.click(within(offer).getByRole('button', { name: 'Restore it' }));
    expect(within(boxCard('s1_stands_out')).getByTestId('box-content').textContent).toBe('From an older copy');
    expect(within(boxCard('s1_stands_out')).queryByTestId('box-draft-offer')).toBeNull();
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/yearcompass/section/1/box/s1_stands_out')?.body).toEqual({
        content: 'From an older copy',
      }),
    );
  });

  it('image boxes: a placeholder, content required before generating, image files only', async () => {
    const { calls } = yearCompassServer();
    renderApp();
    await screen.findByRole('heading', { level: 2, name: 'Title 1' });
    await waitFor(() => expect(screen.getByRole('button', { name: '11. Nav 11' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '11. Nav 11' }));
    const card = boxCard('s11_picture');
    expect(within(card).getByRole('img', { name: 'No picture yet' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Generate Image' }));
    expect(within(card).getByRole('alert').textContent).toContain('Please write something in this box first');
    expect(calls.some((call) => call.url.includes('generate'))).toBe(false);

    const input = within(card).getByTestId('upload-image-input') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(within(card).getByRole('alert').textContent).toContain('Please select an image file');
    expect(calls.some((call) => call.url.includes('upload-image'))).toBe(false);
  });

  it('image boxes: generation and upload failures are shown on the box', async () => {
    const { calls } = yearCompassServer();
    renderApp();
    await waitFor(() => expect(screen.getByRole('button', { name: '11. Nav 11' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '11. Nav 11' }));
    const card = boxCard('s11_picture');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit Box s11_picture' }));
    fireEvent.change(within(card).getByRole('textbox'), { target: { value: 'A red boat' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Generate Image' }));
    // Busy for this box: the label changes and the button is disabled.
    expect((within(card).getByRole('button', { name: 'Generating...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await within(card).findByText('Error generating image. Please try again.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/yearcompass/yc-generate-image')?.body).toEqual({
      prompt: 'A red boat',
      sectionNumber: 11,
      boxId: 's11_picture',
    });
    expect(within(card).getByRole('button', { name: 'Generate Image' })).toBeTruthy();

    fireEvent.change(within(card).getByTestId('upload-image-input'), {
      target: { files: [new File(['x'], 'fake.png', { type: 'image/png' })] },
    });
    expect(await within(card).findByText('Please choose a PNG, JPEG, WebP or GIF image.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/yearcompass/upload-image/11/s11_picture')?.body).toBeInstanceOf(
      FormData,
    );
  });

  it('shows "Failed to fetch section {n}" with a retry for a section that did not load', async () => {
    yearCompassServer({ failSection: 1 });
    renderApp();
    expect(await screen.findByText('Failed to fetch section 1')).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to fetch section 1' }));
    yearCompassServer();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Title 1' })).toBeTruthy();
  });

  it('re-fetches the section 500 ms after Clari changed a box, and shows the new text', async () => {
    const { calls } = yearCompassServer({ chatUpdates: true });
    renderApp();
    await screen.findByRole('heading', { level: 2, name: 'Title 1' });
    const input = await screen.findByRole('textbox', { name: 'Message to Clari' });
    const before = sectionCalls(calls, 1).length;
    const chatCall = () => calls.filter((call) => call.url === '/api/ai-assistant/chat').at(-1);
    fireEvent.change(input, { target: { value: 'Midsummer at the lake.' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect((chatCall()?.body as { message: string }).message).toBe('Midsummer at the lake.'));
    expect((chatCall()?.body as { conversationData: unknown }).conversationData).toEqual({
      sectionNumber: 1,
      sectionTitle: 'Title 1',
      boxes: [
        { id: 's1_calendar', title: 'Box s1_calendar', content: '' },
        { id: 's1_stands_out', title: 'Box s1_stands_out', content: '' },
      ],
    });
    await screen.findByText('Added.');
    expect(sectionCalls(calls, 1).length).toBe(before);
    // Saved once the autosave's pause has passed (waited for, not slept through).
    await waitFor(() => expect(sectionCalls(calls, 1).length).toBe(before + 1));
    await waitFor(() =>
      expect(within(boxCard('s1_calendar')).getByTestId('box-content').textContent).toBe('Midsummer at the lake.'),
    );
  });
});
