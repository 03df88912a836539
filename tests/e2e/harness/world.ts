// The servers of a run and the staff accounts on them. Each server has its own database, so an
// account (and its TOTP activation) belongs to one server.
import { Authenticator } from './authenticator';
import type { RunningServer } from './server';

/** app and testing are two server types linked by one signing key; short-idle expires idle sessions fast. */
export type ServerName = 'app' | 'testing' | 'short-idle';
/** The least idle timeout the server's config accepts. */
export const SHORT_IDLE_ENV = { SESSION_IDLE_SECONDS: '20' } as const;

export type StaffName = 'admin' | 'support' | 'analyst';

export class Account {
  authenticator: Authenticator | null = null;

  constructor(
    readonly server: RunningServer,
    readonly username: StaffName,
    readonly password: string,
  ) {}

  get activated(): boolean {
    return this.authenticator !== null;
  }
}

export class World {
  private readonly accounts = new Map<string, Account>();

  constructor(private readonly servers: ReadonlyMap<ServerName, RunningServer>) {}

  server(name: ServerName): RunningServer {
    const server = this.servers.get(name);
    if (!server) throw new Error(`server '${name}' was not started for this run`);
    return server;
  }

  account(serverName: ServerName, username: StaffName): Account {
    const key = `${serverName}/${username}`;
    let account = this.accounts.get(key);
    if (!account) {
      const server = this.server(serverName);
      const password = server.passwords.get(username);
      if (!password) throw new Error(`server '${serverName}' printed no password for ${username}`);
      account = new Account(server, username, password);
      this.accounts.set(key, account);
    }
    return account;
  }
}
