export { NewTenantScreen as Component } from '@/features/console/components/tenant-new-screen';
