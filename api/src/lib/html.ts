/** Text for HTML text or a quoted attribute: the five characters that could end either become references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
