import console from './console.json';
import groups from './groups.json';
import tenants from './tenants.json';
import transfer from './transfer.json';
import users from './users.json';

// The console's one namespace ('admin'), loaded with its chunk; each area keeps its own file.
export default { console, users, groups, tenants, transfer };
