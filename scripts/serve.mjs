/**
 * npm start's entry (decision 062): bundles the server's programs into .server/, then runs the main
 * one. Node runs TypeScript by stripping its types, and the stripper (swc built to WebAssembly)
 * costs each process that loads a .ts file about 17 MB for as long as it lives; this way the shop's
 * long-running processes load none. Bundled at every start (a fraction of a second), so what runs
 * is always the code in the folder.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileServer } from './compile-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
// One level below the root, as scripts/ is: start.ts finds the root as its folder's parent.
const { start } = await compileServer(root, path.join(root, '.server'));
await import(pathToFileURL(start).href);
