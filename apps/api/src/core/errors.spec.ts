import { OperatorError, describeError } from './errors';

describe('describeError', () => {
  it('never says undefined: what was thrown is named instead', () => {
    expect(describeError(undefined)).toBe('Failed without an error message (undefined was thrown).');
    expect(describeError(null)).toBe('Failed without an error message (null was thrown).');
    expect(describeError(undefined)).not.toBe('undefined');
  });

  it('gives an Error’s message with its code and causes, and its stack when asked', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54329'), { code: 'ECONNREFUSED' });
    const error = new Error('The database did not answer', { cause });
    expect(describeError(error)).toBe('The database did not answer\nCaused by: connect ECONNREFUSED 127.0.0.1:54329');
    expect(describeError(Object.assign(new Error('lock file exists'), { code: 'EEXIST' }))).toBe(
      'lock file exists (EEXIST)',
    );
    expect(describeError(new Error('boom'), { stack: true })).toMatch(/^Error: boom\n\s+at /);
  });

  it('prints an operator’s error as its message alone, also when stacks are asked for', () => {
    expect(describeError(new OperatorError('Another program uses port 54329.'), { stack: true })).toBe(
      'Another program uses port 54329.',
    );
  });

  it('shows strings as they are and inspects anything else', () => {
    expect(describeError('lock file "postmaster.pid" already exists')).toBe(
      'lock file "postmaster.pid" already exists',
    );
    expect(describeError({ code: '28P01', detail: 'password' })).toBe("{ code: '28P01', detail: 'password' }");
    expect(describeError(new Error(''))).toBe('Error');
  });
});
