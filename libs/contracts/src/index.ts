export * from './languages';
export * from './value-explorer';
export * from './reflect';
export * from './year-compass';
export * from './assistant';
export * from './timing';
export * from './api';
export * from './accounts';
