import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@kanal/contract';
import { defaultClientConditions, defineConfig, type Plugin, type Rollup } from 'vite';
import { earlyRequestArguments, requestFirstScreenData } from './src/lib/browser/first-screen-data';
import { LANGUAGE_STORAGE_KEY, SESSION_STORAGE_KEY } from './src/lib/browser/storage-keys';

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
 * The page's icon written into index.html as a data URL (public/favicon.svg, 380 bytes). In Lighthouse's runs a
 * signed-in page asked for /favicon.svg two or three times before its largest paint (the page's icon, and the
 * manifest's, the same file); on a slow phone each request took one of the six connections while the first
 * screen's scripts waited for one (issue 32: the simulation started them 330 ms after the stylesheets). The file
 * stays for the manifest and the sign-in screen's mark.
 */
function inlineFavicon(): Plugin {
  return {
    name: 'kanal:inline-favicon',
    apply: 'build',
    async transformIndexHtml(html) {
      const svg = (await readFile(new URL('public/favicon.svg', import.meta.url), 'utf8')).trim();
      const icon = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
      if (!html.includes(icon)) throw new Error('inline-favicon: index.html names no /favicon.svg icon');
      return html.replace(icon, icon.replace('/favicon.svg', `data:image/svg+xml,${encodeURIComponent(svg)}`));
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

type FirstScreens = {
  /** Code of the signed-in app's layout and home; of the sign-in screen; of each language's texts. */
  app: string[];
  signIn: string[];
  texts: Record<string, string[]>;
  /** The texts of a signed-in screen that has its own (`loadAreaTexts`), by its path's pattern. */
  areas: { pattern: string; texts: Record<string, string[]> }[];
};

/**
 * Runs in the page as it is parsed, before any of the app's code: asks for the first screen's chunks
 * (modulepreload: fetched and compiled now, run when the router imports them). No session in storage
 * means the sign-in screen; the console (/admin) has chunks of its own and is left to the router.
 */
function preloadFirstScreen(screens: FirstScreens, sessionKey: string, languageKey: string, fallback: string) {
  let files: string[] = [];
  try {
    const signedIn = localStorage.getItem(sessionKey) ?? sessionStorage.getItem(sessionKey);
    const language = localStorage.getItem(languageKey) ?? fallback;
    if (!location.pathname.startsWith('/admin')) files = signedIn ? screens.app : screens.signIn;
    files = files.concat(screens.texts[language] ?? screens.texts[fallback] ?? []);
    for (const area of signedIn ? screens.areas : []) {
      if (new RegExp(area.pattern).test(location.pathname)) {
        files = files.concat(area.texts[language] ?? area.texts[fallback] ?? []);
      }
    }
  } catch {
    // Storage blocked: the router asks for what it needs, as it would without this script.
  }
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = file.endsWith('.css') ? 'preload' : 'modulepreload';
    if (file.endsWith('.css')) link.as = 'style';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.append(link);
  }
}

/** `value` as JSON, its functions (the first pictures' rules) written as their source. */
function withFunctions(value: unknown): string {
  const functions: string[] = [];
  const json = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'function' ? `\u0000${functions.push(v.toString()) - 1}` : v,
  );
  return json.replace(/"\\u0000(\d+)"/g, (_match, index: string) => functions[Number(index)] ?? 'undefined');
}

/**
 * The first screen's code, named as the page arrives (issue 11: a phone on a slow connection). Without
 * it, the browser learns of the screen's chunks only once the entry has arrived and the router has run
 * (Lighthouse's simulated phone: 1.9 s after the start for home). index.html gets a small inline script
 * (`preloadFirstScreen`, with the chunk names of this build) that the server allows in its CSP by hash.
 * The same script asks for the first screen's data (`requestFirstScreenData`, issue 32).
 */
function firstScreenPreloads(): Plugin {
  return {
    name: 'kanal:first-screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const chunkOf = (source: string) => {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
          if (!chunk) throw new Error(`first-screen-preloads: no chunk for ${source}`);
          return chunk;
        };
        // What the entry imports statically, index.html already preloads.
        const closure = (roots: Rollup.OutputChunk[], skip = new Set<string>()) => {
          const files = new Set<string>();
          const visit = (chunk: Rollup.OutputChunk) => {
            if (files.has(chunk.fileName) || skip.has(chunk.fileName)) return;
            files.add(chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
            for (const name of chunk.imports) visit(bundle[name] as Rollup.OutputChunk);
          };
          roots.forEach(visit);
          return files;
        };
        const entry = closure(chunks.filter((c) => c.isEntry));
        const list = (...sources: string[]) => [...closure(sources.map(chunkOf), entry)];
        const screens: FirstScreens = {
          app: list('/src/app/routes/app-layout.tsx', '/src/app/routes/home.tsx'),
          signIn: list('/src/app/routes/account/login.tsx'),
          texts: Object.fromEntries(LANGUAGES.map((lang) => [lang, list(`/src/locales/${lang}/index.ts`)])),
          // Without them the screen waits for its texts, then asks for its data (the archive: a round trip).
          areas: [
            { pattern: '^/archive', area: 'archive' },
            { pattern: '^/profile', area: 'profile' },
          ].map(({ pattern, area }) => ({
            pattern,
            texts: Object.fromEntries(LANGUAGES.map((lang) => [lang, list(`/src/locales/${lang}/${area}.json`)])),
          })),
        };
        const args = [screens, SESSION_STORAGE_KEY, LANGUAGE_STORAGE_KEY, DEFAULT_LANGUAGE].map((a) =>
          JSON.stringify(a),
        );
        const early = earlyRequestArguments().map(withFunctions);
        const script = `<script>(${preloadFirstScreen.toString()})(${args.join(',')});(${requestFirstScreenData.toString()})(${early.join(',')})</script>`;
        return html.replace('<script type="module"', `${script}\n    <script type="module"`);
      },
    },
  };
}

/**
 * Fails the build when chunks import each other in a circle. The groups below gather modules by path, not
 * by who imports whom: once a module of 'app' imported one left to another chunk that imports 'app' back,
 * that chunk ran before 'app' had, and its schemas were built over not-yet-defined ones (the editor's
 * publish then threw in the browser only; issue 30). Modules may import in circles; chunks must not.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'kanal:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const done = new Set<string>();
      const path: string[] = [];
      const visit = (name: string) => {
        const at = path.indexOf(name);
        if (at >= 0) this.error(`chunks import each other in a circle: ${[...path.slice(at), name].join(' → ')}`);
        if (done.has(name)) return;
        path.push(name);
        for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
        path.pop();
        done.add(name);
      };
      for (const name of chunks.keys()) visit(name);
    },
  };
}

/**
 * The browser calls an operation by its method and path alone (src/lib/api-client.ts): its schemas are the
 * server's, which validates and documents with them. Built without them, a declaration no longer brings
 * its schemas (and their modules) into the chunk that calls it (docs/adr/0009-one-typed-route-table.md).
 */
function operationsWithoutSchemas(): Plugin {
  // After TypeScript is stripped: one property a line, its value a schema's name.
  const SCHEMA = /^(\s+)(params|query|headers|body|response): [\w$.]+(,?)$/gm;
  return {
    name: 'kanal:operations-without-schemas',
    apply: 'build',
    transform(code, id) {
      if (!/\/contract\/src\/api\/(end-user|staff)\/[\w-]+\.ts$/.test(id)) return null;
      return { code: code.replace(SCHEMA, '$1$2: undefined$3'), map: null };
    },
  };
}

/**
 * Preact and the router, which every page runs: one chunk by name. Left to the bundler, they are gathered
 * by the set of chunks that reach them, and the rich-text editor (loaded by the console on its own) reaches
 * Preact but not the router: the router then fell into the entry chunk, which 'common' imports back.
 */
const SHARED_VENDOR = /\/node_modules\/(preact|react-router)\//;

/**
 * Chunks for a phone on a slow connection (issue 11): split by importers alone, home loaded some forty
 * small files, each a round trip (over HTTP/1.1, six at a time). Two groups gather them (Lighthouse:
 * 91–94 → 95–97 on every page): 'common', what /login and the signed-in app share, and 'app', the end-user
 * app's own code and screens with the contract's modules and the query hooks it shares with the console; the
 * sign-in screens and the console keep chunks of their own (the console loads 'app' too). Nothing /login needs
 * may be in 'app', or every sign-in would download the whole app: the budget check (scripts/check-budget.mjs)
 * fails the build then. The first group to match a module takes it.
 *
 * Issue 32: what was left to the bundler still made a signed-in page's first load 23 files, a dozen of them
 * under 2 KB (the API client, the texts' runtime, the query library's pieces, a screen's route module, each
 * shared by chunks that are all loaded anyway). Named here, they join the group every such page loads.
 */
const SHARED_WITH_LOGIN = new RegExp(
  [
    String.raw`/web/src/components/(button|icons|page|language-switch|form/(text-field|password-field|error-text|checkbox|form)|feedback/(spinner|status-view))\.`,
    String.raw`/web/src/lib/(errors|hooks/use-document-title|hooks/use-field-error|browser/leave-for)\.`,
    String.raw`/web/src/lib/(api-client|api-path|auth-store|i18n|translator|browser/(storage-keys|early-responses|first-screen-settled))\.`,
    String.raw`/contract/src/(enums|constants|api/operation|messages/messages)\.`,
    // The entry's own styles: in the shared stylesheet, every page has one render-blocking file, not two.
    String.raw`/web/src/(styles/(tokens|base)|app/root-layout)\.css`,
    String.raw`/zod/v4/(core/|mini/schemas\.)`,
    // The query library as the entry and the sign-in screen use it (its observers of lists are the app's).
    String.raw`/@tanstack/query-core/build/modern/(infiniteQueryBehavior|query|queryClient|queryCache|mutation|mutationCache|mutationObserver|timeoutManager|utils|environmentManager|subscribable|focusManager|notifyManager|onlineManager|retryer|removable)\.`,
    String.raw`/@tanstack/react-query/build/modern/(QueryClientProvider|useMutation)\.`,
    // Vite's helper for dynamic imports.
    'vite/preload-helper',
  ].join('|'),
);
const SIGNED_IN_APP = new RegExp(
  [
    // The profile's editor is the end-user app's one form: left to its screen's chunk, it takes react-hook-form
    // (16 KB) off every other signed-in page's first load.
    '/web/src/(features/(?!auth/|people/|authoring/|statistics/|moderation/|review/|certificates/|organisations/|operations/|sso/|scim/|profile/components/profile-editor\\.)|content/|components/)',
    String.raw`/web/src/lib/(query-keys|browser/stored-value|format|paths|score|hooks/use-media-query|pager|hooks/use-go-back|file-url)\.`,
    String.raw`/web/src/features/auth/api/(get-me|sign-out)\.`,
    '/web/src/app/routes/(app-layout|home|content/|archive/)',
    String.raw`/web/src/lib/browser/download\.`,
    String.raw`/contract/src/(brand-colors|api/access|api/end-user/session|api/staff/certificates)\.`,
    String.raw`/zod/v4/mini/iso\.`,
    String.raw`/contract/src/(envelope|content|forms|people|person-attributes|notifications|files|api/end-user/(content|forms|files|account|notifications|profile))\.`,
    String.raw`/@tanstack/(query-core/build/modern/queryObserver|react-query/build/modern/(IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|queryOptions))\.`,
  ].join('|'),
);

export default defineConfig({
  plugins: [
    operationsWithoutSchemas(),
    noChunkCycles(),
    inlineFavicon(),
    firstScreenPreloads(),
    serviceWorker(),
    precompress(),
  ],
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
            { name: 'vendor', includeDependenciesRecursively: false, test: SHARED_VENDOR },
            { name: 'common', includeDependenciesRecursively: false, test: SHARED_WITH_LOGIN },
            { name: 'app', includeDependenciesRecursively: false, test: SIGNED_IN_APP },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
