import { UPLOAD_TIMEOUT_MS } from "@/lib/constants";
import { ApiError } from "@/lib/fetcher";

// Uploads with XMLHttpRequest because fetch cannot report upload progress. Aborted after 60 s.

export class UploadTimeoutError extends Error {
  constructor() {
    super("upload timed out");
    this.name = "UploadTimeoutError";
  }
}

export class UploadNetworkError extends Error {
  constructor() {
    super("network error");
    this.name = "UploadNetworkError";
  }
}

export function uploadFile<T>(
  url: string,
  file: File,
  options: { clientId: string; onProgress?: (percent: number) => void; timeoutMs?: number; signal?: AbortSignal; fields?: Record<string, string> },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: keep the text for the error message.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body, xhr.responseText));
    };
    xhr.ontimeout = () => reject(new UploadTimeoutError());
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new UploadTimeoutError());
    options.signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("clientId", options.clientId);
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append("file", file);
    xhr.send(form);
  });
}
