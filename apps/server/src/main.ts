import { buildApp, DEFAULT_WEB_DIST } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config, { webDist: DEFAULT_WEB_DIST });
  await app.listen({ port: config.port, host: config.host });

  const line = '-'.repeat(64);
  const admin = app.initialAdmin;
  const signIn = admin
    ? admin.password
      ? `Sign in as ${admin.email} with the password ${admin.password}\n(shown only this once: write it down)`
      : `Sign in as ${admin.email} with the password from ADMIN_PASSWORD`
    : 'Sign in with an existing account.';
  console.log(`\n${line}\nStavebný denník is running on ${config.publicUrl}\n${signIn}\n${line}\n`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
