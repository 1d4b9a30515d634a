import { probablySignedIn, rememberSignedIn } from './signed-in-hint';

describe('the signed-in hint', () => {
  afterEach(() => localStorage.clear());

  it('remembers the last session check and forgets it on sign-out', () => {
    expect(probablySignedIn()).toBe(false);
    rememberSignedIn(true);
    expect(probablySignedIn()).toBe(true);
    rememberSignedIn(false);
    expect(probablySignedIn()).toBe(false);
  });

  it('is no hint when storage is unavailable', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(probablySignedIn()).toBe(false);
    getItem.mockRestore();
  });
});
