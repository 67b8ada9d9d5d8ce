// Debian's chromium driven by playwright-core, the way every browser test here starts it: a
// fresh profile per run (launchPersistentContext is playwright's way to pass --user-data-dir),
// headless, no sandbox, no GPU, no background networking. Tests skip when chromium is absent,
// except under CI (CI set and not "false"), where a missing chromium is a failing test instead:
// CI must not pass by skipping what it was meant to check.
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';
import { it } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

/** True when running under CI (the CI variable set to anything but "" / "false" / "0"). */
export const underCi = Boolean(process.env.CI) && !['false', '0'].includes(String(process.env.CI).toLowerCase());

/**
 * Without chromium: outside CI, warns once per suite that it is skipped, naming the missing
 * executable; under CI, registers a test that fails with the same message.
 */
export function warnWithoutChromium(suite: string): void {
  if (haveChromium) return;
  const message = `${suite} browser tests: ${CHROMIUM} not found (install Debian's chromium, or set CHROMIUM_PATH)`;
  if (underCi) it(`${suite}: chromium is present under CI`, () => { throw new Error(`${message}; CI=${process.env.CI} does not allow skipping them`); });
  else console.warn(`${message}; skipping`);
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

export function launchChromium(userDir: string, viewport: { width: number; height: number }, extraArgs: string[] = []): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDir, { executablePath: CHROMIUM, viewport, args: [...ARGS, ...extraArgs] });
}
