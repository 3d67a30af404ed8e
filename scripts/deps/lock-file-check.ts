/**
 * What can be checked about the dependencies with no network: the lock file alone (every package
 * pinned by a sha512 digest, fetched from the npm registry, and allowed to run an install script
 * only where package.json's `allowScripts` says so), and the installed tree against it. Whether
 * a locked version has a known advisory needs the registry's advisory service (see docs/dependencies.md).
 */

/** The parts of package.json this check reads. */
export interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  /** Packages allowed to run install scripts (`true`), the convention of @lavamoat/allow-scripts. */
  readonly allowScripts?: Readonly<Record<string, boolean>>;
}

/** One entry of package-lock.json's `packages` (lockfileVersion 2 and 3). */
export interface LockedPackage {
  readonly version?: string;
  readonly resolved?: string;
  readonly integrity?: string;
  readonly link?: boolean;
  readonly optional?: boolean;
  readonly hasInstallScript?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}

export interface LockFile {
  readonly lockfileVersion?: number;
  readonly packages?: Readonly<Record<string, LockedPackage>>;
}

/** The registry every package must come from; a lock entry without `resolved` comes from the configured one. */
export const registryPrefix = 'https://registry.npmjs.org/';

/** The package name of a lock path: `node_modules/a/node_modules/@s/b` is `@s/b`. */
export function packageNameOf(lockPath: string): string {
  const at = lockPath.lastIndexOf('node_modules/');
  return lockPath.slice(at + 'node_modules/'.length);
}

/** Every problem of the lock file against the manifest, one sentence each; empty when there is none. */
export function lockFileProblems(manifest: Manifest, lock: LockFile): string[] {
  const problems: string[] = [];
  if (lock.lockfileVersion === undefined || lock.lockfileVersion < 2)
    return [
      `package-lock.json has lockfileVersion ${lock.lockfileVersion ?? 'none'}: run npm install with npm 7 or later`,
    ];
  const packages = lock.packages ?? {};
  const root = packages[''] ?? {};
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
    const wanted = manifest[field] ?? {};
    const locked = root[field] ?? {};
    for (const name of new Set([...Object.keys(wanted), ...Object.keys(locked)]))
      if (wanted[name] !== locked[name])
        problems.push(
          `${field}.${name}: package.json asks for ${wanted[name] ?? 'nothing'}, package-lock.json has ${locked[name] ?? 'nothing'}: run npm install`,
        );
  }
  const allowed = manifest.allowScripts ?? {};
  for (const [lockPath, entry] of Object.entries(packages)) {
    if (lockPath === '' || entry.link) continue;
    const name = packageNameOf(lockPath);
    const where = `${lockPath}@${entry.version ?? '?'}`;
    if (!entry.integrity?.startsWith('sha512-'))
      problems.push(`${where}: no sha512 integrity (${entry.integrity ? entry.integrity.split('-')[0] : 'none'})`);
    if (entry.resolved !== undefined && !entry.resolved.startsWith(registryPrefix))
      problems.push(`${where}: resolved from ${entry.resolved}, not from ${registryPrefix}`);
    if (entry.hasInstallScript && allowed[name] !== true)
      problems.push(`${where}: runs an install script but is not in package.json's allowScripts`);
  }
  for (const [name, allow] of Object.entries(allowed))
    if (
      allow &&
      !Object.entries(packages).some(([path, entry]) => path && packageNameOf(path) === name && entry.hasInstallScript)
    )
      problems.push(`allowScripts.${name}: no locked package of that name has an install script; remove it`);
  return problems;
}

/**
 * The installed tree against the lock: each locked package at its path with its version.
 * `installedVersion(path)` reads `<path>/package.json`'s version, or undefined when absent. An
 * optional package may be absent (another platform's binary); any other absence is a problem.
 */
export function installedTreeProblems(
  lock: LockFile,
  installedVersion: (lockPath: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  for (const [lockPath, entry] of Object.entries(lock.packages ?? {})) {
    if (lockPath === '' || entry.link || !lockPath.includes('node_modules/')) continue;
    const version = installedVersion(lockPath);
    if (version === undefined) {
      if (!entry.optional)
        problems.push(`${lockPath}: locked at ${entry.version ?? '?'} but not installed: run npm ci`);
    } else if (version !== entry.version)
      problems.push(`${lockPath}: locked at ${entry.version ?? '?'} but ${version} is installed: run npm ci`);
  }
  return problems;
}
