import shared from '@kanal/contract/locales/admin.hr.json';
import bank from './bank.json';
import certificates from './certificates.json';
import console from './console.json';
import content from './content.json';
import contentResponses from './contentResponses.json';
import editorAudience from './editorAudience.json';
import editorMaterial from './editorMaterial.json';
import editorQuestions from './editorQuestions.json';
import groups from './groups.json';
import promotions from './promotions.json';
import review from './review.json';
import scim from './scim.json';
import sso from './sso.json';
import stats from './stats.json';
import system from './system.json';
import tenants from './tenants.json';
import transfer from './transfer.json';
import users from './users.json';

// The console's one namespace ('admin'), loaded with its chunk; each area keeps its own file. The contract's
// messages of the staff's calls come with it (found from 'common' through the texts' fallback namespaces, lib/i18n.ts).
export default {
  ...shared,
  console,
  users,
  groups,
  tenants,
  sso,
  scim,
  promotions,
  transfer,
  content,
  editorMaterial,
  editorQuestions,
  editorAudience,
  contentResponses,
  review,
  certificates,
  bank,
  stats,
  system,
};
