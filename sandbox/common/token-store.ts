/**
 * In-memory OAuth state shared by both sandboxes: registered clients, authorization codes (single
 * use, 10 minutes, optional PKCE), access tokens and refresh tokens. Lookups are O(1) by value.
 */
import { timingSafeEqual } from 'node:crypto';
import type { SandboxOAuthClient } from '../types.js';
import { sha256Base64Url } from './random.js';
import { systemClock, type Clock } from '../../src/clock.js';

export const CODE_TTL_MS = 10 * 60 * 1000;

export interface CodeRecord {
  code: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain' | null;
  expiresAt: number;
  used: boolean;
}

export interface AccessTokenRecord {
  token: string;
  clientId: string;
  scopes: string[];
  refreshToken: string | null;
  issuedAt: number;
  /** ms epoch; null = never expires. */
  expiresAt: number | null;
  revoked: boolean;
}

export interface RefreshTokenRecord {
  token: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
  accessTokens: Set<string>;
}

export type TokenCheck =
  | { ok: true; record: AccessTokenRecord }
  | { ok: false; reason: 'missing' | 'unknown' | 'revoked' }
  | { ok: false; reason: 'expired'; record: AccessTokenRecord };

export type CodeCheck =
  { ok: true; record: CodeRecord } | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'client' | 'redirect_uri' | 'verifier' };

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class ClientRegistry {
  readonly list: SandboxOAuthClient[];
  private readonly byId = new Map<string, SandboxOAuthClient>();

  constructor(clients: SandboxOAuthClient[]) {
    this.list = [];
    for (const c of clients) this.add(c);
  }

  add(client: SandboxOAuthClient): void {
    const copy = { ...client };
    const existing = this.list.findIndex((c) => c.clientId === copy.clientId);
    if (existing >= 0) this.list.splice(existing, 1, copy);
    else this.list.push(copy);
    this.byId.set(copy.clientId, copy);
  }

  get(clientId: string | undefined): SandboxOAuthClient | undefined {
    return clientId ? this.byId.get(clientId) : undefined;
  }

  /** Registered redirect URIs, when the client declares them, must match exactly. */
  redirectAllowed(client: SandboxOAuthClient, redirectUri: string): boolean {
    return !client.redirectUris || client.redirectUris.length === 0 || client.redirectUris.includes(redirectUri);
  }

  secretMatches(client: SandboxOAuthClient, secret: string | undefined): boolean {
    return typeof secret === 'string' && safeEqual(client.clientSecret, secret);
  }
}

export class TokenStore {
  private codes = new Map<string, CodeRecord>();
  private access = new Map<string, AccessTokenRecord>();
  private refresh = new Map<string, RefreshTokenRecord>();

  constructor(
    private readonly gen: { code(): string; access(): string; refresh(): string },
    /** Judges code and token expiry; public so token info and error bodies use the same time. */
    readonly clock: Clock = systemClock,
  ) {}

  issueCode(input: Omit<CodeRecord, 'code' | 'expiresAt' | 'used'>): CodeRecord {
    const record: CodeRecord = { ...input, code: this.gen.code(), expiresAt: this.clock.now() + CODE_TTL_MS, used: false };
    this.codes.set(record.code, record);
    return record;
  }

  /** Checks and consumes a code (a failed check of a known code also burns it, except a client mismatch). */
  redeemCode(code: string | undefined, clientId: string, redirectUri: string | undefined, verifier: string | undefined): CodeCheck {
    const record = code ? this.codes.get(code) : undefined;
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.used) return { ok: false, reason: 'used' };
    if (record.clientId !== clientId) return { ok: false, reason: 'client' };
    record.used = true;
    if (this.clock.now() > record.expiresAt) return { ok: false, reason: 'expired' };
    if (redirectUri !== record.redirectUri) return { ok: false, reason: 'redirect_uri' };
    if (record.codeChallenge !== null) {
      if (typeof verifier !== 'string' || verifier.length === 0) return { ok: false, reason: 'verifier' };
      const computed = record.codeChallengeMethod === 'plain' ? verifier : sha256Base64Url(verifier);
      if (!safeEqual(computed, record.codeChallenge)) return { ok: false, reason: 'verifier' };
    }
    return { ok: true, record };
  }

  issueRefresh(clientId: string, scopes: string[]): RefreshTokenRecord {
    const record: RefreshTokenRecord = { token: this.gen.refresh(), clientId, scopes, revoked: false, accessTokens: new Set() };
    this.refresh.set(record.token, record);
    return record;
  }

  issueAccess(clientId: string, scopes: string[], ttlSeconds: number | null, refresh?: RefreshTokenRecord): AccessTokenRecord {
    const now = this.clock.now();
    const record: AccessTokenRecord = {
      token: this.gen.access(),
      clientId,
      scopes,
      refreshToken: refresh?.token ?? null,
      issuedAt: now,
      expiresAt: ttlSeconds === null ? null : now + ttlSeconds * 1000,
      revoked: false,
    };
    this.access.set(record.token, record);
    refresh?.accessTokens.add(record.token);
    return record;
  }

  check(token: string | null): TokenCheck {
    if (!token) return { ok: false, reason: 'missing' };
    const record = this.access.get(token);
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.revoked) return { ok: false, reason: 'revoked' };
    if (record.expiresAt !== null && this.clock.now() >= record.expiresAt) return { ok: false, reason: 'expired', record };
    return { ok: true, record };
  }

  getAccess(token: string): AccessTokenRecord | undefined {
    return this.access.get(token);
  }

  getRefresh(token: string | undefined): RefreshTokenRecord | undefined {
    return token ? this.refresh.get(token) : undefined;
  }

  /** Revokes a refresh token and every access token issued from it. */
  revokeRefresh(token: string): boolean {
    const record = this.refresh.get(token);
    if (!record || record.revoked) return false;
    record.revoked = true;
    for (const t of record.accessTokens) {
      const a = this.access.get(t);
      if (a) a.revoked = true;
    }
    return true;
  }

  revokeAccess(token: string): boolean {
    const record = this.access.get(token);
    if (!record || record.revoked) return false;
    record.revoked = true;
    return true;
  }

  expireAll(): void {
    const past = this.clock.now() - 1000;
    for (const a of this.access.values()) if (a.expiresAt === null || a.expiresAt > past) a.expiresAt = past;
  }

  revokeAll(): void {
    for (const a of this.access.values()) a.revoked = true;
    for (const r of this.refresh.values()) r.revoked = true;
  }

  clear(): void {
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }
}
