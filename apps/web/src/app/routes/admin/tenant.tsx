export { TenantScreen as Component } from '@/features/console/components/tenant-screen';
