/**
 * `chromium --version` of the binary the chromium engine launches, for the figures' provenance (`bench`
 * and `report` print it beside their numbers). Both give it the path from `chromiumPath()`.
 */
import { execFileSync } from 'node:child_process';

/**
 * The first line `executablePath --version` prints ("Chromium 156.0.8078.79 built on Debian…"), or null
 * when it cannot be run or prints nothing. Its stderr is dropped: Debian's wrapper script writes shell
 * noise there.
 */
export function chromiumVersion(executablePath: string): string | null {
  try {
    const out = execFileSync(executablePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 15_000 });
    return out.trim().split('\n')[0] || null;
  } catch {
    return null;
  }
}
