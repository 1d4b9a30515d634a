import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DependencyUnavailableError, unavailableBody, unavailableDependency, withDeadline } from './unavailable';

function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('unavailableDependency', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'a backend killed by pg_terminate_backend',
      pgError('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up', pgError('the database system is starting up', '57P03')],
    ['a statement timeout', pgError('canceling statement due to statement timeout', '57014')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a client-side query timeout', new Error('Query read timeout')],
    [
      'a TypeORM query error from a killed backend',
      new QueryFailedError('SELECT 1', [], pgError('terminating connection due to administrator command', '57P01')),
    ],
    [
      'the next query of a transaction whose connection was lost (TypeORM released its runner)',
      new QueryRunnerAlreadyReleasedError(),
    ],
    [
      "a transaction manager's call after its connection was lost (TypeORM released its runner)",
      new QueryRunnerProviderAlreadyReleasedError(),
    ],
  ])('maps %s to the database', (_label, error) => {
    expect(unavailableDependency(error)).toBe('database');
  });

  it('maps Redis being away to the queue', () => {
    expect(unavailableDependency(new DependencyUnavailableError('queue', 'adding a job took too long'))).toBe('queue');
    expect(unavailableDependency(new Error('Connection is closed.'))).toBe('queue');
    expect(
      unavailableDependency(
        Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
          name: 'MaxRetriesPerRequestError',
        }),
      ),
    ).toBe('queue');
  });

  it('leaves other errors alone (they stay 500s)', () => {
    expect(unavailableDependency(new Error('boom'))).toBeNull();
    expect(unavailableDependency(pgError('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(unavailableDependency('not an error')).toBeNull();
  });

  it('gives a readable 503 body with a retry hint', () => {
    expect(unavailableBody('database')).toEqual({
      statusCode: 503,
      message: 'The database is not reachable right now. Please try again in a moment.',
      error: 'Service Unavailable',
      code: 'database_unavailable',
      retryAfter: 5,
    });
  });

  it('withDeadline rejects with the dependency named when the promise is too slow', async () => {
    await expect(withDeadline(new Promise(() => undefined), 10, 'queue', 'adding a job')).rejects.toThrow(
      'Queue (Redis) unavailable: adding a job took longer than 10 ms',
    );
    await expect(withDeadline(Promise.resolve(7), 1000, 'database', 'x')).resolves.toBe(7);
  });
});
