import type { Capability } from '@kanal/contract';

/**
 * What each console screen (a route of router.tsx, by its screen's name) asks of the role, declared once
 * from the contract's capabilities: the route guard (`guardScreens`) shows the "not available for your
 * role" page instead of the screen, and the navigation leaves out the links to it.
 */
export const SCREEN_CAPABILITIES = {
  ConsoleHome: 'console',
  DashboardScreen: 'stats.read',
  ContentListScreen: 'content.read',
  NewContentScreen: 'content.author',
  // An analyst reads an item in the editor, read-only; a creator changes their own items only.
  ContentEditorScreen: 'content.read',
  // An item's comments, answers and figures: also its creator's (`mayReadItemStats`, checked once the
  // item is loaded).
  ContentCommentsScreen: 'content.read',
  // The organisation's comments in one queue: a creator's on their own items (the server narrows it).
  CommentQueueScreen: 'content.read',
  // Items in review: a reviewer's all of them, another creator's own (review.service.ts decides).
  ReviewScreen: 'content.author',
  // The organisation's questions: its authors' (a creator changes only their own, the server decides).
  QuestionBankScreen: 'content.author',
  ContentAnswersScreen: 'content.read',
  // Who holds an item's certificate: its figures' readers (a creator's own items, `mayReadItemStats`).
  CertificatesScreen: 'content.read',
  ContentStatsScreen: 'content.read',
  UsersScreen: 'people.read',
  NewUserScreen: 'people.write',
  UserScreen: 'people.read',
  GroupsScreen: 'people.read',
  GroupScreen: 'people.read',
  ImportScreen: 'people.write',
  ExportsScreen: 'people.read',
  IdentityProvidersScreen: 'sso.manage',
  NewIdentityProviderScreen: 'sso.manage',
  IdentityProviderScreen: 'sso.manage',
  ScimTokensScreen: 'directory.manage',
  TenantsScreen: 'tenants.manage',
  NewTenantScreen: 'tenants.manage',
  TenantScreen: 'tenants.manage',
  PromotionsScreen: 'promotions',
  NewPromotionScreen: 'promotions',
  PromotionScreen: 'promotions',
  SystemScreen: 'system',
} as const satisfies Record<string, Capability>;

export type ScreenName = keyof typeof SCREEN_CAPABILITIES;
