#!/usr/bin/env node
// Runs the pinned pnpm without needing it installed globally: a fresh machine
// has only Node.js, and corepack's signature checks have broken installs before.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { packageManager } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const args = process.argv.slice(2);
const installed = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: false });
const wanted = packageManager.replace(/^pnpm@/, '');
const useLocal = installed.status === 0 && installed.stdout.trim() === wanted;
const [cmd, cmdArgs] = useLocal ? ['pnpm', args] : ['npx', ['--yes', packageManager, ...args]];
const result = spawnSync(cmd, cmdArgs, { stdio: 'inherit', shell: false });
process.exit(result.status ?? 1);
