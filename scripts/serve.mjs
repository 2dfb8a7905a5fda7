/**
 * npm start's entry (decision 062): compiles the server's code into .server/ (compile-server.mjs),
 * then runs the main process from there. Node runs TypeScript by stripping its types, and the
 * stripper (swc built to WebAssembly) costs each process that loads a .ts file about 17 MB for as
 * long as it lives; this way the shop's long-running processes load none. Compiled at every start
 * (a fraction of a second), so what runs is always the code in the folder.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileServer } from './compile-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { start } = await compileServer(root);
await import(pathToFileURL(start).href);
