import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REFLECT_TOPICS, type Reflection, type ReflectionListPage } from '@clari/contracts';
import i18n from '../../../lib/i18n';
import { installFakeFetch, type FakeReply, type RecordedCall } from '../../../test-support/fake-fetch';
import { renderRoutes } from '../test-support/render-routes';
import ReflectPage from './ReflectPage';

const AT = '2026-03-01T10:00:00.000Z';
const FIRST: Reflection = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'A conflict: The dishes',
  content: 'Text',
  topic: 'conflict',
  lifeAreas: ['romantic', 'family'],
  tags: ['dishes', 'fairness'],
  createdAt: AT,
  updatedAt: AT,
};
const SECOND: Reflection = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Your Day',
  content: '',
  topic: 'your_day',
  lifeAreas: [],
  tags: [],
  createdAt: AT,
  updatedAt: AT,
};

/** The list's answer: one page of entries, each with an excerpt instead of the content. */
const page = (...reflections: Reflection[]): ReflectionListPage => ({
  items: reflections.map(({ content, ...rest }) => ({ ...rest, excerpt: content })),
  nextCursor: null,
});

function server(list: FakeReply, remove: FakeReply = { body: { deleted: true } }) {
  return installFakeFetch((call) => (call.method === 'DELETE' ? remove : list));
}

function renderList() {
  return renderRoutes('/reflect', { '/reflect': <ReflectPage />, '*': <p>Elsewhere</p> });
}

const deletes = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'DELETE').map((call) => call.url);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/reflect', () => {
  it('disables all nine topic buttons after one click and goes to the new-topic route', async () => {
    server({ body: page() });
    const router = renderList();
    const buttons = REFLECT_TOPICS.map((topic) => screen.getByTestId(`topic-${topic}`) as HTMLButtonElement);
    expect(buttons.map((button) => button.disabled)).toEqual(REFLECT_TOPICS.map(() => false));
    expect(buttons[4].textContent).toBe('🤔Philosophical Idea');
    fireEvent.click(screen.getByRole('button', { name: /Conflict/ }));
    await waitFor(() => expect(router.pathname).toBe('/reflect/new_topic/conflict'));
  });

  it('shows the loading, then the empty state', async () => {
    server({ body: page() });
    renderList();
    expect(screen.getByText('Loading reflections...')).toBeTruthy();
    await screen.findByTestId('reflections-empty');
    expect(screen.queryByText('Loading reflections...')).toBeNull();
  });

  it('lists reflections with title, short date, translated life areas and #tags; a click opens one', async () => {
    server({ body: page(FIRST, SECOND) });
    const router = renderList();
    const items = await screen.findAllByTestId('reflection-item');
    expect(items).toHaveLength(2);
    const first = within(items[0]);
    first.getByText('A conflict: The dishes');
    first.getByText(
      `Created ${new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(AT))}`,
    );
    first.getByText('Romantic relationships');
    first.getByText('Family');
    first.getByText('#dishes');
    // An untouched placeholder title shows as the topic's name.
    within(items[1]).getByText('Your Day');
    fireEvent.click(first.getByRole('link'));
    await waitFor(() => expect(router.pathname).toBe(`/reflect/id/${FIRST.id}`));
  });

  it('shows Swedish names and dates in Swedish', async () => {
    await i18n.changeLanguage('sv');
    server({ body: page(FIRST, SECOND) });
    renderList();
    const [first, second] = (await screen.findAllByTestId('reflection-item')).map((item) => within(item));
    first.getByText('Kärleksrelationer');
    first.getByText(
      `Skapad ${new Intl.DateTimeFormat('sv', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(AT))}`,
    );
    second.getByText('Din dag');
    screen.getByRole('button', { name: /En konflikt/ });
  });

  it('deletes only after confirmation; declining does nothing and a failed delete removes nothing', async () => {
    const { calls } = server({ body: page(FIRST, SECOND) }, { status: 500, body: { message: 'Down' } });
    renderList();
    const remove = await screen.findByRole('button', { name: 'Delete the reflection “A conflict: The dishes”' });
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Are you sure you want to delete this reflection?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes(calls)).toEqual([]);

    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(`Failed to delete reflection ${FIRST.id}`, expect.anything()),
    );
    expect(deletes(calls)).toEqual([`/reflect/reflections/${FIRST.id}`]);
    expect(screen.getAllByTestId('reflection-item')).toHaveLength(2);
  });

  it('removes a reflection once the server has deleted it', async () => {
    server({ body: page(FIRST, SECOND) });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the reflection “A conflict: The dishes”' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('reflection-item')).toHaveLength(1));
    expect(screen.queryByText('A conflict: The dishes')).toBeNull();
  });

  it('says when the list could not be loaded, and Retry loads it again', async () => {
    let reply: FakeReply = { status: 500, body: { message: 'Down' } };
    installFakeFetch(() => reply);
    renderList();
    const failed = await screen.findByTestId('reflections-failed');
    within(failed).getByText('Your reflections could not be loaded.');
    expect(console.error).toHaveBeenCalledWith('Failed to fetch reflections', expect.anything());
    expect(screen.queryByTestId('reflections-empty')).toBeNull();
    reply = { body: page(FIRST) };
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('reflection-item')).toHaveLength(1);
    expect(screen.queryByTestId('reflections-failed')).toBeNull();
  });

  it('says so in Swedish too', async () => {
    await i18n.changeLanguage('sv');
    server({ status: 500, body: { message: 'Down' } });
    renderList();
    const failed = await screen.findByTestId('reflections-failed');
    within(failed).getByText('Dina reflektioner kunde inte hämtas.');
    within(failed).getByRole('button', { name: 'Försök igen' });
  });

  it('marks a reflection without a summary yet as a draft, in the user’s language', async () => {
    server({ body: page(FIRST, SECOND) });
    renderList();
    const [first, second] = await screen.findAllByTestId('reflection-item');
    expect(within(first).queryByTestId('reflection-draft')).toBeNull();
    within(second).getByText('Draft: no summary yet');
  });

  it('loads the next page with the previous page’s cursor when asked, and hides the button on the last page', async () => {
    const { calls } = installFakeFetch((call) =>
      call.url.includes('cursor=') ? { body: page(SECOND) } : { body: { ...page(FIRST), nextCursor: 'next-one' } },
    );
    renderList();
    expect(await screen.findAllByTestId('reflection-item')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Show more reflections' }));
    await waitFor(() => expect(screen.getAllByTestId('reflection-item')).toHaveLength(2));
    expect(calls.map((call) => call.url)).toEqual([
      '/reflect/reflections?limit=30',
      '/reflect/reflections?limit=30&cursor=next-one',
    ]);
    expect(screen.queryByTestId('reflections-more')).toBeNull();
  });

  it('shows an entry’s excerpt', async () => {
    server({ body: page(FIRST) });
    renderList();
    expect((await screen.findByTestId('reflection-excerpt')).textContent).toBe('Text');
  });
});
