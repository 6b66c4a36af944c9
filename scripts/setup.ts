// Installs what `npm run demo` and `npm test` need besides the npm packages: Chromium and Firefox.
// As root on a Debian-like system it installs the missing ones with apt-get; otherwise it prints
// the command to run and stops (exit status 1). CHROME_PATH / FIREFOX_PATH name browsers
// installed elsewhere. --dry-run says what it would do and changes nothing.
//   npm run setup [-- --dry-run]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type FoundBrowser, nodeTooOld, planSetup, type SetupEnvironment } from './setup-plan';

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });

const { engines } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { engines: { node: string } };
const oldNode = nodeTooOld(process.version, engines.node);
if (oldNode) {
  console.error(oldNode);
  process.exit(1);
}
console.log(`Node ${process.version}: fits ${engines.node}`);

const here = (): SetupEnvironment => ({
  env: process.env,
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
});

const listFound = (found: FoundBrowser[]) => {
  for (const browser of found) console.log(`${browser.name}: ${browser.path}`);
};

const plan = planSetup(here());
listFound(plan.found);

if (plan.action === 'stop') {
  console.error(plan.reason);
  if (plan.command) console.error(`\n  ${plan.command}\n`);
  process.exit(1);
}

if (plan.action === 'install') {
  for (const command of plan.commands) {
    const line = command.join(' ');
    if (values['dry-run']) {
      console.log(`Would run: ${line}`);
      continue;
    }
    console.log(`Running: ${line}`);
    const [program = '', ...args] = command;
    const { status, error } = spawnSync(program, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (status !== 0) {
      console.error(`\`${line}\` failed (${error?.message ?? `exit status ${status}`}).`);
      process.exit(1);
    }
  }
  if (values['dry-run']) process.exit(0);
  // apt-get said it worked: check that the browsers are where the tests look for them.
  const after = planSetup(here());
  if (after.action !== 'none') {
    listFound(after.found);
    console.error(
      `Installed ${plan.packages.join(' ')}, but a browser is still missing.${after.action === 'stop' ? `\n${after.reason}` : ''}`,
    );
    process.exit(1);
  }
  listFound(after.found.filter(({ name }) => !plan.found.some((before) => before.name === name)));
}

console.log('Ready: `npm run demo` and `npm test` have the browsers they need.');
