// The one way the pages talk to the server: the JSON API under /api/v1.

const ROOT = (document.documentElement.dataset.scriptRoot || "") + "/api/v1";

/** An error answer of the API: {"error": {status, code, message, details}}. */
export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `The server answered ${status}`);
    this.status = status;
    this.code = error.code || "error";
    this.details = error.details || [];
  }
}

/**
 * Call the API. Options: method, query (object; empty values left out), json (a body to
 * send as JSON), text (a body to send as text/plain), signal (an AbortSignal), token (sent
 * as Authorization: Bearer).
 */
export async function api(path, { method = "GET", query, json, text, signal, token } = {}) {
  const url = new URL(ROOT + path, window.location.origin);
  for (const [key, value] of Object.entries(query || {})) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== "" && v !== null && v !== undefined) url.searchParams.append(key, v);
    }
  }
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (text !== undefined) {
    headers["Content-Type"] = "text/plain; charset=utf-8";
    body = text;
  }
  let response;
  try {
    response = await fetch(url, { method, headers, body, signal });
  } catch (error) {
    if (signal && signal.aborted) throw error;
    // Offline or the server is down: say so where the answer would have gone.
    throw new ApiError(0, {
      error: { code: "unreachable", message: "The server cannot be reached; try again in a moment." },
    });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    // A body cut off (the page is leaving, a newer request replaced this one, the connection
    // dropped) is never handed on as an answer: callers would read a verdict out of nothing.
    // Only the caller's own abort stays an abort (callers that pass a signal expect it);
    // anything else is an error answer every caller already shows.
    if (signal && signal.aborted) throw error;
    if (response.ok) {
      throw new ApiError(0, {
        error: { code: "unreadable", message: "The server's answer was cut off; try again in a moment." },
      });
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** Whether an error only means a newer request replaced this one. */
export function isAbort(error) {
  return error && error.name === "AbortError";
}
