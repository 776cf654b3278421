// The machine a run happened on (BENCHMARKS.md states it beside the numbers).
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { findBrowser } from '../../scripts/lib/browsers.mjs';

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  chromium: string;
  /** 1-minute load average when the run started: a shared machine is noisy. */
  loadAverage: number;
  date: string;
}

function chromiumVersion(): string {
  const path = findBrowser('chromium');
  if (!path) return 'not found';
  try {
    const out = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.trim().split('\n').pop() ?? out.trim();
  } catch {
    return 'unknown';
  }
}

/** `nproc` (CPUs this process may use), else the CPU count. */
function nproc(): number {
  try {
    return Number.parseInt(execFileSync('nproc', { encoding: 'utf8' }).trim(), 10) || cpus().length;
  } catch {
    return cpus().length;
  }
}

export function machineInfo(): MachineInfo {
  return {
    nproc: nproc(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromiumVersion(),
    loadAverage: loadavg()[0] ?? Number.NaN,
    date: new Date().toISOString(),
  };
}
