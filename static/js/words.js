// The words a person reads, in their language. Django's catalog of the JavaScript's words
// (/jsi18n/<language>/, templates/_jsi18n.html, loaded before every module) puts gettext and
// ngettext on the window; when it did not load, the English words show.
//
// Modules import ``gettext`` and ``ngettext`` by those names (also exported as ``t`` and
// ``tn``): they are the names makemessages looks for, so every string is collected. Placeholders
// are named, as in Python: fmt(gettext("%(time)s left"), { time }).

export function t(message) {
  return typeof window.gettext === "function" ? window.gettext(message) : message;
}

export function tn(singular, plural, count) {
  if (typeof window.ngettext === "function") return window.ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

export function fmt(text, values) {
  return text.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export { t as gettext, tn as ngettext };
