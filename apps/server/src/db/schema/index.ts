export * from './auth.js';
export * from './content.js';
export * from './files.js';
export * from './forms.js';
export * from './inbox.js';
export * from './mail.js';
export * from './tenants.js';
export * from './users.js';
