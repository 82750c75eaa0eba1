// The operator's go-live commands (docs/go-live.md): neither opens the database.
import { readFileSync } from 'node:fs';
import { runPreflight } from './go-live/preflight.ts';
import { printedLine } from './go-live/preflight-line.ts';
import { readSecret } from './go-live/read-secret.ts';
import { securityCredential } from './go-live/security-credential.ts';
import { ConfigError, parseConfig } from './platform/config.ts';

type Write = (line: string) => void;

/**
 * Prints the SecurityCredential for the initiator password read from stdin, encrypted with the
 * certificate at `certificatePath`. The password never reaches argv, a log or the output.
 */
export async function securityCredentialCommand(
  certificatePath: string,
  out: Write,
  err: Write,
): Promise<number> {
  let certificate: Buffer;
  try {
    certificate = readFileSync(certificatePath);
  } catch (error) {
    err(`Cannot read the certificate ${certificatePath}: ${(error as Error).message}`);
    return 1;
  }
  try {
    const password = await readSecret('The initiator password (not shown): ');
    out(securityCredential(password, certificate));
    return 0;
  } catch (error) {
    err((error as Error).message);
    return 1;
  }
}

/** Checks each configured provider with the settings in `env`; 1 when any line failed. */
export async function preflightCommand(env: NodeJS.ProcessEnv, out: Write, err: Write): Promise<number> {
  let settings: ReturnType<typeof parseConfig>;
  try {
    settings = parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(`✗ PlayOn: ${error.message}`);
    return 1;
  }
  const lines = await runPreflight(settings);
  for (const line of lines) out(printedLine(line));
  const failures = lines.filter((line) => !line.ok).length;
  out(
    failures === 0
      ? 'Ready: every check passed.'
      : `Not ready: ${failures} ${failures === 1 ? 'check' : 'checks'} failed.`,
  );
  return failures === 0 ? 0 : 1;
}
