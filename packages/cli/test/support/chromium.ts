// Debian's chromium driven by playwright-core, the way every browser test here starts it: a
// fresh profile per run (launchPersistentContext is playwright's way to pass --user-data-dir),
// headless, no sandbox, no GPU, no background networking. Tests skip when chromium is absent.
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

/** Warns once per suite that it is skipped, naming the missing executable. */
export function warnWithoutChromium(suite: string): void {
  if (!haveChromium) console.warn(`${suite} browser tests: ${CHROMIUM} not found (install Debian's chromium); skipping`);
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

export function launchChromium(userDir: string, viewport: { width: number; height: number }, extraArgs: string[] = []): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDir, { executablePath: CHROMIUM, viewport, args: [...ARGS, ...extraArgs] });
}
