import { ConsolePage } from './console-page';

export function NewTenantScreen() {
  return <ConsolePage title="NewTenantScreen">{null}</ConsolePage>;
}
