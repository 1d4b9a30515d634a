export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
