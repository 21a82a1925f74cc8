import { ConsolePage } from './console-page';

export function TenantScreen() {
  return <ConsolePage title="TenantScreen">{null}</ConsolePage>;
}
