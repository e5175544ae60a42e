import "server-only";
import { LOCALES } from "@/lib/constants";
import { translator } from "@/lib/server/i18n";

// An owner who never named their assistant has the default one, which speaks each reader's
// language: "文件助理" to one reader, "Document Assistant" to another. So a default is stored as
// null, never as its words in the language of whoever happened to save it (a share made from the
// Chinese screen would otherwise greet English visitors as 文件助理), and it is put into words only
// when shown, in the reader's language (profileOf in lib/server/present/assistant.ts).

const defaults = (key: "defaultName" | "defaultRolePrompt") => new Set(LOCALES.map((locale) => translator(locale)(`assistant.${key}`)));

/**
 * What to store for a name and role prompt someone gave (either may be absent): the default's
 * words, in any of the product's languages, are stored as the default.
 */
export function toStored<T extends { name?: string; rolePrompt?: string }>(values: T): Omit<T, "name" | "rolePrompt"> & { name?: string | null; rolePrompt?: string | null } {
  const { name, rolePrompt, ...rest } = values;
  return {
    ...rest,
    ...(name === undefined ? {} : { name: defaults("defaultName").has(name.trim()) ? null : name }),
    ...(rolePrompt === undefined ? {} : { rolePrompt: defaults("defaultRolePrompt").has(rolePrompt.trim()) ? null : rolePrompt }),
  };
}
