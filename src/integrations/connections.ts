import type { AccountService, Principal } from "../accounts/index.ts";
import { AppError, type Clock, newId } from "../lib/index.ts";
import type { IntegrationStore } from "./integration-store.ts";
import { basicUser } from "./outbound.ts";
import { ATS_KINDS, type AtsKind, type Connection, TEST_PROFILES } from "./types.ts";

/** Ashby's API, where assessment.update, candidate.info and file.info are called. */
export const ASHBY_API_URL = "https://api.ashbyhq.com";

export interface NewConnection {
  kind: AtsKind;
  /** the client (tenant) whose verifications the ATS starts */
  client: string;
  name?: string;
  /** test profile ids to offer (default: every profile) */
  tests?: readonly string[];
  /** Ashby: the customer's Ashby API key (candidatesRead to read resumes, candidatesWrite for assessment.update) */
  ashbyApiKey?: string;
  ashbyApiUrl?: string;
}

const bad = (message: string) => new AppError("invalid_integration", 400, message);

/**
 * ATS connections: each belongs to one client and carries a key of that client's, which the ATS sends as
 * the HTTP Basic username (Greenhouse and Ashby both call partners that way). Revoking a connection
 * revokes its key. The CLI and the dashboard both manage them here.
 */
export class Connections {
  constructor(
    private readonly store: IntegrationStore,
    private readonly accounts: AccountService,
    private readonly clock: Clock,
  ) {}

  /** A new connection and its key; the key is returned once (only its hash is kept, as for every key). */
  async create(o: NewConnection): Promise<{ connection: Connection; key: string }> {
    if (!ATS_KINDS.includes(o.kind)) throw bad(`the ATS is one of: ${ATS_KINDS.join(", ")}`);
    const tests = [...new Set(o.tests?.length ? o.tests : TEST_PROFILES.map((t) => t.id))];
    const unknown = tests.filter((t) => !TEST_PROFILES.some((p) => p.id === t));
    if (unknown.length)
      throw bad(`unknown test ${unknown.join(", ")}; offered: ${TEST_PROFILES.map((p) => p.id).join(", ")}`);
    let ashbyApiUrl: string | null = null;
    if (o.kind === "ashby") {
      if (!o.ashbyApiKey?.trim())
        throw bad("an Ashby connection needs the customer's Ashby API key (candidatesRead and candidatesWrite)");
      ashbyApiUrl = (o.ashbyApiUrl?.trim() || ASHBY_API_URL).replace(/\/+$/, "");
      if (!/^https?:\/\/[^/\s]+/.test(ashbyApiUrl)) throw bad("the Ashby API URL must be an http(s) address");
    }
    const client = await this.accounts.client(o.client);
    const name = (o.name?.trim() || o.kind).slice(0, 64);
    const { key, apiKey } = await this.accounts.createKey(`${o.kind}:${name}`, client.name);
    const connection: Connection = {
      id: newId("atsc", this.clock.now()),
      kind: o.kind,
      clientId: client.id,
      name,
      apiKeyId: apiKey.id,
      tests,
      ashbyApiKey: o.kind === "ashby" ? o.ashbyApiKey!.trim() : null,
      ashbyApiUrl,
      createdAt: this.clock.now(),
      revokedAt: null,
    };
    await this.store.insertConnection(connection);
    return { connection, key };
  }

  /** Every connection, with its client's name, oldest first. */
  async list(): Promise<Array<Connection & { clientName: string }>> {
    const all = await this.store.connections();
    return Promise.all(
      all.map(async (c) => ({ ...c, clientName: (await this.accounts.clientById(c.clientId))?.name ?? c.clientId })),
    );
  }

  async get(id: string): Promise<Connection> {
    const c = await this.store.connection(id);
    if (!c)
      throw new AppError("integration_not_found", 404, `no ATS connection with id ${id} (see: integrations list)`);
    return c;
  }

  /** Stop a connection: the ATS's calls are refused from now on, and its key is revoked. */
  async revoke(id: string): Promise<Connection> {
    const c = await this.get(id);
    await this.store.revokeConnection(id, this.clock.now());
    try {
      await this.accounts.revokeKey(c.apiKeyId);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "key_revoked") throw err;
    }
    return this.get(id);
  }

  /** The live connection of `kind` whose key is the Basic username of `authorization`; null otherwise. */
  async authenticate(
    authorization: string | null,
    kind: AtsKind,
  ): Promise<{ connection: Connection; principal: Principal } | null> {
    const key = basicUser(authorization);
    if (!key || key.length >= 171) return null;
    const principal = await this.accounts.authenticate(`Bearer ${key}`);
    if (!principal) return null;
    const connection = await this.store.connectionByKey(principal.keyId);
    if (!connection || connection.kind !== kind) return null;
    return { connection, principal };
  }
}
