export const QUEUE_DRIVER = Symbol('QUEUE_DRIVER');
