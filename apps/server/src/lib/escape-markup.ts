const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as it may stand in HTML or XML, in an element or a quoted attribute: & < > " ' as entities. */
export const escapeMarkup = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
