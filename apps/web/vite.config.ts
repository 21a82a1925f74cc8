import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** The server sends these as they are (no compression at request time), so write them once, at the best levels. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kanal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          readFile(file).then(async (data) => {
            const [br, gzipped] = await Promise.all([
              brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gz(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/**
 * dist/sw.js from sw/sw.js, with the build's assets to keep at install and a build digest in its cache
 * name: a new deployment changes the file, so browsers install it and drop the old copies. Written
 * once the bundle is on disk: the list is what the server will serve (CSS-only chunks are gone by then).
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kanal:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const assets: string[] = [];
      for await (const file of walk(join(outDir, 'assets'))) {
        if (!/\.(br|gz)$/.test(file)) assets.push(`/assets/${file.slice(join(outDir, 'assets').length + 1)}`);
      }
      assets.sort();
      const build = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      const template = await readFile(fileURLToPath(new URL('./sw/sw.js', import.meta.url)), 'utf8');
      await writeFile(
        join(outDir, 'sw.js'),
        template.replace('__BUILD__', build).replace('/* __ASSETS__ */ []', JSON.stringify(assets)),
      );
    },
  };
}

/**
 * Chunks for a phone on a slow connection (issue 11): split by importers alone, home loaded some forty
 * small files, each a round trip. Two groups gather them (Lighthouse: 91–94 → 95–97 on every page):
 * 'common', what /login and the signed-in app share, and 'app', the end-user app's own code; the sign-in
 * screens and the admin console keep chunks of their own. Nothing /login needs may be in 'app', or every
 * sign-in would download the whole app: the budget check (scripts/check-budget.mjs) fails the build then.
 * The first group to match a module takes it.
 */
const SHARED_WITH_LOGIN =
  /\/src\/(components\/(button|text-field|password-field|error-text|checkbox|icons|page|language-switch|spinner|form|status-view)\.|lib\/(errors|use-document-title|use-field-error)\.)/;
const SIGNED_IN_APP =
  /\/src\/(features\/(?!auth\/|console\/)|content\/|components\/|lib\/(query-keys|stored-value|storage-keys|format|paths|score|use-media-query|pager|use-go-back)\.)/;

export default defineConfig({
  plugins: [serviceWorker(), precompress()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // '@/lib/…' instead of '../../../lib/…': Biome forbids climbing out of a feature with relative paths.
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      react: 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react-dom/test-utils': 'preact/test-utils',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
      // react-i18next's CommonJS shim would otherwise require() real React; Preact has the hook built in.
      'use-sync-external-store/shim': 'preact/compat',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      // Libraries mark files "use client" for React Server Components, which this app does not use.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'common', includeDependenciesRecursively: false, test: SHARED_WITH_LOGIN },
            { name: 'app', includeDependenciesRecursively: false, test: SIGNED_IN_APP },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
