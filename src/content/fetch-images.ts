/**
 * Fetches images for the Markdown export with their bytes embedded (shared/embed-images.ts). In the page,
 * because the page may fetch what it shows: its own images always, other sites' when they allow it
 * (CORS), and the browser's cache usually already holds them. Each as a `data:` URL, within the limits;
 * each failure with its reason, so the popup can say which stayed links and why.
 */
import type { EmbedLimits } from '../shared/embed-images.ts';
import { EMBED_FAILURES } from '../shared/embed-images.ts';
import type { FetchedImage } from '../shared/messages.ts';

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

export async function fetchImages(urls: readonly string[], limits: EmbedLimits): Promise<FetchedImage[]> {
  let total = 0;
  const out: FetchedImage[] = [];
  for (const url of urls.slice(0, limits.maxImages)) {
    try {
      if (!/^https?:/i.test(url)) throw new Error(EMBED_FAILURES.notWeb);
      const res = await fetch(url, { cache: 'force-cache', signal: AbortSignal.timeout(limits.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const type = res.headers.get('content-type') ?? '';
      if (!/^image\//i.test(type)) throw new Error(`${EMBED_FAILURES.notImage} (${type || 'no type'})`);
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > limits.perImageBytes) throw new Error(EMBED_FAILURES.tooLarge);
      const blob = await res.blob();
      if (blob.size > limits.perImageBytes) throw new Error(EMBED_FAILURES.tooLarge);
      if (total + blob.size > limits.totalBytes) throw new Error(EMBED_FAILURES.fileFull);
      total += blob.size;
      out.push({ url, dataUri: await dataUrl(new Blob([blob], { type: type.split(';')[0] ?? type })), reason: null });
    } catch (e) {
      const reason =
        e instanceof TypeError
          ? EMBED_FAILURES.refused
          : e instanceof DOMException && e.name === 'TimeoutError'
            ? EMBED_FAILURES.slow
            : e instanceof Error
              ? e.message
              : String(e);
      out.push({ url, dataUri: null, reason });
    }
  }
  return out;
}
