import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Debian's Chromium, unless CHROMIUM_PATH names another: Lighthouse's browser (e2e and bench). */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell (Chromium's old headless mode, the browser Playwright itself runs
 * headless), unless HEADLESS_SHELL_PATH names another: the e2e tests' browser. It renders the same
 * pages with about half of the full browser's CPU (decision 100), which the e2e runs spend most of.
 */
export const headlessShellPath = () => process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** The flags that let it run offline and as root on these machines (Playwright adds headless itself). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The same for chrome-launcher (Lighthouse), which starts it with a window unless told not to. */
export const HEADLESS_CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * A browser from Debian's packages: its path once it is there. When it is missing it is installed
 * if this runs as root; otherwise the process stops at once with the command to run. `purpose`
 * says what needs it.
 */
function ensureDebianBrowser(file: string, debianPackage: string, purpose: string): string {
  if (fs.existsSync(file)) return file;
  const install = `apt-get update && apt-get install -y ${debianPackage}`;
  if (process.getuid?.() !== 0) {
    console.error(`${debianPackage} is missing for ${purpose}. Install it with:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
  console.info(`${debianPackage} is missing for ${purpose}: installing it from Debian…`);
  if (spawnSync('sh', ['-c', install], { stdio: 'inherit' }).status !== 0 || !fs.existsSync(file)) {
    console.error(`Could not install ${debianPackage}. Run: ${install}`);
    process.exit(1);
  }
  return file;
}

/** Debian's Chromium (package chromium). */
export const ensureChromium = (purpose: string) => ensureDebianBrowser(chromiumPath(), 'chromium', purpose);

/** Debian's headless shell (package chromium-headless-shell). */
export const ensureHeadlessShell = (purpose: string) =>
  ensureDebianBrowser(headlessShellPath(), 'chromium-headless-shell', purpose);
