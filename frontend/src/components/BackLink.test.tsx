import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import BackLink from './BackLink';

function Reflect() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate('/profile')}>Open the profile</button>;
}

function renderApp(start: string) {
  render(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/reflect" element={<Reflect />} />
        <Route path="/profile" element={<BackLink fallback="/">Back</BackLink>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BackLink', () => {
  it('goes back to the page the person came from', () => {
    renderApp('/reflect');
    fireEvent.click(screen.getByRole('button', { name: 'Open the profile' }));
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/');
    fireEvent.click(back);
    expect(screen.getByRole('button', { name: 'Open the profile' })).toBeTruthy();
  });

  it('goes to its fallback when the page was the first of the visit', () => {
    renderApp('/profile');
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });
});
