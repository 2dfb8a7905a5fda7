/** JSON calls to our own /api endpoints; errors come back as values with the server's Greek message. */
export type ApiError = { kind: string; message: string; fields: Record<string, string> };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const NETWORK_ERROR: ApiError = {
  kind: 'unavailable',
  message: 'Κάτι πήγε στραβά. Προσπάθησε ξανά.',
  fields: {},
};

export async function callApi<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const payload = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (!response.ok) return { ok: false, error: payload?.error ?? NETWORK_ERROR };
    return { ok: true, data: payload as T };
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
}

/** Sends a file's text as the body (a CSV import); the answer is JSON like every other call. */
export async function sendText<T>(path: string, text: string, contentType: string): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json' },
      body: text,
      credentials: 'same-origin',
    });
    const payload = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (!response.ok) return { ok: false, error: payload?.error ?? NETWORK_ERROR };
    return { ok: true, data: payload as T };
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
}
