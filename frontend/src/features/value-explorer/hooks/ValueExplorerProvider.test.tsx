import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import type { ValueExplorerData, ValueExplorerDataResponse } from '@clari/contracts';
import { ToastProvider } from '../../../components/ToastProvider';
import { AuthProvider, useAuth } from '../../../components/auth/AuthProvider';
import i18n from '../../../lib/i18n';
import { requestEarly } from '../../../lib/early-requests';
import { forgetSessionData } from '../../../lib/session-end';
import { installFakeFetch, type FakeReply } from '../../../test-support/fake-fetch';
import { valueExplorerKeys } from '../api/value-explorer-queries';
import { ValueExplorerProvider, useValueExplorer } from './ValueExplorerProvider';
import '../value-explorer-i18n';

const EMAIL = 'ada@example.com';
const DRAFT_KEY = `clari.valueExplorer.draft.${EMAIL}`;
const VERSION_KEY = `clari.valueExplorer.version.${EMAIL}`;
const V1 = '2026-03-01T10:00:00.000Z';
const V2 = '2026-03-02T10:00:00.000Z';
// The autosave waits 1 s after the last change; a save is waited for, not slept through.
const SAVED_WITHIN = { timeout: 5000 };

const family = (values: string[]): ValueExplorerData => ({
  lifeAreas: ['family'],
  selectedValues: { family: values },
  goals: {},
  obstacles: {},
});

/** A server holding one document; each save stores it with a new version. */
function server(stored: ValueExplorerDataResponse, options: { failLoads?: number } = {}) {
  let failLoads = options.failLoads ?? 0;
  let saves = 0;
  const fake = installFakeFetch((call): FakeReply => {
    if (call.url === '/api/auth/check')
      return {
        body: {
          authenticated: true,
          user: { email: EMAIL, full_name: 'Ada', language: 'en', is_clinician: false, role: 'user' },
        },
      };
    if (call.url === '/api/value-explorer/data' && call.method === 'GET') {
      if (failLoads > 0) {
        failLoads--;
        return { status: 500, body: { message: 'boom' } };
      }
      return { body: stored };
    }
    if (call.url === '/api/value-explorer/data' && call.method === 'PUT') {
      saves++;
      stored = {
        ...(call.body as ValueExplorerData),
        summary: stored.summary,
        updatedAt: `2026-04-0${saves}T10:00:00.000Z`,
      };
      return { body: stored };
    }
    return { status: 404, body: { message: 'not found' } };
  });
  return { ...fake, saves: () => fake.calls.filter((call) => call.method === 'PUT') };
}

function Probe() {
  const { data, loadState, saveState, update, reload } = useValueExplorer();
  return (
    <div>
      <output data-testid="state">{`${loadState}/${saveState}`}</output>
      <output data-testid="values">{(data.selectedValues.family ?? []).join(',')}</output>
      <button
        onClick={() =>
          update((current) => ({
            ...current,
            lifeAreas: ['family'],
            selectedValues: { family: [...(current.selectedValues.family ?? []), 'kindness'] },
          }))
        }
      >
        add
      </button>
      <button onClick={reload}>reload</button>
    </div>
  );
}

/** The provider mounts once the session is known, as under the app's route guard. */
function SignedIn() {
  const { user } = useAuth();
  return user ? (
    <ValueExplorerProvider>
      <Probe />
    </ValueExplorerProvider>
  ) : null;
}

function renderProvider(
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  { strict = false } = {},
) {
  const tree = (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>
          <SignedIn />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
  // The app renders in StrictMode (main.tsx): in development React then mounts, unmounts and
  // mounts again each component, effects included.
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return Object.assign(client, { unmount: view.unmount });
}

/** The page's load read the document (app/router.tsx) and the answer has come. */
async function readWithThePage() {
  await requestEarly('/api/value-explorer/data');
}

/** The renders until the session is known, with no answer from the server in between. */
async function sessionKnown() {
  await waitFor(() => expect(screen.queryByTestId('state')).not.toBeNull());
}

const documentReads = (calls: { url: string; method: string }[]) =>
  calls.filter((call) => call.url === '/api/value-explorer/data' && call.method === 'GET');

const state = () => screen.getByTestId('state').textContent;
const values = () => screen.getByTestId('values').textContent;

afterEach(() => forgetSessionData());

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

describe('ValueExplorerProvider', () => {
  it('shows the server data, saves a change 1 s later and keeps the stored answer in the query cache', async () => {
    const { saves } = server({ ...family(['honesty']), summary: '', updatedAt: V1 });
    const client = renderProvider();
    await waitFor(() => expect(state()).toBe('ready/saved'));
    expect(values()).toBe('honesty');
    expect(localStorage.getItem(VERSION_KEY)).toBe(V1);

    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null')).toEqual({
      data: family(['honesty', 'kindness']),
      basedOn: V1,
    });
    await waitFor(() => expect(state()).toBe('ready/saved'), SAVED_WITHIN);
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.body).toEqual(family(['honesty', 'kindness']));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem(VERSION_KEY)).toBe('2026-04-01T10:00:00.000Z');
    expect(client.getQueryData<ValueExplorerDataResponse>(valueExplorerKeys.data(EMAIL))?.selectedValues).toEqual({
      family: ['honesty', 'kindness'],
    });
  });

  it('restores an unsaved draft made on the version the server still has, and saves it', async () => {
    localStorage.setItem(VERSION_KEY, V1);
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ data: family(['honesty', 'courage']), basedOn: V1 }));
    const { saves } = server({ ...family(['honesty']), summary: '', updatedAt: V1 });
    renderProvider();
    await waitFor(() => expect(values()).toBe('honesty,courage'));
    await waitFor(() => expect(saves()).toHaveLength(1), SAVED_WITHIN);
    expect(saves()[0]?.body).toEqual(family(['honesty', 'courage']));
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
  });

  it('drops a draft made on an older version: a newer save from another device wins', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ data: family(['honesty', 'courage']), basedOn: V1 }));
    const { saves } = server({ ...family(['patience']), summary: '', updatedAt: V2 });
    renderProvider();
    await waitFor(() => expect(state()).toBe('ready/saved'));
    expect(values()).toBe('patience');
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem(VERSION_KEY)).toBe(V2);
    expect(saves()).toHaveLength(0);
  });

  it('takes no change before the data has loaded, and loads again on request after a failure', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls, saves } = server({ ...family(['honesty']), summary: '', updatedAt: V1 }, { failLoads: 1 });
    renderProvider();
    await waitFor(() => expect(state()).toBe('error/saved'));
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'reload' })));
    await waitFor(() => expect(state()).toBe('ready/saved'));
    expect(values()).toBe('honesty');
    expect(calls.filter((call) => call.url === '/api/value-explorer/data' && call.method === 'GET')).toHaveLength(2);
    expect(saves()).toHaveLength(0);
  });

  it("starts from the page load's own answer in its first render, without asking again", async () => {
    const { calls } = server({ ...family(['honesty']), summary: 'Kind', updatedAt: V1 });
    await readWithThePage();
    const client = renderProvider();
    await sessionKnown();
    // The first render is filled: no loading state, no second read.
    expect(state()).toBe('ready/saved');
    expect(values()).toBe('honesty');
    expect(documentReads(calls)).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem(VERSION_KEY)).toBe(V1));
    expect(client.getQueryData<ValueExplorerDataResponse>(valueExplorerKeys.data(EMAIL))?.summary).toBe('Kind');

    // Another visit in the same page checks with the server again: the copy starts only from a fresh answer.
    client.unmount();
    renderProvider(client);
    await sessionKnown();
    await waitFor(() => expect(documentReads(calls)).toHaveLength(2));
    await waitFor(() => expect(state()).toBe('ready/saved'));
  });

  it('restores a draft made on the version the page load read, in the first render, and saves it', async () => {
    localStorage.setItem(VERSION_KEY, V1);
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ data: family(['honesty', 'courage']), basedOn: V1 }));
    const { saves } = server({ ...family(['honesty']), summary: '', updatedAt: V1 });
    await readWithThePage();
    renderProvider();
    await sessionKnown();
    expect(values()).toBe('honesty,courage');
    await waitFor(() => expect(saves()).toHaveLength(1), SAVED_WITHIN);
    expect(saves()[0]?.body).toEqual(family(['honesty', 'courage']));
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
  });

  it('drops a draft older than the version the page load read, in the first render', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ data: family(['honesty', 'courage']), basedOn: V1 }));
    const { saves } = server({ ...family(['patience']), summary: '', updatedAt: V2 });
    await readWithThePage();
    renderProvider();
    await sessionKnown();
    expect(values()).toBe('patience');
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
    expect(localStorage.getItem(VERSION_KEY)).toBe(V2);
    expect(saves()).toHaveLength(0);
  });

  it("asks the server itself when the page load's answer was a refusal", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = server({ ...family(['honesty']), summary: '', updatedAt: V1 }, { failLoads: 1 });
    await readWithThePage();
    renderProvider();
    await waitFor(() => expect(state()).toBe('ready/saved'));
    expect(values()).toBe('honesty');
    expect(documentReads(calls)).toHaveLength(2);
  });

  it("saves in React's strict mode too, where effects run, are cleaned up and run again", async () => {
    const { saves } = server({ ...family(['honesty']), summary: '', updatedAt: V1 });
    await readWithThePage();
    renderProvider(undefined, { strict: true });
    await waitFor(() => expect(state()).toBe('ready/saved'));
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(saves()).toHaveLength(1), SAVED_WITHIN);
    expect(saves()[0]?.body).toEqual(family(['honesty', 'kindness']));
  });
});
