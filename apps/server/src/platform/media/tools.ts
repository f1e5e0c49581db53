import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** An executable on PATH, or undefined. */
export function onPath(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

/**
 * Where a tool is: `configured` may be a path, `off` (run without it) or undefined (search PATH,
 * then `fallback`). A configured path that does not exist counts as absent.
 */
export function resolveTool(
  name: string,
  configured: string | undefined,
  fallback: () => string | undefined = () => undefined,
): string | undefined {
  if (configured === 'off') return undefined;
  if (configured !== undefined) {
    try {
      fs.accessSync(configured, fs.constants.X_OK);
      return configured;
    } catch {
      return undefined;
    }
  }
  return onPath(name) ?? fallback();
}

/** The ffmpeg binary shipped in the npm package `@ffmpeg-installer/ffmpeg`, when it is installed. */
export function registryFfmpeg(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    return pkg.path && fs.existsSync(pkg.path) ? pkg.path : undefined;
  } catch {
    return undefined;
  }
}

export type ToolResult = { code: number | null; stdout: string; stderr: string };

const OUTPUT_LIMIT = 1024 * 1024;

/** Runs a tool without a shell; kills it after `timeoutMs`. Output beyond 1 MiB is dropped. */
export function runTool(cmd: string, args: string[], timeoutMs = 120_000): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
