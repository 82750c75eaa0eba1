import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('../../../../scripts/backup/', import.meta.url));

/**
 * Runs scripts/backup/<script> as an operator would, with `env` added to this process's: a child
 * process, so the app in this process goes on answering meanwhile. Rejects with its stderr unless it
 * exits 0.
 */
export function runBackupScript(
  script: 'backup.sh' | 'restore.sh',
  args: string[],
  env: Record<string, string>,
) {
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', [`${folder}${script}`, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${script} exited ${code}: ${stderr}`)),
    );
  });
}
