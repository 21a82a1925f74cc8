export { UserScreen as Component } from '@/features/console/components/user-screen';
