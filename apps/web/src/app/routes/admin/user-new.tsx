export { NewUserScreen as Component } from '@/features/console/components/user-new-screen';
