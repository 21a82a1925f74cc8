import { ConsolePage } from './console-page';

export function NewUserScreen() {
  return <ConsolePage title="NewUserScreen">{null}</ConsolePage>;
}
