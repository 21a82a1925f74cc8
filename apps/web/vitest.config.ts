import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// The tests render with the same runtime and aliases as the build (Preact behind the React API).
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // Libraries that import 'react' must go through Vite's aliases too, or they would load real React.
      server: { deps: { inline: true } },
    },
  }),
);
