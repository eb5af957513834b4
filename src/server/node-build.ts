/**
 * Which Node.js build runs, for the start-up log: the version alone does not tell a patched
 * distribution build (Debian 13's nodejs 20.19.2+dfsg-1+deb13uN, which links the system's
 * OpenSSL and libuv) from an upstream binary frozen at its release.
 */

/** The Node.js version, executable, OpenSSL, and the libraries linked from the system. */
export function nodeBuild(): { node: string; nodeExecPath: string; openssl: string; sharedLibraries: string[] } {
  const variables = (process.config as { variables?: Record<string, unknown> }).variables ?? {};
  const sharedLibraries = Object.keys(variables)
    .filter((k) => k.startsWith('node_shared') && (variables[k] === true || variables[k] === 'true'))
    .map((k) => (k === 'node_shared' ? 'libnode' : k.slice('node_shared_'.length)))
    .sort();
  return { node: process.version, nodeExecPath: process.execPath, openssl: process.versions.openssl ?? '', sharedLibraries };
}
