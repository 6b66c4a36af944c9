// `npm run service -- [options]`: starts the local Site Report Service until SIGINT or SIGTERM.
import { relative } from 'node:path';
import { parseCliArgs, USAGE } from './cli-args';
import { startService } from './service';

let command: ReturnType<typeof parseCliArgs>;
try {
  command = parseCliArgs(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
}

if (command.help) {
  console.log(USAGE);
  process.exit(0);
}

const { options, generatedKey } = command;
let service: Awaited<ReturnType<typeof startService>>;
try {
  service = await startService({ ...options, log: (line) => console.log(line) });
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${options.port} is in use: pick another with --port.`
      : `The service could not start: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}

const db =
  options.db === ':memory:'
    ? 'in memory (gone when stopped)'
    : relative(process.cwd(), options.db ?? '');
console.log(`Site Report Service listening on ${service.baseUrl}`);
if (generatedKey) {
  // The user's own new key, shown once at startup (requests never log keys).
  console.log(`API key: ${service.apiKey} (generated; pass --api-key to keep one across restarts)`);
} else {
  console.log(`API keys: ${service.apiKeys.length} configured`);
}
console.log(`Database: ${db}`);
if (service.sampleUrls) {
  console.log(`Sample pages: ${Object.values(service.sampleUrls).join(' ')}`);
}
const modes = [
  options.async && `async (${options.asyncDelayMs} ms)`,
  options.latencyMs && `latency ${options.latencyMs} ms`,
  options.failEvery && `every ${options.failEvery}th request fails`,
  `rate limit ${options.rateLimit ? `${options.rateLimit}/min` : 'off'}`,
  `password tries ${
    options.passwordAttempts
      ? `${options.passwordAttempts} per ${(options.passwordWindowMs ?? 0) / 1000} s`
      : 'unlimited'
  }`,
].filter(Boolean);
console.log(`Mode: ${modes.join(', ')}`);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    console.error(`${signal} again: exiting at once.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`${signal}: stopping…`);
  await service.close();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
