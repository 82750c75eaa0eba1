// `npm run operator -- <command>`: gives and takes back operator roles from the command line, for the
// first admin of a deployment (docs/operations.md), lists and retries dead jobs (docs/runbook.md),
// and the go-live commands: the SecurityCredential and the pre-flight (docs/go-live.md).
// Each change is in the audit log, by "command line".
import { parseArgs } from 'node:util';
import { type OperatorRole, operatorRoles, ReasonSchema } from '@playon/shared/ops';
import type { FastifyBaseLogger } from 'fastify';
import { createAuthService } from './modules/auth/service.ts';
import { createOpsService } from './modules/operator/service.ts';
import { preflightCommand, securityCredentialCommand } from './operator-go-live.ts';
import { printDeadJobs, retryDeadJobAudited } from './operator-jobs.ts';
import { type Config, ConfigError, parseConfig, withLaptopSecrets } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { createMailer } from './platform/mail.ts';

const usage = `Usage:
  npm run operator -- add <email> --role <${operatorRoles.join('|')}> [--reason "<why>"]
  npm run operator -- remove <email> [--reason "<why>"]
  npm run operator -- list
  npm run operator -- dead-jobs
  npm run operator -- retry-job <id> [--reason "<why>"]
  npm run operator -- security-credential --certificate <file.cer>   (the password on stdin)
  npm run operator -- preflight
An e-mail without an account gets one, and a mail to choose its password.
On the embedded database (no DATABASE_URL), stop the server first.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    role: { type: 'string' },
    reason: { type: 'string' },
    certificate: { type: 'string' },
    help: { type: 'boolean' },
  },
});
const [command, email] = positionals;
if (values.help || !command) fail(usage);
const write = (stream: NodeJS.WriteStream) => (line: string) => stream.write(`${line}\n`);
if (command === 'security-credential') {
  if (!values.certificate) fail(usage);
  process.exit(
    await securityCredentialCommand(values.certificate, write(process.stdout), write(process.stderr)),
  );
}
if (command === 'preflight') {
  process.exit(await preflightCommand(process.env, write(process.stdout), write(process.stderr)));
}
if (!['add', 'remove', 'list', 'dead-jobs', 'retry-job'].includes(command)) fail(usage);
if (!['list', 'dead-jobs'].includes(command) && !email) fail(usage);
if (command === 'retry-job' && !/^\d+$/.test(email ?? '')) fail(usage);
const role = command === 'remove' ? 'player' : values.role;
if (command === 'add' && !operatorRoles.includes(role as OperatorRole)) fail(usage);
const reason = ReasonSchema.safeParse(values.reason ?? `${command} by the command line`);
if (!reason.success) fail('The reason must be 3 to 500 characters.');

let config: Config;
try {
  config = withLaptopSecrets(parseConfig(process.env), []);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

// Only warnings and errors reach the terminal.
const quiet = (): void => {};
const log = {
  level: 'warn',
  fatal: console.error,
  error: console.error,
  warn: console.warn,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;

const database = await openDatabase(config.database);
try {
  const { db } = database;
  const auth = createAuthService({ config, db, mailer: createMailer(config, db), log });
  const ops = createOpsService({
    db,
    requirePlayer: auth.requirePlayer,
    identity: auth.identity,
    operatorSessionMs: config.operatorSessionMs,
  });
  const actor = { uid: null, email: 'command line', role: 'system' };
  if (command === 'dead-jobs') {
    await printDeadJobs(db, (line) => process.stdout.write(`${line}\n`));
  } else if (command === 'retry-job') {
    await retryDeadJobAudited(db, ops.audit, actor, Number(email), reason.data);
    process.stdout.write(`Job ${email} is due again.\n`);
  } else if (command === 'list') {
    for (const operator of await ops.operators.list())
      process.stdout.write(`${operator.role}\t${operator.email}\n`);
  } else {
    const added = await ops.operators.add(actor, {
      email: email ?? '',
      role: role as OperatorRole | 'player',
      reason: reason.data,
    });
    if (added.invited)
      process.stdout.write(`Created an account for ${email}; a mail to choose its password is on its way.\n`);
    process.stdout.write(`${email} is now ${added.role}.\n`);
  }
  await auth.close();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await database.close();
}
