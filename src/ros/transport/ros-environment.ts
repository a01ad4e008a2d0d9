import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where Debian's ROS packages put their share directories (package.xml next to msg/, srv/…). */
const SHARE_DIR = '/usr/share';
const DEFINITION_DIRS = ['msg', 'srv', 'action'];

/**
 * The environment ROS 1 client libraries expect, filled in where the user left it unset, so a
 * Debian install works without sourcing a setup script: CMAKE_PREFIX_PATH (rosnodejs refuses to
 * load without it) and ROS_PACKAGE_PATH listing each message package's own directory. Pointing it
 * at /usr/share itself also works but makes the message loader walk every package there (~1.8 s
 * at start instead of ~0.2 s).
 */
export function rosEnvironmentDefaults(env: NodeJS.ProcessEnv, shareDir = SHARE_DIR): Record<string, string> {
  const defaults: Record<string, string> = {};
  if (!env.CMAKE_PREFIX_PATH) defaults.CMAKE_PREFIX_PATH = '/usr';
  if (!env.ROS_PACKAGE_PATH) {
    const packages = messagePackageDirs(shareDir);
    if (packages.length) defaults.ROS_PACKAGE_PATH = packages.join(':');
  }
  return defaults;
}

/** Directories under `shareDir` holding a ROS package that defines messages, services or actions. */
export function messagePackageDirs(shareDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(shareDir);
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => join(shareDir, name))
    .filter((dir) => existsSync(join(dir, 'package.xml')) && DEFINITION_DIRS.some((d) => existsSync(join(dir, d))));
}
