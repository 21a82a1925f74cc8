// Every operation of the API (operation.ts), by domain; the package exports them as the `api` namespace.
export * from './profile.js';
