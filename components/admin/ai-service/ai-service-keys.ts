// Where the AI-service screen reads its data (also the SWR keys); what those answer is in
// lib/server/present/api-types.ts.

export const AI_SERVICE_KEY = "/api/settings/ai-service";
export const auditKey = (page: number) => `/api/settings/ai-service/audit?page=${page}`;
