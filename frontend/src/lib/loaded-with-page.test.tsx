import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { requestEarly } from './early-requests';
import { PublicConfigProvider, usePublicConfig } from './public-config';
import { portraitQuery } from './portrait-query';
import { createQueryClient } from './query-client';
import { forgetSessionData } from './session-end';
import { answerFetchWith } from './testing/answering-fetch';

const SETTINGS = {
  contactEmail: 'hello@clari.example',
  companyName: 'Clari AB',
  companyRegistrationNumber: '559000-0000',
  transcriptionAvailable: false,
};

const PORTRAIT = { url: '/api/profile/portrait/image?v=3' };

/** The server's answers, and the paths asked for. */
function server() {
  const fetchMock = answerFetchWith(null);
  fetchMock.mockImplementation(async (path: string) => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    text: async () => JSON.stringify(path === '/api/config' ? SETTINGS : PORTRAIT),
  }));
  return { asked: () => fetchMock.mock.calls.map(([path]: [string]) => path) };
}

function Settings() {
  const config = usePublicConfig();
  return (
    <output data-testid="settings">
      {config.loaded ? `${config.contactEmail} ${config.transcriptionAvailable}` : 'loading'}
    </output>
  );
}

function Portrait() {
  const { data } = useQuery(portraitQuery);
  return <output data-testid="portrait">{data === undefined ? 'loading' : (data.url ?? 'none')}</output>;
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(() => forgetSessionData());

describe("reads the page's load made, in the first render", () => {
  it('the public settings: rendered with them at once, and not asked for again', async () => {
    const { asked } = server();
    await requestEarly('/api/config');
    render(
      <PublicConfigProvider>
        <Settings />
      </PublicConfigProvider>,
    );
    expect(shown('settings')).toBe('hello@clari.example false');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toEqual(['/api/config']);
  });

  it('the public settings: asked for when the page load has not read them', async () => {
    const { asked } = server();
    render(
      <PublicConfigProvider>
        <Settings />
      </PublicConfigProvider>,
    );
    expect(shown('settings')).toBe('loading');
    expect(await screen.findByText('hello@clari.example false')).toBeTruthy();
    expect(asked()).toEqual(['/api/config']);
  });

  it("the top bar's portrait: shown at once, and not asked for again", async () => {
    const { asked } = server();
    await requestEarly('/api/profile/portrait');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Portrait />
      </QueryClientProvider>,
    );
    expect(shown('portrait')).toBe('/api/profile/portrait/image?v=3');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toEqual(['/api/profile/portrait']);
  });

  it("the top bar's portrait: asked for when the page load has not read it", async () => {
    const { asked } = server();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Portrait />
      </QueryClientProvider>,
    );
    expect(shown('portrait')).toBe('loading');
    expect(await screen.findByText('/api/profile/portrait/image?v=3')).toBeTruthy();
    expect(asked()).toEqual(['/api/profile/portrait']);
  });
});
