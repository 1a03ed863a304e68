import { getToken } from './session';

/** Seed §7 and §9: every call under /api/, 30 s timeout, JSON by default, multipart for uploads. */
export const API_BASE = '/api/';
export const REQUEST_TIMEOUT_MS = 30_000;

/** A failed call: `status` 0 means the request never got an answer (network, timeout). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(describe(status, body));
    this.name = 'ApiError';
  }

  /** Every message of a DRF body: `detail`, `non_field_errors` and the field errors. */
  get messages(): string[] {
    return collectMessages(this.body);
  }

  /** The messages of one field of a DRF 400 body. */
  fieldMessages(field: string): string[] {
    const value = isRecord(this.body) ? this.body[field] : undefined;
    return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : [];
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

export async function apiRequest<T>(path: string, options: Options = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null);
  } finally {
    clearTimeout(timer);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data as T;
}

function buildUrl(path: string, query: Options['query']): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function collectMessages(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap(collectMessages);
  if (isRecord(body)) return Object.values(body).flatMap(collectMessages);
  return [];
}

function describe(status: number, body: unknown): string {
  const first = collectMessages(body)[0];
  return first ?? (status ? `HTTP ${status}` : 'Network error');
}
