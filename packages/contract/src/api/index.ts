// Every operation of the API (operation.ts), by domain; the package exports them as the `api` namespace.
export * from './answers.js';
export * from './authoring.js';
export * from './content.js';
export * from './files.js';
export * from './forms.js';
export * from './item-stats.js';
export * from './moderation.js';
export * from './people.js';
export * from './profile.js';
export * from './promotions.js';
export * from './stats.js';
export * from './system.js';
export * from './tenants.js';
