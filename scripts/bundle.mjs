// Bundles the CLI into dist/bundle/ (run by `npm run build` after tsc; bin/robot-agent.js runs it).
//
// Why: `robot-agent run` loaded ~375 ES modules one file at a time (zod alone ~100, its 64
// locales among them); resolving, reading and linking them was a large part of its start-up
// (#18 item 9). Bundled, the run path is a few dozen chunks, and zod's unused parts are left out.
// Commands stay split: each command, the Anthropic SDK and the planner's language library are
// chunks of their own, loaded by the same dynamic imports as before, so `--help` loads none of
// them. Source maps point at src/ (bin/robot-agent.js turns them on with --verbose).
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = 'dist/bundle';

// Left to Node: native code (onnxruntime), packages that read files beside their own module
// (word-list's words.txt, rosnodejs's message definitions), jsonc-parser (a UMD build whose
// factory requires its parts by relative path at run time), and ink with the one React it needs.
const external = /^(onnxruntime-node|rosnodejs|word-list|jsonc-parser|ink|react)($|\/)/;

rmSync(`${root}/${outDir}`, { recursive: true, force: true });
await build({
  cwd: root,
  // version and stdio-fast-initialize are loaded by bin/robot-agent.js before main for
  // `serve --stdio`; as entries of the same build they are the very modules the server uses.
  input: {
    main: 'src/cli/main.ts',
    version: 'src/cli/version.ts',
    'stdio-fast-initialize': 'src/mcp/transports/stdio-fast-initialize.ts',
    // bin/robot-agent.js starts `run`'s detector thread before main loads (the module run then
    // takes the started thread from).
    'worker-detector': 'src/vision/worker-detector.ts',
    // A worker's script is loaded by its URL beside the module that starts it
    // (src/vision/worker-detector.ts): it must be a file of the bundle's own folder.
    ...(existsSync(`${root}/src/vision/detector-worker.ts`) ? { 'detector-worker': 'src/vision/detector-worker.ts' } : {}),
  },
  platform: 'node',
  tsconfig: 'tsconfig.json',
  // The sources import each other as .js (NodeNext); the files are .ts and .tsx.
  resolve: { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
  external,
  logLevel: 'warn',
  output: {
    dir: outDir,
    format: 'esm',
    sourcemap: true,
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    // Node reads, decodes and compiles every chunk `run` loads (~1.7 MB) before it can start: as
    // written out here, without comments or layout and in ASCII (one non-ASCII character makes V8
    // hold and scan a whole file as two-byte text), the same code is ~30% fewer bytes and loads in
    // ~10% less CPU. Names stay as they are (no mangling, no compression): stack traces, class
    // names and `--verbose`'s source-mapped traces read as before.
    minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
    comments: false,
    charset: 'ascii',
  },
});
