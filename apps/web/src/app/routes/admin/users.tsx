export { UsersScreen as Component } from '@/features/console/components/users-screen';
