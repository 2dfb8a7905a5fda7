import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Debian's Chromium, unless CHROMIUM_PATH names another. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
 * Debian's Chromium, for the e2e tests and the bench's Lighthouse run: its path once it is there.
 * When it is missing it is installed from Debian if this runs as root; otherwise the process stops
 * at once with the command to run. `purpose` says what needs it.
 */
export function ensureChromium(purpose: string): string {
  const chromium = chromiumPath();
  if (fs.existsSync(chromium)) return chromium;
  const install = 'apt-get update && apt-get install -y chromium';
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing for ${purpose}. Install it with:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
  console.info(`Chromium is missing for ${purpose}: installing it from Debian…`);
  if (spawnSync('sh', ['-c', install], { stdio: 'inherit' }).status !== 0 || !fs.existsSync(chromium)) {
    console.error(`Could not install Chromium. Run: ${install}`);
    process.exit(1);
  }
  return chromium;
}
