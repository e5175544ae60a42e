// The data layer's keys for a user's documents, apart from the hooks that read them: code that
// only refreshes these (the referral runner on every page) need not bring the hooks' translations.

export const DOCUMENTS_KEY = "/api/documents";
export const USAGE_KEY = "/api/documents/usage";
