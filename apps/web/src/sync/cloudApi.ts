// The server's HTTP API as typed calls: accounts, pairing, devices, push, pull, cleanup, photos.
import { SYNC_PROTOCOL_VERSION, type Operation, type PullResponse, type PushResponse } from '@hanouti/core';

/** A refused call: `status` 0 means the network did not answer (offline, server down). */
export class CloudError extends Error {
  override readonly name = 'CloudError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** Worth trying again later: no network, a server hiccup, or too many requests. */
  get transient(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export type SessionAnswer = {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  shop: { id: string; name: string };
  device: { id: string; role: 'owner' | 'staff' };
};

export type DeviceIntro = { deviceId: string; deviceName: string; firstSeq: number };

export type CloudDevice = {
  id: string;
  name: string;
  role: 'owner' | 'staff';
  createdAt: string;
  lastSeenAt: string;
  revoked: boolean;
  current: boolean;
};

/** The API lives on the same origin as the app (the server serves both). */
const API = '/api';

async function call<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    token?: string;
    raw?: BodyInit;
    type?: string;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.type) headers['content-type'] = init.type;
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, {
      method: init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST'),
      headers,
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      cache: 'no-store',
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    throw new CloudError(0, 'network', error instanceof Error ? error.message : 'network');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { error, message } = (body ?? {}) as { error?: string; message?: string };
    throw new CloudError(response.status, error ?? 'request_failed', message ?? response.statusText, body);
  }
  return body as T;
}

export const cloudApi = {
  signUp: (input: { shopName: string; login: string; password: string } & DeviceIntro) =>
    call<SessionAnswer>('/auth/signup', { body: input }),
  logIn: (input: { login: string; password: string } & DeviceIntro) =>
    call<SessionAnswer>('/auth/login', { body: input }),
  claimPairing: (input: { code: string } & DeviceIntro) =>
    call<SessionAnswer>('/pairing/claim', { body: input }),
  refresh: (refreshToken: string) => call<SessionAnswer>('/auth/refresh', { body: { refreshToken } }),
  logOut: (token: string) => call<void>('/auth/logout', { method: 'POST', token }),
  changePassword: (token: string, currentPassword: string, newPassword: string) =>
    call<void>('/auth/password', { token, body: { currentPassword, newPassword } }),
  devices: (token: string) => call<{ devices: CloudDevice[] }>('/devices', { token }),
  revokeDevice: (token: string, deviceId: string) =>
    call<void>(`/devices/${encodeURIComponent(deviceId)}`, { method: 'DELETE', token }),
  createPairing: (token: string) =>
    call<{ code: string; expiresAt: string }>('/pairing', { method: 'POST', token }),
  push: (token: string, ops: readonly Operation[]) =>
    call<PushResponse>('/sync/push', { token, body: { protocol: SYNC_PROTOCOL_VERSION, ops } }),
  pull: (token: string, cursor: string | undefined, limit: number) =>
    call<PullResponse>(
      `/sync/pull?${new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })}`,
      {
        token,
      },
    ),
  cleanup: (token: string) => call<{ removedCount: number }>('/sync/cleanup', { method: 'POST', token }),
  uploadPhoto: (token: string, id: string, blob: Blob, mime: string) =>
    call<void>(`/photos/${id}`, { method: 'PUT', token, raw: blob, type: mime }),
};
