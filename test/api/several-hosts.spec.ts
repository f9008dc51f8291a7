import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import { QUEUES } from '../../server/src/jobs/queues';
import { AppHandle, createUser, tokenOf } from './support/app';
import { expectDueReminderSentOnce, freePort, handleAt, killAll, migratedDeployment, printed, Proc, queuesOf, startServer } from './support/deployment';

const IP = '/usr/sbin/ip';
const ip = (...args: string[]) => spawnSync(IP, args, { encoding: 'utf8' });

/**
 * Why this machine cannot make test hosts, or null when it can: Linux network namespaces joined to
 * this one by veth pairs need root and iproute2 (tried once with a namespace of its own, removed at once).
 */
function hostsUnavailable(): string | null {
  if (process.platform !== 'linux') return `network namespaces are Linux's (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  if (!fs.existsSync(IP)) return `${IP} is missing (Debian package iproute2)`;
  const probe = `gbo-probe-${process.pid}`;
  try {
    const added = ip('netns', 'add', probe);
    if (added.status !== 0) return `\`ip netns add\` failed: ${(added.stderr || added.error?.message || '').trim()}`;
    const veth = ip('-n', probe, 'link', 'add', 'probe0', 'type', 'veth', 'peer', 'name', 'probe1');
    return veth.status === 0 ? null : `a veth pair cannot be made: ${veth.stderr.trim()}`;
  } finally {
    ip('netns', 'del', probe);
  }
}

/** A test host: a network namespace whose eth0 is joined by a veth pair to this namespace's `veth`. */
interface Host {
  ns: string;
  veth: string;
  /** This namespace's end of the link: where the host reaches PostgreSQL and Redis (through a relay). */
  gateway: string;
  /** The host's own address (its eth0), where its API listens. */
  address: string;
}

/** A /24 of 10.231.0.0/16 that no interface of this machine uses, for the hosts' /30 links. */
function freeSubnet(): string {
  const used = ip('-4', '-o', 'addr').stdout;
  for (let i = 0; i < 200; i++) {
    const subnet = `10.231.${(process.pid + i) % 200}`;
    if (!used.includes(` ${subnet}.`)) return subnet;
  }
  throw new Error('no free 10.231.x.0/24 for the test hosts');
}

function run(...args: string[]): void {
  const r = ip(...args);
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr.trim()}`);
}

function addHost(index: number, subnet: string): Host {
  const host: Host = {
    ns: `gbo-host${index}-${process.pid}`,
    veth: `gbo${index}v${process.pid}`.slice(0, 15),
    gateway: `${subnet}.${4 * index + 1}`,
    address: `${subnet}.${4 * index + 2}`,
  };
  run('netns', 'add', host.ns);
  run('link', 'add', host.veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.ns);
  run('addr', 'add', `${host.gateway}/30`, 'dev', host.veth);
  run('link', 'set', host.veth, 'up');
  run('-n', host.ns, 'addr', 'add', `${host.address}/30`, 'dev', 'eth0');
  run('-n', host.ns, 'link', 'set', 'eth0', 'up');
  run('-n', host.ns, 'link', 'set', 'lo', 'up');
  return host;
}

/** Removes a host's namespace and link, whatever is left of them (errors ignored: afterAll, and a rerun's cleanup). */
function removeHost(host: Pick<Host, 'ns' | 'veth'>): void {
  ip('netns', 'del', host.ns);
  ip('link', 'del', host.veth);
}

/**
 * A TCP relay listening at `address` (this namespace's end of a host's link) to `port` on 127.0.0.1,
 * where the run's PostgreSQL and Redis listen: what a host reaches of them crosses its veth link.
 * Counts the connections it took.
 */
function relay(address: string, port: number): Promise<{ port: number; accepted: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((inbound) => {
    accepted++;
    const outbound = net.connect(port, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => (inbound.destroy(), outbound.destroy()));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, address, () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        accepted: () => accepted,
        close: () =>
          new Promise<void>((done) => {
            sockets.forEach((s) => s.destroy());
            server.close(() => done());
          }),
      }),
    );
  });
}

/** `url` with its host and port replaced. */
function via(url: string, host: string, port: number): string {
  const u = new URL(url);
  u.hostname = host;
  u.port = String(port);
  return u.toString();
}

/** The inode of a network namespace: the same for a process inside it (/proc/PID/ns/net) as for its name. */
const netnsOf = (file: string) => fs.statSync(file).ino;

const unavailable = hostsUnavailable();
if (unavailable) console.log(`several-hosts.spec.ts skipped: ${unavailable}`);
const describeHosts = unavailable ? describe.skip : describe;

/**
 * Two machines, as far as one machine can show it: two Linux network namespaces, each joined to this
 * one by a veth pair, each running one API process and one worker of the built server. PostgreSQL and
 * Redis stay in this namespace (a relay per host at this end of its link passes to them), so every
 * connection a host makes crosses its link. The hosts share nothing but the database, Redis and the
 * keys in their environment: each has a DATA_DIR of its own.
 */
describeHosts('several hosts: API and worker processes in two network namespaces on one database and Redis', () => {
  const name = `several_hosts_${process.pid}`;
  const prefix = `hosts-${process.pid}`;
  let dataDir = '';
  const hosts: Host[] = [];
  const relays: Awaited<ReturnType<typeof relay>>[] = [];
  const procs: Proc[] = [];
  const queues = queuesOf(prefix);
  let db: DataSource;
  let a: AppHandle;
  let b: AppHandle;
  let apis: Proc[];
  let workers: Proc[];
  let admin: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-hosts-'));
    const subnet = freeSubnet();
    for (const i of [0, 1]) {
      removeHost({ ns: `gbo-host${i}-${process.pid}`, veth: `gbo${i}v${process.pid}`.slice(0, 15) });
      hosts.push(addHost(i, subnet));
    }
    // the keys every host must hold alike, given through the environment as on real machines
    const keys = {
      RSA_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      AUDIT_HMAC_KEY: randomBytes(32).toString('hex'),
      AUDIT_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const deployment = await migratedDeployment(name, {
      ...keys,
      QUEUE_PREFIX: prefix,
      DATA_DIR: path.join(dataDir, 'migrate'),
      HOST: '0.0.0.0',
      // only an invalidation through Redis can make another host drop a cached session within this
      SESSION_CACHE_MS: '600000',
    });
    db = deployment.db;
    const port = await freePort();
    const envOf = async (host: Host, index: number): Promise<NodeJS.ProcessEnv> => {
      const pg = await relay(host.gateway, Number(new URL(deployment.env.DATABASE_URL!).port));
      const redis = await relay(host.gateway, Number(new URL(deployment.env.REDIS_URL!).port));
      relays.push(pg, redis);
      return {
        ...deployment.env,
        DATABASE_URL: via(deployment.env.DATABASE_URL!, host.gateway, pg.port),
        REDIS_URL: via(deployment.env.REDIS_URL!, host.gateway, redis.port),
        DATA_DIR: path.join(dataDir, `host${index}`),
        PORT: String(port),
        API_PROCESSES: '1',
        WORKER_PROCESSES: '2',
      };
    };
    const envs = [await envOf(hosts[0], 0), await envOf(hosts[1], 1)];
    // all four at once, as machines starting together: one of the APIs loads the demo data into the
    // empty database (under a lock: the other finds it loaded)
    apis = hosts.map((host, i) => startServer(`API on host ${i}`, 'main.js', envs[i], host.ns));
    workers = hosts.map((host, i) => startServer(`worker on host ${i}`, 'worker.js', envs[i], host.ns));
    procs.push(...apis, ...workers);
    await Promise.all([...apis.map((p) => printed(p, /ready: /)), ...workers.map((w) => printed(w, /worker ready/))]);
    a = await handleAt(`http://${hosts[0].address}:${port}`, db);
    b = await handleAt(`http://${hosts[1].address}:${port}`, db);
    admin = await tokenOf(a, 'admin');
  }, 180_000);

  afterAll(async () => {
    await queues.close();
    killAll(procs);
    await Promise.all(procs.map((p) => p.exited));
    await Promise.all(relays.map((r) => r.close()));
    hosts.forEach(removeHost);
    await db?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('each API answers /server/health at its host address, with an instance of its own, and the same public key', async () => {
    // the processes run inside the hosts' namespaces, not in this one
    for (const [i, host] of hosts.entries()) {
      for (const proc of [apis[i], workers[i]]) {
        expect(netnsOf(`/proc/${proc.child.pid}/ns/net`)).toBe(netnsOf(`/var/run/netns/${host.ns}`));
      }
    }
    expect(netnsOf(`/var/run/netns/${hosts[0].ns}`)).not.toBe(netnsOf(`/var/run/netns/${hosts[1].ns}`));
    expect(netnsOf(`/var/run/netns/${hosts[0].ns}`)).not.toBe(netnsOf('/proc/self/ns/net'));
    const [ha, hb] = await Promise.all([a, b].map(async (h) => (await h.http.get('/server/health').expect(200)).body.data));
    expect(ha).toMatchObject({ postgres: 'up', redis: 'up', instance: expect.any(String) });
    expect(hb).toMatchObject({ postgres: 'up', redis: 'up', instance: expect.any(String) });
    expect(ha.instance).not.toBe(hb.instance);
    // one RSA key on both hosts (from the environment): a password encrypted for one is read by the other
    expect(a.publicKey).toBe(b.publicKey);
    // every connection to PostgreSQL and Redis crossed a host's link: each relay took some
    expect(relays.map((r) => r.accepted() > 0)).toEqual([true, true, true, true]);
  });

  it('a user disabled through host 0 is refused at host 1 at its next request', async () => {
    const u = await createUser(a);
    const token = await tokenOf(a, u.username, u.password);
    // host 1 keeps the session in its cache (ten minutes here)
    await b.http.get('/server/user/current').set('X-Platform-Token', token).expect(200);
    await a.http.patch(`/server/user/${u.id}/disabled`).set('X-Platform-Token', admin).send({ disabled: true }).expect(200);
    const next = await b.http.get('/server/user/current').set('X-Platform-Token', token);
    expect([next.status, next.body.code]).toEqual([401, '401']);
  });

  it('a due reminder queued through both hosts and delivered twice is sent once, by one of the two workers', async () => {
    await expectDueReminderSentOnce(db, [a, b], admin, queues.open(QUEUES.reminders));
  });
});
