import shared from '@kanal/contract/locales/hr.json';
import auth from './auth.json';
import common from './common.json';
import content from './content.json';
import home from './home.json';
import shell from './shell.json';

// The contract's errors and validation texts join the common namespace, so they are written only once.
export const resources = { common: { ...common, ...shared }, auth, shell, home, content };
