import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

const notes: string[] = [];
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env, notes);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const app = await buildApp(config);
for (const note of notes) app.log.warn(note);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`PlayOn is at ${config.publicUrl} (API docs: ${config.publicUrl}/api/docs)`);
