// The API's answers, named once, as the browser receives them: JSON, so every time is an ISO
// string, never a Date. Each type is what a presenter beside this file returns, each route handler
// declares it as its return type, and components and their tests import it from here. A field
// renamed or dropped on the server is then a compile error in the screens that read it, rather than
// an undefined found in the browser. This module holds types only (no runtime import), so client
// code may import it without pulling in anything of the server.

// Documents: GET /api/documents (DocumentWithUse[]), GET /api/documents/{id} and
// POST /api/documents/upload (PublicDocument), GET /api/documents/usage, POST /api/documents/bulk-delete.
export type { BulkDeleteResult, DocumentUse, DocumentWithUse, PublicDocument, UploadUsage } from "./document";
