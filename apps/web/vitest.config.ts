import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * Libraries that import 'react' (or Preact itself, which they must share) go through Vite's aliases, or they
 * would load real React. Only they: every test file starts a fresh worker, and an inlined library is fetched
 * module by module from Vite and evaluated again in each file, while the others load as Node loads them.
 * Inlining everything made a console screen's first render cost about 1 s of a quiet machine's time and
 * five times that on a busy one (issue 28). A library missing here that imports React fails loudly:
 * two runtimes, broken hooks.
 */
const USES_REACT = [
  'preact',
  'react-router',
  '@tanstack/react-query',
  'react-hook-form',
  '@hookform/resolvers',
  '@testing-library/preact',
];

// The tests render with the same runtime and aliases as the build (Preact behind the React API).
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      // A screen's first test in a file loads its modules and warms jsdom up: about 2 s of a quiet machine's
      // time for the heaviest, five to seven times that at a load of 10–15 on two cores (issue 28).
      testTimeout: 20_000,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // A name matches inside node_modules/; the slash keeps 'preact' from matching 'preact-render-to-string'.
      server: { deps: { inline: USES_REACT.map((name) => `${name}/`) } },
    },
  }),
);
