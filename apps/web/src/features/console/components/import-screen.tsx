import { ConsolePage } from './console-page';

export function ImportScreen() {
  return <ConsolePage title="ImportScreen">{null}</ConsolePage>;
}
