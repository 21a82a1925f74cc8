export * from './auth.js';
export * from './constants.js';
export * from './content.js';
export * from './enums.js';
export * from './envelope.js';
export * from './errors.js';
export * from './health.js';
export * from './messages.js';
