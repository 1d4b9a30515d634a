import { unavailableBody } from './health/unavailable';

/** Error answers many endpoints share, for their Swagger decorators (one wording everywhere). */
export const UNAUTHORIZED_RESPONSE = {
  schema: {
    example: {
      statusCode: 401,
      message: 'Please log in to continue.',
      error: 'Unauthorized',
      code: 'not_authenticated',
    },
  },
};

export const RATE_LIMITED_RESPONSE = {
  schema: {
    example: {
      statusCode: 429,
      message: 'Too many attempts. Please wait a while and try again.',
      error: 'Too Many Requests',
      code: 'rate_limited',
      retryAfter: 120,
    },
  },
};

/** Routes that wait for a queue job answer this while Redis (behind the queues) is unreachable. */
export const QUEUE_UNAVAILABLE_EXAMPLE = {
  summary: 'Redis (behind the queues) is not reachable',
  value: unavailableBody('queue'),
};
