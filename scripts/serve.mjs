/**
 * npm start's entry (decision 062): compiles the server's code into .server/ (compile-server.mjs),
 * then runs the main process from there. Node runs TypeScript by stripping its types, and the
 * stripper (swc built to WebAssembly) costs each process that loads a .ts file about 17 MB for as
 * long as it lives; this way the shop's long-running processes load none. Compiled at every start
 * (a fraction of a second), so what runs is always the code in the folder.
 */
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileServer } from './compile-server.mjs';

// Node's compile cache (decision 112): the web workers started at every swap and the build
// processes load the same code again, and take its compiled form from disk. The variable passes it
// on to them; NODE_COMPILE_CACHE chooses the folder, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
const compileCache = module.enableCompileCache?.();
if (compileCache?.directory) process.env.NODE_COMPILE_CACHE ||= compileCache.directory;

const root = path.resolve(import.meta.dirname, '..');
const { start } = await compileServer(root);
await import(pathToFileURL(start).href);
