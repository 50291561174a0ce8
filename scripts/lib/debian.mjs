// Debian's packages for what the tests need beside Node (the browser, the load balancer): installed
// with apt-get when the machine allows it (root, apt), never starting a service of their own.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, rmSync, writeFileSync } from 'node:fs'

export function canInstallWithApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
}

/** Installs a Debian package; a package that ships a service (haproxy) does not start it: the tests run their own. */
export function installDebianPackage(name) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  // policy-rc.d answering 101 tells the package's scripts not to start services.
  const policy = '/usr/sbin/policy-rc.d'
  const ownPolicy = !existsSync(policy)
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 })
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], { stdio: 'inherit', env })
  } finally {
    if (ownPolicy) rmSync(policy, { force: true })
  }
}
