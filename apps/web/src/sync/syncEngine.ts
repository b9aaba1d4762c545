// The sync engine: pushes the outbox in seq order, pulls by cursor, listens for the shop's changes, keeps the session fresh.
//
// It runs on change (outbox grows), on reconnect, on focus, when another phone's change is announced, and
// every 30 s; a failed run is retried after 200 ms, then 400, 800… (capped). Everything it learns is written
// in IndexedDB transactions first; the status the header shows follows from what is stored.
import {
  latinDigits,
  MAX_OPS_PER_PUSH,
  PULL_PAGE_DEFAULT,
  REALTIME_HEARTBEAT_MS,
  REALTIME_TIMEOUT_MS,
  SYNC_INTERVAL_MS,
  TOKEN_REFRESH_MARGIN_MS,
  retryDelay,
  type OpResult,
  type Operation,
} from '@hanouti/core';
import { liveQuery, type Subscription } from 'dexie';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { applyPulledChanges } from '../data/applyPulledChanges';
import {
  allPhotos,
  deviceIntroduction,
  loadCursor,
  loadMigrated,
  loadSession,
  operationToPush,
  outboxCounts,
  pendingOperations,
  readPendingCount,
  rejectEntryOf,
  saveMigrated,
  saveSession,
  settle,
  startSession,
  type CloudSession,
} from '../data/syncStore';
import { CloudError, cloudApi, type DeviceIntro, type SessionAnswer } from './cloudApi';

export type SyncPhase = 'signed-out' | 'offline' | 'syncing' | 'pending' | 'synced' | 'session-expired';

export type SyncStatus = {
  phase: SyncPhase;
  /** Operations waiting to be accepted by the server. */
  pending: number;
  /** Operations the server refused for good ("À vérifier"). */
  rejected: number;
  shopName?: string;
  role?: 'owner' | 'staff';
  lastSyncedAt?: string;
  /** Result of the one-time migration's cleanup, when it just ran. */
  cleanupRemoved?: number;
};

type Listener = () => void;

function sessionFrom(answer: SessionAnswer, now = Date.now()): CloudSession {
  return {
    accessToken: answer.accessToken,
    accessExpiresAt: now + answer.expiresIn * 1000,
    refreshToken: answer.refreshToken,
    shopId: answer.shop.id,
    shopName: answer.shop.name,
    deviceId: answer.device.id,
    role: answer.device.role,
  };
}

/** This phone's introduction to the server: its id and the seq of the first operation it will push. */
export async function deviceIntro(deviceName: string): Promise<DeviceIntro> {
  return { ...(await deviceIntroduction()), deviceName };
}

export class SyncEngine {
  private status: SyncStatus = { phase: 'signed-out', pending: 0, rejected: 0 };
  private readonly listeners = new Set<Listener>();
  private running: Promise<void> | undefined;
  private again = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private tick: ReturnType<typeof setInterval> | undefined;
  private outboxWatch: Subscription | undefined;
  private events: AbortController | undefined;
  private started = false;

  // ---------------------------------------------------------------- status for the header

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): SyncStatus => this.status;

  private setStatus(change: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.listeners) listener();
  }

  // ---------------------------------------------------------------- lifecycle

  /** Starts syncing if this phone is connected to a shop; call once at app start. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const session = await loadSession();
    this.watchOutbox();
    if (!session) {
      this.setStatus({ phase: 'signed-out' });
      return;
    }
    this.setStatus({ shopName: session.shopName, role: session.role });
    this.listen();
    this.schedule();
  }

  stop(): void {
    this.started = false;
    this.outboxWatch?.unsubscribe();
    this.outboxWatch = undefined;
    this.unlisten();
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }

  /** Creates a shop account with this phone as the owner's, then migrates the local data. */
  async signUp(input: {
    shopName: string;
    login: string;
    password: string;
    deviceName: string;
  }): Promise<void> {
    const intro = await deviceIntro(input.deviceName);
    await this.connected(await cloudApi.signUp({ ...input, ...intro }));
  }

  async logIn(input: { login: string; password: string; deviceName: string }): Promise<void> {
    const intro = await deviceIntro(input.deviceName);
    await this.connected(await cloudApi.logIn({ ...input, ...intro }));
  }

  /** A staff phone joins with the code shown on the owner's phone. */
  async pair(code: string, deviceName: string): Promise<void> {
    const intro = await deviceIntro(deviceName);
    await this.connected(
      await cloudApi.claimPairing({ code: latinDigits(code).replace(/\D/g, ''), ...intro }),
    );
  }

  /** Leaves the shop on this phone: the data stays here, sync stops. */
  async logOut(): Promise<void> {
    const session = await loadSession();
    if (session) await cloudApi.logOut(session.accessToken).catch(() => undefined);
    await startSession(undefined);
    this.unlisten();
    this.setStatus({ phase: 'signed-out', shopName: undefined, role: undefined });
  }

  /** A valid access token (refreshed when close to expiry), or undefined when signed out. */
  async accessToken(): Promise<string | undefined> {
    const session = await loadSession();
    if (!session) return undefined;
    if (session.accessExpiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS) return session.accessToken;
    try {
      const fresh = sessionFrom(await cloudApi.refresh(session.refreshToken));
      await saveSession(fresh);
      return fresh.accessToken;
    } catch (error) {
      if (error instanceof CloudError && error.status === 401) {
        this.setStatus({ phase: 'session-expired' });
        await saveSession(undefined);
        this.unlisten();
      }
      throw error;
    }
  }

  /** Asks for a run soon; runs never overlap, a request during a run makes it go again. */
  schedule(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    });
  }

  /** Resolves when the current run (if any) is over: for the account screen and tests. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async connected(answer: SessionAnswer): Promise<void> {
    const session = sessionFrom(answer);
    await startSession(session);
    this.setStatus({ shopName: session.shopName, role: session.role, phase: 'syncing' });
    if (!this.started) await this.start();
    else {
      this.listen();
      this.schedule();
    }
    await this.settled();
  }

  // ---------------------------------------------------------------- one run

  private async run(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.setStatus({ phase: 'offline' });
      return;
    }
    try {
      const token = await this.accessToken();
      if (!token) return;
      this.setStatus({ phase: 'syncing' });
      const firstTime = !(await loadMigrated());
      if (firstTime) await uploadPhotos(token);
      await this.pushAll(token);
      if (firstTime) {
        // The one-time migration: everything local is on the server; now the full cleanup (spec §4).
        const { removedCount } = await cloudApi.cleanup(token);
        await saveMigrated();
        this.setStatus({ cleanupRemoved: removedCount });
      }
      await this.pullAll(token);
      this.attempt = 0;
      await this.refreshCounts();
      this.setStatus({ lastSyncedAt: new Date().toISOString() });
    } catch (error) {
      await this.refreshCounts();
      if (error instanceof CloudError && !error.transient) {
        console.warn('Synchronisation refusée', error.code);
        return;
      }
      this.setStatus({ phase: 'offline' });
      const delay = retryDelay(this.attempt++);
      this.retryTimer = setTimeout(() => this.schedule(), delay);
    }
  }

  /**
   * Sends the pending operations in seq order, 100 per request (a batch entry of an import stands for
   * many). Answers are kept across requests so that a batch entry is settled once all its operations are.
   */
  private async pushAll(token: string): Promise<void> {
    const ops = (await pendingOperations()).map(operationToPush);
    const answers = new Map<string, OpResult>();
    for (let start = 0; start < ops.length; start += MAX_OPS_PER_PUSH) {
      const chunk = ops.slice(start, start + MAX_OPS_PER_PUSH);
      if ((await this.pushIsolating(token, chunk, answers)) === 'stop') return;
    }
  }

  /**
   * Pushes `ops` and settles what the server answered. A push refused whole for what it carries (400, 413: the
   * server read no operation of it) is cut in halves, pushed one after the other, down to the one operation
   * refused on its own, which is withdrawn (withdraw). So one operation the server cannot read never holds
   * back the phone's other operations, nor its pulls; a refusal of the session, the network or the server
   * still fails the run (retried later). 'stop' when something is left for a later run (a seq still waiting).
   */
  private async pushIsolating(
    token: string,
    ops: readonly Operation[],
    answers: Map<string, OpResult>,
  ): Promise<'go-on' | 'stop'> {
    try {
      const answer = await cloudApi.push(token, ops);
      for (const result of answer.results) answers.set(result.opId, result);
    } catch (error) {
      if (error instanceof CloudError && error.status === 409) return this.conflicted(error, ops, answers);
      if (!refusedForContent(error)) throw error;
      if (ops.length === 1) return this.withdraw(token, ops[0]!, error, answers);
      const half = Math.ceil(ops.length / 2);
      if ((await this.pushIsolating(token, ops.slice(0, half), answers)) === 'stop') return 'stop';
      return this.pushIsolating(token, ops.slice(half), answers);
    }
    await settle(answers, ops);
    // An operation still waiting means its predecessor is not on the server: the next run tries again.
    return ops.some((op) => answers.get(op.opId)?.status === 'waiting') ? 'stop' : 'go-on';
  }

  /** The same op id already came with another content: this copy can never be accepted. */
  private async conflicted(
    error: CloudError,
    ops: readonly Operation[],
    answers: Map<string, OpResult>,
  ): Promise<'stop'> {
    const body = error.body as { results?: OpResult[]; opId?: string } | undefined;
    for (const result of body?.results ?? []) answers.set(result.opId, result);
    const conflicting = ops.find((op) => op.opId === body?.opId);
    if (!conflicting) throw error;
    answers.set(conflicting.opId, {
      opId: conflicting.opId,
      seq: conflicting.seq,
      status: 'rejected',
      reason: 'record-conflict',
    });
    await settle(answers, ops);
    await rejectEntryOf(conflicting, 'operation-conflict');
    return 'stop';
  }

  /**
   * One operation the server refuses to read even alone (its payload cannot be parsed or is too large): it is
   * sent again without its payload, which the server records as refused (`invalid-payload`) so that its seq is
   * settled and the next operations apply; the phone keeps the operation under "À vérifier" with that reason.
   * If even that is refused (the envelope or the protocol is at fault), nothing is given up: the run fails.
   */
  private async withdraw(
    token: string,
    op: Operation,
    refusal: CloudError,
    answers: Map<string, OpResult>,
  ): Promise<'go-on' | 'stop'> {
    console.warn('Opération refusée par le serveur, retirée', op.type, op.seq, refusal.status, refusal.code);
    let answer;
    try {
      answer = await cloudApi.push(token, [{ ...op, payload: null }]);
    } catch (error) {
      if (error instanceof CloudError && error.status === 409) return this.conflicted(error, [op], answers);
      throw error;
    }
    for (const result of answer.results) answers.set(result.opId, result);
    await settle(answers, [op]);
    return answers.get(op.opId)?.status === 'waiting' ? 'stop' : 'go-on';
  }

  private async pullAll(token: string): Promise<void> {
    for (;;) {
      const cursor = await loadCursor();
      const page = await cloudApi.pull(token, cursor, PULL_PAGE_DEFAULT);
      await applyPulledChanges(page.changes, page.cursor, page.acknowledgedSeq);
      if (!page.hasMore) return;
    }
  }

  private async refreshCounts(): Promise<void> {
    const { pending, rejected } = await outboxCounts();
    const signedIn = (await loadSession()) !== undefined;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    let phase: SyncPhase = this.status.phase;
    if (!signedIn) phase = this.status.phase === 'session-expired' ? 'session-expired' : 'signed-out';
    else if (offline) phase = 'offline';
    else if (this.running && phase === 'syncing') phase = pending > 0 ? 'pending' : 'synced';
    else if (phase !== 'offline') phase = pending > 0 ? 'pending' : 'synced';
    this.setStatus({ pending, rejected, phase });
  }

  // ---------------------------------------------------------------- triggers

  private watchOutbox(): void {
    // One meta record, kept by each outbox write (outbox.ts): a sale never makes this read the outbox.
    this.outboxWatch = liveQuery(readPendingCount).subscribe({
      next: (pending) => {
        this.setStatus({ pending });
        if (pending > 0 && this.status.phase !== 'signed-out') this.schedule();
      },
      error: (error: unknown) => console.warn('Suivi des opérations en attente interrompu', error),
    });
  }

  private readonly onOnline = () => this.schedule();
  private readonly onOffline = () => this.setStatus({ phase: 'offline' });
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.schedule();
  };

  private listen(): void {
    if (this.tick) return;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('focus', this.onOnline);
    document.addEventListener('visibilitychange', this.onVisible);
    // Every 30 s: a run (which also refreshes the access token ahead of its expiry).
    this.tick = setInterval(() => this.schedule(), SYNC_INTERVAL_MS);
    void this.openEvents(0);
  }

  private unlisten(): void {
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('focus', this.onOnline);
    document.removeEventListener('visibilitychange', this.onVisible);
    if (this.tick) clearInterval(this.tick);
    this.tick = undefined;
    this.events?.abort();
    this.events = undefined;
  }

  /**
   * The server's event stream (read with fetch so the token travels in a header, not in the URL): a
   * `change` triggers a pull at once; no ping for 25 s + 10 s means the connection is dead and is reopened.
   */
  private async openEvents(attempt: number): Promise<void> {
    if (!this.tick) return;
    const controller = new AbortController();
    this.events = controller;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      if (watchdog) clearTimeout(watchdog);
      watchdog = setTimeout(() => controller.abort(), ms);
    };
    let opened = false;
    try {
      const token = await this.accessToken();
      if (!token) return;
      arm(REALTIME_TIMEOUT_MS);
      const response = await fetch('/api/sync/events', {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body)
        throw new CloudError(response.status, 'events', 'event stream refused');
      opened = true;
      const events = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (;;) {
        arm(REALTIME_HEARTBEAT_MS + REALTIME_TIMEOUT_MS);
        // Every event re-arms the watchdog (the server's `ping` every 25 s); `change` asks for a run.
        const { value, done } = await events.read();
        if (done) break;
        if (value.event === 'change') this.schedule();
      }
    } catch {
      // Closed, timed out or refused: reopened below unless the engine stopped listening.
    } finally {
      if (watchdog) clearTimeout(watchdog);
    }
    if (this.events !== controller || !this.tick) return;
    const next = opened ? 0 : attempt + 1;
    setTimeout(() => void this.openEvents(next), retryDelay(next));
  }
}

/**
 * A push the server refused whole for what it carries: 400 (a body it cannot read) or 413 (too large). Not the
 * session (401, 403), a conflict (409), the rate limit (429) nor the server or the network (5xx, 0).
 */
function refusedForContent(error: unknown): error is CloudError {
  return error instanceof CloudError && (error.status === 400 || error.status === 413);
}

/** Photos go up during the one-time migration (later ones are small and go with the next migration run). */
async function uploadPhotos(token: string): Promise<void> {
  const photos = await allPhotos();
  for (const photo of photos) await cloudApi.uploadPhoto(token, photo.id, photo.blob, photo.mime);
}

/** The app's one engine. */
export const syncEngine = new SyncEngine();
