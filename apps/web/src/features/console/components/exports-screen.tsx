import { ConsolePage } from './console-page';

export function ExportsScreen() {
  return <ConsolePage title="ExportsScreen">{null}</ConsolePage>;
}
