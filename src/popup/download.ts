/**
 * Downloads from the popup and the annotations page, without the `downloads` permission: a Blob (an
 * export's text, or the annotations zip), saved through a link with a `download` name (the browser's own
 * save, into the user's download folder).
 */

/** How long a download's object URL lives: the browser has read it long before. */
const REVOKE_AFTER_MS = 60_000;

export function downloadBlob(doc: Document, fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function downloadText(doc: Document, fileName: string, mime: string, text: string): void {
  downloadBlob(doc, fileName, new Blob([text], { type: `${mime};charset=utf-8` }));
}
